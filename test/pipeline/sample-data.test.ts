// Sample data: the benchmark windows shipped with the package as an analysis's data, with no market access. The
// catalogue lists them; a sample analysis reads the window's first `window_bars` bars and scores its outcome at once
// with the bars after them; a window or asset that does not exist is refused before anything runs.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { InputError } from "../../src/common/input-error";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { readCsvFile } from "../../src/market/csv-source";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import { listSampleData } from "../../src/pipeline/sample-data";

let renderer: ChartRenderer;
let pipeline: Pipeline;
let fetches = 0;

beforeAll(() => {
  renderer = createChartRenderer();
  pipeline = createPipeline(
    {
      agent_llm_provider: "demo",
      graph_llm_provider: "demo",
      agent_llm_model: "demo",
      graph_llm_model: "demo",
      data_dir: mkdtempSync(path.join(tmpdir(), "sample-data-")),
    },
    {
      env: {},
      renderer,
      // No market: any fetch is a test failure waiting to be counted.
      fetch: () => {
        fetches += 1;
        return Promise.reject(new TypeError("fetch failed"));
      },
    },
  );
});

afterAll(async () => {
  await pipeline?.close();
  await renderer?.close();
});

describe("the sample data catalogue", () => {
  it("lists the eight shipped assets with their names and 100 windows each", async () => {
    const catalogue = await listSampleData();
    expect(catalogue.timeframe).toBe("4h");
    expect(catalogue.assets.map((asset) => asset.asset)).toEqual(["BTC", "CL", "DJI", "ES", "NQ", "QQQ", "SPX", "VIX"]);
    expect(catalogue.assets.every((asset) => asset.windows === 100)).toBe(true);
    expect(catalogue.assets.find((asset) => asset.asset === "BTC")?.name).toBe("Bitcoin");
    // Dates only when asked: a listing without them reads no window file.
    expect(catalogue.assets.some((asset) => "dates" in asset)).toBe(false);
  });

  it("gives each window's first and last bar when asked, as its file has them", async () => {
    const catalogue = await listSampleData({ dates: true });
    for (const asset of catalogue.assets) {
      expect(asset.dates?.map((range) => range.window)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    }
    const btc = catalogue.assets.find((asset) => asset.asset === "BTC")!;
    expect(btc.dates?.[0]).toEqual({
      window: 1,
      first: Date.parse("2023-08-23T00:00:00Z"),
      last: Date.parse("2023-09-08T12:00:00Z"),
    });
    for (const [asset, window] of [
      ["spx", 3],
      ["btc", 100],
    ] as const) {
      const bars = await readCsvFile(path.join(BENCHMARK_DIR, asset, `${asset.toUpperCase()}_4h_${window}.csv`));
      const entry = catalogue.assets.find((candidate) => candidate.asset === asset.toUpperCase())!;
      expect(entry.dates?.[window - 1]).toEqual({ window, first: bars[0]!.time, last: bars.at(-1)!.time });
    }
  });
});

describe("an analysis of a sample window", () => {
  it("reads the window's first 45 bars with no market access, and scores its outcome at once with the rest", async () => {
    const bars = await readCsvFile(path.join(BENCHMARK_DIR, "spx", "SPX_4h_7.csv"));
    const result = await pipeline.analyze({ sample: { asset: "spx", window: 7 }, timeframe: "4h" });
    expect(fetches).toBe(0);
    expect(result).toMatchObject({ asset: "SPX", symbol: "SPX", assetName: "S&P 500, sample window 7", barCount: 45 });
    expect(result.candles).toEqual(bars.slice(0, 45));
    const entry = bars[44]!;
    const outcome = (await pipeline.journal.get(result.id!))?.outcome;
    const moves = [1, 3].map((k) => bars[44 + k]!.close / entry.close - 1);
    expect(outcome?.map((horizon) => horizon.hit)).toEqual(
      moves.map((move) => (result.decision.decision === "LONG" ? move > 0 : move < 0)),
    );
    const [summary] = (await pipeline.journal.list()).analyses;
    expect(summary).toMatchObject({ id: result.id, outcomeStatus: "scored" });
  });

  it.each([
    [{ sample: { asset: "ETH", window: 1 }, timeframe: "4h" }, /^No sample data for ETH: choose one of BTC, CL, DJI/],
    [
      { sample: { asset: "BTC", window: 101 }, timeframe: "4h" },
      /^No sample window 101 for BTC: choose a window from 1 to 100/,
    ],
    [
      { sample: { asset: "BTC", window: 1 }, timeframe: "1h" },
      /sample windows are 4-hour bars: timeframe must be "4h"/,
    ],
    [{ sample: { asset: "B T C", window: 1 }, timeframe: "4h" }, /must be an asset code such as BTC/],
    [{ sample: { asset: "BTC", window: 1.5 }, timeframe: "4h" }, /must be a whole window number/],
    [{ sample: { asset: "BTC" }, timeframe: "4h" }, /window/],
  ])("refuses %j before anything runs", async (request, message) => {
    const events: string[] = [];
    const error = await pipeline
      .analyze(request as never, { onEvent: (event) => events.push(event.type) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    expect(events).toEqual([]);
  });
});
