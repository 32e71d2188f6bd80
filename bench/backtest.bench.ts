// The backtest's own cost, measured against baselines this bench runs itself:
//
// 1. Overhead per decision beyond the analyses. The same decision windows (45 bars each, every 3 bars of the first
//    bars of the longest continuous BTC series of the shipped benchmark) analysed two ways, one at a time, with both
//    models replaced by an in-process model that answers at once (bench/support/instant-analyst-model.ts), so model
//    time is zero and the pipeline's own work (charts, indicators, prompts) is what an analysis costs: (a) a bare loop
//    of pipeline.analyze over the windows; (b) runBacktest on the series with that pipeline (the decision cache on,
//    in a fresh folder, the baselines, the position engine, every line and the paired tests). The difference per
//    decision is the backtest's overhead; a rerun, with every decision cached, is shown too.
// 2. A 2,000-bar baselines-only backtest from a CSV file, against reading and parsing that CSV alone (median of N
//    runs each): the ratio is what the schedule, the five baselines, buy-and-hold, the engine and the figures add.
//
// Run: npm run bench:backtest [-- --decisions 30 --repeats 5 --runs 15]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

import { longestBenchmarkSeries } from "../scripts/join-benchmark-series";
import { runBacktest } from "../src/backtest/run-backtest";
import { decisionWindow } from "../src/backtest/walk-forward-schedule";
import { createChartRenderer } from "../src/charts/png-renderer";
import { readCsvFile } from "../src/market/csv-source";
import { candlesToCsv } from "../src/market/csv-text-writer";
import type { AnalysisResult } from "../src/pipeline/analysis-result";
import { createPipeline, Pipeline } from "../src/pipeline/pipeline";
import { syntheticCandles } from "../test/support/synthetic-candles";
import { numberArgument } from "./support/arguments";
import { InstantAnalystModel } from "./support/instant-analyst-model";
import { median, ms } from "./support/statistics";

const decisions = numberArgument("decisions", 30);
const runs = numberArgument("runs", 15);
const repeats = numberArgument("repeats", 5);
const WINDOW = 45;
const STEP = 3;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function overheadPerDecision(scratch: string): Promise<void> {
  const series = (await longestBenchmarkSeries("BTC")).candles.slice(0, WINDOW + STEP * decisions - 1);
  const bars = Array.from({ length: decisions }, (_, index) => WINDOW - 1 + STEP * index);
  const renderer = createChartRenderer();
  const pipeline = createPipeline(
    // A key the instant model never sends anywhere: the pipeline wants one before it builds the models it wraps.
    { api_key: "sk-bench-0000000000000000", data_dir: scratch, journal: false },
    { renderer, env: {}, wrapChatModel: (_model, role) => new InstantAnalystModel("openai", `instant-${role}`) },
  );
  try {
    // Warm Chromium and Plotly once, outside both measurements.
    await pipeline.analyze({ candles: decisionWindow(series, bars[0]!, WINDOW), timeframe: "4h", name: "BTC" });
    // Alternated, so a busy spell of the machine falls on both measurements alike; each backtest in a fresh cache.
    const bareMs: number[] = [];
    const backtestMs: number[] = [];
    let cacheDir = "";
    for (let round = 0; round < repeats; round++) {
      bareMs.push(
        (
          await timed(async () => {
            for (const bar of bars)
              await pipeline.analyze({ candles: decisionWindow(series, bar, WINDOW), timeframe: "4h", name: "BTC" });
          })
        ).ms / decisions,
      );
      cacheDir = path.join(scratch, `cache-${round}`);
      const backtest = await timed(() =>
        runBacktest({
          pipeline,
          series: { candles: series, timeframe: "4h", name: "BTC" },
          concurrency: 1,
          cacheDir,
        }),
      );
      if (backtest.value.decisions.length !== decisions) throw new Error("the backtest took other decisions");
      backtestMs.push(backtest.ms / decisions);
    }
    // The backtest's own work alone: the same run with a pipeline whose analyze() hands back a finished result at
    // once (the warm-up's), so nothing but the backtest's machinery and its decision cache (an atomic, fsynced file
    // per decision) is timed.
    const canned = await pipeline.analyze({ candles: decisionWindow(series, bars[0]!, WINDOW), timeframe: "4h" });
    class CannedPipeline extends Pipeline {
      override analyze(): Promise<AnalysisResult> {
        return Promise.resolve(canned);
      }
    }
    const cannedPipeline = new CannedPipeline(
      { api_key: "sk-bench-0000000000000000", data_dir: scratch, journal: false },
      { env: {} },
    );
    const machinery: number[] = [];
    for (let round = 0; round < repeats; round++) {
      const run = await timed(() =>
        runBacktest({
          pipeline: cannedPipeline,
          series: { candles: series, timeframe: "4h", name: "BTC" },
          concurrency: 1,
          cacheDir: path.join(scratch, `canned-${round}`),
        }),
      );
      machinery.push(run.ms / decisions);
    }
    await cannedPipeline.close();
    const rerun = await timed(() =>
      runBacktest({ pipeline, series: { candles: series, timeframe: "4h", name: "BTC" }, concurrency: 1, cacheDir }),
    );
    const perBare = median(bareMs);
    const perBacktest = median(backtestMs);
    console.log(
      `\n1. ${decisions} decisions, instant models, one at a time, median of ${repeats} rounds (load average ${loadAverage()})`,
    );
    console.log(
      `   bare pipeline.analyze loop:   ${ms(perBare)} a decision (rounds: ${bareMs.map((value) => value.toFixed(0)).join(", ")})`,
    );
    console.log(
      `   runBacktest, cache empty:     ${ms(perBacktest)} a decision (rounds: ${backtestMs.map((value) => value.toFixed(0)).join(", ")})`,
    );
    console.log(
      `   difference per decision:      ${ms(perBacktest - perBare)} (${(perBacktest / perBare).toFixed(3)}x; the analyses' own noise is larger)`,
    );
    const own = median(machinery);
    console.log(
      `   the backtest's own work (analyses answered at once): ${ms(own)} a decision, ${((own / perBare) * 100).toFixed(1)}% of an analysis (rounds: ${machinery.map((value) => value.toFixed(1)).join(", ")})`,
    );
    console.log(
      `   runBacktest, every decision cached: ${ms(rerun.ms)} in all (${ms(rerun.ms / decisions)} a decision)`,
    );
  } finally {
    await pipeline.close();
    await renderer.close();
  }
}

async function baselinesAgainstCsv(scratch: string): Promise<void> {
  const file = path.join(scratch, "synthetic-2000.csv");
  writeFileSync(file, candlesToCsv(syntheticCandles({ count: 2000, seed: 11 })));
  const options = {
    series: { file, timeframe: "4h" as const },
    includeModel: false,
    config: { data_dir: scratch, journal: false },
  };
  await readCsvFile(file, { order: "ascending" });
  await runBacktest(options); // warm both paths once
  const csv: number[] = [];
  const backtest: number[] = [];
  for (let run = 0; run < runs; run++) {
    csv.push((await timed(() => readCsvFile(file, { order: "ascending" }))).ms);
    backtest.push((await timed(() => runBacktest(options))).ms);
  }
  const result = await runBacktest(options);
  console.log(
    `\n2. 2,000-bar baselines-only backtest (${result.decisions.length} decisions, 6 lines), median of ${runs}`,
  );
  console.log(`   reading the CSV alone:        ${ms(median(csv))}`);
  console.log(`   runBacktest from the CSV:     ${ms(median(backtest))}`);
  console.log(`   ratio:                        ${(median(backtest) / median(csv)).toFixed(2)}x`);
}

function loadAverage(): string {
  return loadavg()[0]!.toFixed(1);
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-backtest-"));
  try {
    await overheadPerDecision(scratch);
    await baselinesAgainstCsv(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
