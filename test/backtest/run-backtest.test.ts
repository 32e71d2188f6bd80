// runBacktest without the model's analyses: the series forms (CSV text and file, candles, a symbol fetched through the
// pipeline's market data), bad input refused with a clear error before any model call, the cost limit, and the run
// recorded in the journal. A local fake provider answers, so "before any model call" is counted, not assumed.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type BacktestOptions, runBacktest } from "../../src/backtest/index";
import { openJournal } from "../../src/journal/open-journal";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { definePlugin } from "../../src/plugins/define-plugin";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { useFakeProvider } from "../support/use-fake-provider";

const key = fakeKey("sk-backtest-", 24);
let server: FakeProviderServer;
useFakeProvider({ validKeys: [key] }, (started) => (server = started));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "run-backtest-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const candles = candlesFromCloses(wavyCloses(100, 3));

function options(extra: Partial<BacktestOptions> = {}): BacktestOptions {
  return {
    series: { candles, timeframe: "4h", name: "Wavy" },
    config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: scratch, journal: false },
    cacheDir: path.join(scratch, "cache"),
    dependencies: { env: {} },
    ...extra,
  };
}

describe("runBacktest, baselines only", () => {
  it("decides every horizon from bar window_bars on, and draws buy-and-hold and the five baselines", async () => {
    const result = await runBacktest(options({ includeModel: false }));
    // 100 bars, window 45, step 3: decisions at bars 44, 47, ..., 98 (the last with a bar after it).
    expect(result.decisions.map((decision) => decision.bar)).toEqual(
      Array.from({ length: 19 }, (_, index) => 44 + 3 * index),
    );
    expect(result.lines.map((line) => line.name)).toEqual([
      "buy_and_hold",
      "always_long",
      "always_short",
      "random",
      "momentum",
      "linear_regression",
    ]);
    expect(result.settings).toMatchObject({ windowBars: 45, horizon: 3, step: 3, costBps: 5, models: null });
    expect(result.settings.barsPerYear).toBeCloseTo(2191.5, 9);
    expect(result.estimate).toBeNull();
    expect(server.requestCount()).toBe(0);
  });

  it("reads the same series from CSV text, from a file, and from candles, with the same figures", async () => {
    const file = path.join(scratch, "wavy.csv");
    await writeFile(file, candlesToCsv(candles));
    const runs = await Promise.all(
      [
        { candles, timeframe: "4h" as const },
        { csv: candlesToCsv(candles), timeframe: "4h" as const },
        { file, timeframe: "4h" as const },
      ].map((series) => runBacktest(options({ includeModel: false, series }))),
    );
    const figures = runs.map((run) => run.lines.map(({ name, totalReturn, sharpe }) => [name, totalReturn, sharpe]));
    expect(figures[1]).toEqual(figures[0]);
    expect(figures[2]).toEqual(figures[0]);
    expect(runs[2]!.settings.series.name).toBe("wavy.csv");
  });

  it("fetches a symbol's series through the pipeline's market data", async () => {
    const yahoo = fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" });
    const result = await runBacktest(
      options({
        includeModel: false,
        series: { symbol: "BTC-USD", timeframe: "4h", start: "2024-03-01", end: "2024-03-31" },
        dependencies: { env: {}, fetch: yahoo.fetch },
      }),
    );
    expect(result.settings.series).toMatchObject({ name: "BTC-USD", timeframe: "4h" });
    expect(result.settings.series.bars).toBeGreaterThan(150); // 30 days of six 4h bars
    expect(yahoo.requests.length).toBeGreaterThan(0);
  });

  it("takes a symbol's series from a plugin's data source before Yahoo", async () => {
    const asked: { symbol: string; timeframe: string }[] = [];
    const source = definePlugin({
      name: "house-data",
      version: "1.0.0",
      dataSources: [
        {
          name: "house",
          matches: (symbol: string) => symbol === "HOUSE",
          fetchCandles: async ({ symbol, timeframe }: { symbol: string; timeframe: string }) => {
            asked.push({ symbol, timeframe });
            return candles;
          },
        },
      ],
    });
    const result = await runBacktest(
      options({
        includeModel: false,
        series: { symbol: "HOUSE", timeframe: "4h", start: "2024-01-01", end: "2024-01-20" },
        plugins: [source],
      }),
    );
    expect(asked).toEqual([{ symbol: "HOUSE", timeframe: "4h" }]);
    expect(result.settings.series).toMatchObject({ name: "HOUSE", bars: candles.length });
  });
});

describe("bad input is refused before any model call", () => {
  const refused = async (extra: Partial<BacktestOptions>, message: RegExp) => {
    await expect(runBacktest(options(extra))).rejects.toMatchObject({
      kind: "input",
      message: expect.stringMatching(message),
    });
    expect(server.requestCount()).toBe(0);
  };

  it("a series too short for one decision", async () => {
    await refused(
      { series: { candles: candles.slice(0, 45), timeframe: "4h" } },
      /45 bars: a backtest needs at least 46 \(a window of 45 bars for the first decision and one bar after it\)/,
    );
  });

  it("bars out of time order, or a time twice, in candles and in CSV", async () => {
    const swapped = [...candles];
    [swapped[10], swapped[11]] = [swapped[11]!, swapped[10]!];
    await refused(
      { series: { candles: swapped, timeframe: "4h" } },
      /not in time order: bar 12 .* comes before bar 11/,
    );
    const repeated = [...candles.slice(0, 20), candles[19]!, ...candles.slice(20)];
    await refused({ series: { candles: repeated, timeframe: "4h" } }, /bar 21 .* repeats the time of bar 20/);
    await refused(
      { series: { csv: candlesToCsv(swapped), timeframe: "4h" } },
      /line 13, column "Datetime": time .* comes before line 12's .*: put the rows in time order/,
    );
    await refused({ series: { csv: candlesToCsv(repeated), timeframe: "4h" } }, /repeats line 21/);
  });

  it("a step of zero, a negative or absurd cost, no series", async () => {
    await refused({ step: 0 }, /^Invalid backtest options: step: must be at least 1 bar/);
    await refused({ step: 1.5 }, /step: must be a whole number of bars/);
    await refused({ costBps: -1 }, /costBps.*0 or more basis points/);
    await refused({ costBps: 5000 }, /costBps.*at most 1000 basis points/);
    await refused({ series: undefined }, /series/);
    await refused({ series: { csv: "x", candles, timeframe: "4h" } }, /give one of csv, file, candles, asset, symbol/);
  });

  it("bars that are not spaced as the timeframe says, when the model would read them", async () => {
    await refused({ series: { candles, timeframe: "1h" } }, /mostly 4 hours apart, but 1h bars are 1 hour apart/);
  });

  it("a run with a cost limit whose models have no list price (the fake's address is not OpenAI's), after saying what it would ask", async () => {
    const estimates: unknown[] = [];
    await refused(
      { maxCostUsd: 0.05, onEstimate: (estimate) => estimates.push(estimate) },
      /Not started: a cost limit of \$0\.05 was set, but gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1 has no list price, so the cost of 19 analyses cannot be estimated/,
    );
    expect(estimates).toMatchObject([{ decisions: 19, cached: 0, toAnalyse: 19, calls: 76, costUsd: null }]);
  });
});

describe("the journal", () => {
  it("records a run of kind backtest with one point per decision and its lines for the History's chart", async () => {
    const dataDir = path.join(scratch, "journal");
    const result = await runBacktest(
      options({ includeModel: false, config: { data_dir: dataDir, journal: true }, costBps: 7 }),
    );
    expect(result.journalRunId).toBeDefined();
    const journal = await openJournal({ dataDir });
    try {
      const { runs } = await journal.listEvaluationRuns({ kind: "backtest" });
      expect(runs).toMatchObject([{ id: result.journalRunId, kind: "backtest", pointCount: 19, models: null }]);
      expect((await journal.listEvaluationRuns({ kind: "evaluation" })).runs).toEqual([]);
      const stored = await journal.getEvaluationRun(result.journalRunId!);
      const report = stored!.report as { settings: { cost_bps: number }; lines: { name: string; equity: unknown[] }[] };
      expect(report.settings.cost_bps).toBe(7);
      expect(report.settings).not.toHaveProperty("cache_dir"); // a local path, not for the journal's readers
      expect(report.lines.map((line) => line.name)).toEqual(result.lines.map((line) => line.name));
      expect(report.lines[0]!.equity).toEqual(result.lines[0]!.equity);
      // Backtest points stay out of the benchmark leaderboard.
      expect((await journal.leaderboard({ groupBy: "model" })).groups).toEqual([]);
    } finally {
      await journal.close();
    }
  });
});
