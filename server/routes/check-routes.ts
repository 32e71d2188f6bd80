// POST /api/check-setup: the Settings panel's Check, what `quantagent doctor` runs (src/models/check-setup.ts) with
// the server's configuration as it stands (keys, base URLs and models set in Settings apply at once): Node, the data
// folder, Chromium, Yahoo Finance, then each model role's capabilities, one small request each. It spends tokens, so
// it waits for a slot under the same limit as analyses and key checks (429 when full); every text of the answer
// passes the server's redactor, so no key can leave in a provider's words.
import type Router from "@koa/router";
import { z } from "zod";

import { createChartRenderer } from "../../src/charts/png-renderer";
import { checkSetup } from "../../src/models/check-setup";
import { type checkSetupAnswerSchema, wireCheckReport } from "../../src/wire/index";
import { PAID_WORK, withSlot } from "../admission";
import type { RouteSettings } from "../app-dependencies";
import { abortOnDisconnect } from "../client-disconnect";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

export const checkSetupBodySchema = z.strictObject({
  market_data: z.enum(["yahoo", "local"], { error: 'must be "yahoo" or "local"' }).optional().meta({
    description:
      "local: analyses read CSV files and Sample data only, so Yahoo Finance is not asked; default yahoo (local on the demo provider)",
  }),
});

export function createCheckRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.post(
    "/check-setup",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", checkSetupBodySchema, (context, input) =>
      withSlot(settings.analyses, PAID_WORK, async () => {
        const connection = abortOnDisconnect(context);
        try {
          const report = await checkSetup({
            config: pipeline.config,
            modelFor: (role) => pipeline.model(role),
            startChromium: async (signal) => {
              // A browser of its own, started as the first chart starts one, and closed: the check leaves nothing.
              const renderer = createChartRenderer();
              try {
                await renderer.start(signal === undefined ? {} : { signal });
              } finally {
                await renderer.close();
              }
            },
            // Through the server's own data source, as an analysis's bars come.
            marketBars: async ({ symbol, start, end, signal }) => {
              const loaded = await pipeline.fetchCandles(
                { asset: symbol, timeframe: "1d", start, end },
                signal === undefined ? {} : { signal },
              );
              return { ticker: loaded.symbol, bars: loaded.candles.length };
            },
            ...(input.market_data === undefined ? {} : { marketData: input.market_data }),
            signal: connection.signal,
          });
          context.body = settings.redactor.redactValue(wireCheckReport(report)) satisfies z.infer<
            typeof checkSetupAnswerSchema
          >;
        } finally {
          connection.dispose();
        }
      }),
    ),
  );

  return router;
}
