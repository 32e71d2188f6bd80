// GET /api/sample-data: the windows of the benchmark shipped with the package that an analysis can use with no market
// access (POST /api/analyze with {sample: {asset, window}, timeframe: "4h"}), each window with its first and last
// bar's time. The files never change while the server runs, so the listing is read once, on first request.
import type Router from "@koa/router";
import { z } from "zod";

import { listSampleData, type SampleDataCatalogue } from "../../src/index";
import type { sampleDataAnswerSchema } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { apiRouter } from "./api-router";

export function createSampleDataRouter(settings: RouteSettings): Router {
  const router = apiRouter();
  let catalogue: Promise<SampleDataCatalogue> | undefined;
  router.get("/sample-data", async (context) => {
    catalogue ??= listSampleData({ dates: true });
    catalogue.catch(() => (catalogue = undefined)); // a folder that could not be read is read again next time
    const { timeframe, assets } = await catalogue;
    context.body = {
      timeframe,
      window_bars: settings.pipeline.config.window_bars,
      assets: assets.map(({ asset, name, windows, dates = [] }) => ({
        asset,
        name,
        windows,
        dates: dates.map(({ window, first, last }) => ({
          window,
          first: new Date(first).toISOString(),
          last: new Date(last).toISOString(),
        })),
      })),
    } satisfies z.infer<typeof sampleDataAnswerSchema>;
  });
  return router;
}
