// GET /api/sample-data on its own (route-harness.ts): the listing of the shipped benchmark windows with their dates and
// the bars an analysis sees, read once and kept, and read again after a failure instead of answering that failure for ever. The
// library's listing is wrapped here to count its reads and to fail once on demand.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createSampleDataRouter } from "../../../server/routes/sample-data-routes";
import * as library from "../../../src/index";
import { getJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

const listing = vi.hoisted(() => ({ reads: 0, failNext: false }));

vi.mock("../../../src/index", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../src/index")>();
  return {
    ...original,
    listSampleData: (options?: Parameters<typeof original.listSampleData>[0]) => {
      listing.reads += 1;
      if (listing.failNext) {
        listing.failNext = false;
        return Promise.reject(new Error("the sample folder could not be read"));
      }
      return original.listSampleData(options);
    },
  };
});

beforeEach(() => {
  listing.reads = 0;
  listing.failNext = false;
});
afterEach(() => vi.restoreAllMocks());

const pipeline = { config: { window_bars: 45 } } as unknown as library.Pipeline;

describe("GET /api/sample-data", () => {
  it("answers the shipped windows with their dates and the bars an analysis sees, read once", async () => {
    const expected = await library.listSampleData();
    listing.reads = 0;
    await withRouter(createSampleDataRouter(routeSettings(pipeline)), async (served) => {
      const first = await getJson(served, "/api/sample-data");
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        timeframe: "4h",
        window_bars: 45,
        assets: expected.assets.map((asset) => expect.objectContaining(asset)),
      });
      expect(first.body.assets.length).toBeGreaterThan(0);
      // Each window's first and last bar as ISO 8601 times in UTC, in window order.
      const btc = first.body.assets.find((asset: { asset: string }) => asset.asset === "BTC");
      expect(btc.dates).toHaveLength(btc.windows);
      expect(btc.dates[0]).toEqual({ window: 1, first: "2023-08-23T00:00:00.000Z", last: "2023-09-08T12:00:00.000Z" });
      expect(btc.dates[99]).toEqual({
        window: 100,
        first: "2025-05-30T00:00:00.000Z",
        last: "2025-06-15T12:00:00.000Z",
      });
      const second = await getJson(served, "/api/sample-data");
      expect(second.body).toEqual(first.body);
      expect(listing.reads).toBe(1);
    });
  });

  it("reads the folder again after a failure", async () => {
    listing.failNext = true;
    await withRouter(createSampleDataRouter(routeSettings(pipeline)), async (served) => {
      const failed = await getJson(served, "/api/sample-data");
      expect(failed.status).toBe(500);
      const next = await getJson(served, "/api/sample-data");
      expect(next.status).toBe(200);
      expect(next.body.timeframe).toBe("4h");
      expect(listing.reads).toBe(2);
    });
  });
});
