// GET /api/page-config: every rule the page follows comes from the library's own constants (the same values the
// server enforces), and /output (the results page older clients open) is served as the page's output.html.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chartColors, PATTERN_CHART_BAR_COUNT } from "../../src/charts/index";
import { pipelineSteps, providerIds, timeframeTable } from "../../src/index";
import { symbolSchema } from "../../src/market/index";
import { MAX_CSV_CHARACTERS } from "../../src/pipeline/analyze-request";
import { MIN_ANALYSIS_BARS } from "../../src/pipeline/load-candles";
import { wireTimeframeLimit } from "../../src/wire/index";
import { testAccessToken } from "../support/access-token";
import { getJson, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let guarded: TestServer;
const token = testAccessToken("page-config");

beforeAll(async () => {
  server = await startTestServer();
  guarded = await startTestServer({ app: { accessToken: token } });
});

afterAll(async () => {
  await server?.close();
  await guarded?.close();
});

describe("GET /api/page-config", () => {
  it("serves the library's providers, bar counts, CSV limit, steps, timeframes and palette", async () => {
    const { status, body } = await getJson(server, "/api/page-config");
    expect(status).toBe(200);
    expect(body.providers.map((provider: { id: string }) => provider.id)).toEqual([...providerIds]);
    expect(body.providers[1]).toEqual({
      id: "anthropic",
      name: "Anthropic",
      key_env_var: "ANTHROPIC_API_KEY",
      default_agent_model: "claude-haiku-4-5-20251001",
      default_graph_model: "claude-haiku-4-5-20251001",
    });
    expect(body.bars).toEqual({ minimum: MIN_ANALYSIS_BARS, pattern_chart: PATTERN_CHART_BAR_COUNT });
    expect(body.csv).toEqual({ max_characters: MAX_CSV_CHARACTERS });
    expect(body.steps.map((step: { id: string }) => step.id)).toEqual([...pipelineSteps]);
    expect(
      body.steps.every((step: { label: string; detail: string }) => step.label.length > 0 && step.detail.length > 0),
    ).toBe(true);
    expect(body.decisions).toEqual(["LONG", "SHORT"]);
    expect(body.timeframes).toEqual(timeframeTable().map(wireTimeframeLimit));
    expect(body.chart_palette).toEqual({
      up_candle: chartColors.upCandle,
      down_candle: chartColors.downCandle,
      close_support: chartColors.closeSupport,
      close_resistance: chartColors.closeResistance,
      low_support: chartColors.lowSupport,
      high_resistance: chartColors.highResistance,
    });
  });

  it("labels every indicator value of the result with the periods the library computes it at", async () => {
    const { body } = await getJson(server, "/api/page-config");
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
    expect(body.steps.find((step: { id: string }) => step.id === "indicator").detail).toBe(
      "RSI, MACD, Stochastic, ROC, Williams %R",
    );
  });

  it("gives the symbol rule as a pattern that accepts and refuses what the server's own schema does", async () => {
    const { body } = await getJson(server, "/api/page-config");
    const pattern = new RegExp(body.symbol.pattern);
    expect(body.symbol.max_length).toBe(32);
    for (const symbol of [
      "ETH-USD",
      "^FTSE",
      "7203.T",
      "NQ=F",
      "A_B",
      "x".repeat(32),
      "x".repeat(33),
      "bad/symbol",
      "a b",
      "",
      "é",
    ]) {
      expect(pattern.test(symbol), symbol).toBe(symbolSchema.safeParse(symbol).success);
    }
  });

  it("needs the access token like every other /api call", async () => {
    expect((await getJson(guarded, "/api/page-config")).status).toBe(401);
    expect((await getJson(guarded, "/api/page-config", { Authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

describe("GET /output", () => {
  it("answers with the output page whatever the query string, saying whether this server signed the link", async () => {
    const response = await fetch(
      `${server.url}/output?results=${encodeURIComponent(JSON.stringify({ asset_name: "BTC" }))}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    // Not cached: the page says whose link it shows (routes/output-routes.ts).
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<script type="module" src="/output.js"></script>');
    expect(html).toContain('<body data-link="unsigned">');
    expect(html).toBe(await (await fetch(`${server.url}/output.html`)).text());
  });

  it("needs no token: an older client's redirect cannot send one, and the page holds no data", async () => {
    expect((await fetch(`${guarded.url}/output`)).status).toBe(200);
    expect((await fetch(`${guarded.url}/output.js`)).status).toBe(200);
  });

  it("is read-only, and has one spelling", async () => {
    expect((await fetch(`${server.url}/output`, { method: "DELETE" })).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${server.url}/output/`)).status).toBe(404);
    expect((await fetch(`${guarded.url}/output/x`)).status).toBe(401); // not a file of the page: behind the token
  });
});
