// GET /api/page-config on its own (route-harness.ts), its router built inside the test (the configuration is built
// with it): the texts the page shows for each step and indicator, with the periods the library computes at, the
// palette and providers from the library's tables, the answer exactly as its documented schema describes it, and
// /output among the page's static files. The whole app's answer against the library's constants is in
// ../page-config.test.ts.
import path from "node:path";

import { describe, expect, it } from "vitest";

import { createPageConfigRouter, legacyOutputFiles } from "../../../server/routes/page-config-routes";
import { chartColors } from "../../../src/charts/index";
import { providerInfo } from "../../../src/config/index";
import { providerIds } from "../../../src/index";
import { SYMBOL_PATTERN } from "../../../src/market/index";
import { pageConfigSchema } from "../../../src/wire/index";
import { getJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

describe("GET /api/page-config", () => {
  it("names each step and indicator as the page shows them", async () => {
    await withRouter(createPageConfigRouter(routeSettings({})), async (served) => {
      const { status, body } = await getJson(served, "/api/page-config");
      expect(status).toBe(200);
      expect(body.steps).toEqual([
        { id: "data", label: "Market data", detail: "candles for the window" },
        { id: "charts", label: "Drawing charts", detail: "the pattern and trend charts, in Chromium" },
        { id: "indicator", label: "Indicator agent", detail: "RSI, MACD, Stochastic, ROC, Williams %R" },
        { id: "pattern", label: "Pattern agent", detail: "reads the candlestick chart of the last 40 bars" },
        { id: "trend", label: "Trend agent", detail: "reads support and resistance lines" },
        { id: "decision", label: "Decision agent", detail: "LONG or SHORT" },
      ]);
      expect(body.indicators).toEqual([
        { key: "rsi", label: "RSI (14)" },
        { key: "macd", label: "MACD (12, 26, 9)" },
        { key: "macd_signal", label: "MACD signal (9)" },
        { key: "macd_histogram", label: "MACD histogram" },
        { key: "stochastic_k", label: "Stochastic %K (14, 3)" },
        { key: "stochastic_d", label: "Stochastic %D (3)" },
        { key: "roc", label: "ROC (10)" },
        { key: "williams_r", label: "Williams %R (14)" },
      ]);
      expect(body.decisions).toEqual(["LONG", "SHORT"]);
      expect(body.stages).toMatchObject({ max_lessons: 10, max_rounds: 5 });
      expect(Object.keys(body.stages.steps)).toEqual(["memory", "bull", "bear", "risk", "reflection"]);
    });
  });

  it("takes the providers, the symbol rule and the palette from the library's tables", async () => {
    await withRouter(createPageConfigRouter(routeSettings({})), async (served) => {
      const { body } = await getJson(served, "/api/page-config");
      expect(body.providers).toEqual(
        providerIds.map((id) => {
          const info = providerInfo(id);
          return {
            id,
            name: info.displayName,
            key_env_var: info.keyEnvVar ?? null,
            default_agent_model: info.defaultAgentModel,
            default_graph_model: info.defaultGraphModel,
          };
        }),
      );
      expect(body.providers.find((provider: { id: string }) => provider.id === "demo").key_env_var).toBeNull();
      expect(body.symbol).toEqual({ pattern: SYMBOL_PATTERN.source, max_length: 32 });
      expect(body.chart_palette).toEqual({
        up_candle: chartColors.upCandle,
        down_candle: chartColors.downCandle,
        close_support: chartColors.closeSupport,
        close_resistance: chartColors.closeResistance,
        low_support: chartColors.lowSupport,
        high_resistance: chartColors.highResistance,
      });
    });
  });

  it("answers exactly what its documented schema describes, each optional stage's step named", async () => {
    await withRouter(createPageConfigRouter(routeSettings({})), async (served) => {
      const { body } = await getJson(served, "/api/page-config");
      // The OpenAPI document is generated from the schema: parsing keeps only what it documents, and refuses a
      // stage step it does not name or one missing a label.
      expect(pageConfigSchema.parse(body)).toEqual(body);
      expect(body.stages.steps.risk).toEqual({ label: expect.any(String), detail: expect.any(String) });
    });
  });
});

describe("legacyOutputFiles", () => {
  it("maps /output to the page's output.html, revalidated on every visit", () => {
    expect(legacyOutputFiles("/srv/public")).toEqual({
      "/output": { file: path.join("/srv/public", "output.html"), maxAgeSeconds: 0 },
    });
  });
});
