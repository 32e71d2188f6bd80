// Chart rendering benchmark: cold start, warm latency per chart kind (median, p95), concurrent throughput per pool
// size, and peak memory of this Node process plus the Chromium process tree (read from /proc).
//
// Run: npm run bench:charts [-- --renders 50 --concurrency 4]
// Figures go to stdout; bench/README.md ("Chart rendering") records a run.
import os from "node:os";

import type { PlotlyFigure } from "../src/charts/figure-types";
import { buildPatternFigure } from "../src/charts/pattern-figure";
import { type ChartRenderer, createChartRenderer } from "../src/charts/png-renderer";
import { readPngSize } from "../src/charts/png-size";
import { buildTrendFigure } from "../src/charts/trend-figure";
import type { Candle } from "../src/market/candle";
import { benchmarkSamples, readBenchmarkCandles } from "../test/support/benchmark";
import { numberArgument } from "./support/arguments";
import { memoryOf, mib, processTree } from "./support/process-memory";
import { ms, percentile } from "./support/statistics";

const renderCount = numberArgument("renders", 50);
const concurrency = numberArgument("concurrency", 4);

function windows(): Candle[][] {
  return benchmarkSamples.map((file) => readBenchmarkCandles(file).slice(-45));
}

// ---- memory sampling: this process, and Chromium's process tree from /proc ----
interface MemoryPeak {
  nodeRss: number;
  browserRss: number;
  browserPss: number;
  totalRss: number;
}
const emptyPeak = (): MemoryPeak => ({ nodeRss: 0, browserRss: 0, browserPss: 0, totalRss: 0 });
/** Peaks over the whole run, and over the current phase (reset by startPhase). */
const peak = emptyPeak();
let phasePeak = emptyPeak();

function startPhase(): void {
  phasePeak = emptyPeak();
}

function describePeak(memory: MemoryPeak): string {
  return (
    `node RSS ${mib(memory.nodeRss)}, Chromium tree RSS sum ${mib(memory.browserRss)} ` +
    `(PSS ${mib(memory.browserPss)}), node + Chromium RSS ${mib(memory.totalRss)}`
  );
}

function sampleMemory(renderers: ChartRenderer[]): void {
  const nodeRss = process.memoryUsage().rss;
  let browserRss = 0;
  let browserPss = 0;
  for (const renderer of renderers) {
    const pid = renderer.status().browserPid;
    if (pid === null) continue;
    for (const member of processTree(pid)) {
      const memory = memoryOf(member);
      browserRss += memory.rss;
      browserPss += memory.pss;
    }
  }
  for (const target of [peak, phasePeak]) {
    target.nodeRss = Math.max(target.nodeRss, nodeRss);
    target.browserRss = Math.max(target.browserRss, browserRss);
    target.browserPss = Math.max(target.browserPss, browserPss);
    target.totalRss = Math.max(target.totalRss, nodeRss + browserRss);
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; elapsed: number }> {
  const start = performance.now();
  const result = await work();
  return { result, elapsed: performance.now() - start };
}

async function main(): Promise<void> {
  // The machine may be shared: print the load so a reader can tell a contended run from a quiet one.
  console.log(
    `load average (1, 5, 15 min): ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}; ${os.cpus().length} cores`,
  );
  const candleWindows = windows();
  const patternFigures = candleWindows.map((candles) =>
    buildPatternFigure(candles, { assetName: "Bench", timeframe: "4h" }),
  );
  const trendFigures = candleWindows.map((candles) =>
    buildTrendFigure(candles, { assetName: "Bench", timeframe: "4h" }),
  );
  const live: ChartRenderer[] = [];
  // Sampling walks /proc, which costs CPU the renders compete for on a 2-core machine (about 2 ms on the warm median
  // and 15 ms on its p95 when it runs during renders). So the one-at-a-time latencies are sampled between renders,
  // every 10th; the concurrent phases, where peak memory is the question, sample every 200 ms.

  // Cold start: launch, load Plotly, first chart.
  startPhase();
  const renderer = createChartRenderer();
  live.push(renderer);
  const cold = await timed(() => renderer.render(patternFigures[0]!));
  const size = readPngSize(cold.result);
  console.log(
    `cold start (launch + Plotly + first chart): ${ms(cold.elapsed)}, PNG ${size.width}x${size.height}, ${cold.result.length} bytes`,
  );

  // Warm, one at a time.
  for (let index = 0; index < 5; index += 1) await renderer.render(trendFigures[0]!);
  const warm: Record<"pattern" | "trend", number[]> = { pattern: [], trend: [] };
  const figureBuild: Record<"pattern" | "trend", number[]> = { pattern: [], trend: [] };
  for (let index = 0; index < renderCount; index += 1) {
    const candles = candleWindows[index % candleWindows.length]!;
    for (const kind of ["pattern", "trend"] as const) {
      const buildStart = performance.now();
      const figure: PlotlyFigure = kind === "pattern" ? buildPatternFigure(candles) : buildTrendFigure(candles);
      figureBuild[kind].push(performance.now() - buildStart);
      warm[kind].push((await timed(() => renderer.render(figure))).elapsed);
    }
    if (index % 10 === 0) sampleMemory(live);
  }
  for (const kind of ["pattern", "trend"] as const) {
    console.log(
      `warm ${kind} chart (${renderCount} renders): median ${ms(percentile(warm[kind], 0.5))}, ` +
        `p95 ${ms(percentile(warm[kind], 0.95))}, min ${ms(Math.min(...warm[kind]))}; ` +
        `figure build median ${ms(percentile(figureBuild[kind], 0.5))}`,
    );
  }
  sampleMemory(live);
  console.log(`peak memory, one warm page: ${describePeak(phasePeak)}`);
  await renderer.close();
  live.length = 0;

  // Concurrent throughput per pool size, pools warmed to full size first.
  const sampler = setInterval(() => sampleMemory(live), 200);
  const total = renderCount * 2;
  for (const maxPages of [1, 2, 3]) {
    startPhase();
    const pool = createChartRenderer({ maxPages });
    live.push(pool);
    while (pool.status().pageCount < maxPages) {
      await Promise.all(Array.from({ length: maxPages + 1 }, () => pool.render(patternFigures[0]!)));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const figures = Array.from(
      { length: total },
      (_, index) => (index % 2 ? trendFigures : patternFigures)[index % candleWindows.length],
    );
    let next = 0;
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < figures.length) {
          const figure = figures[next++]!;
          latencies.push((await timed(() => pool.render(figure))).elapsed);
        }
      }),
    );
    const elapsed = performance.now() - start;
    console.log(
      `concurrency ${concurrency}, ${maxPages} page(s): ${(total / (elapsed / 1000)).toFixed(1)} charts/s ` +
        `(${total} charts in ${ms(elapsed)}), latency median ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}`,
    );
    sampleMemory(live);
    console.log(`  peak memory: ${describePeak(phasePeak)}`);
    await pool.close();
    live.length = 0;
  }

  clearInterval(sampler);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`,
  );
  console.log(`peak memory, whole run: ${describePeak(peak)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
