// Load benchmark (issue 6):
// 1. 8 concurrent analyses against the fake provider with a fixed latency per call: all succeed, wall time next to
//    one analysis alone, peak memory of this process plus its Chromium;
// 2. a soak of N analyses in a row (default 1000; fake provider without latency, data already in memory): heap,
//    RSS, open handles and Chromium pages every 100 analyses, against stated bounds.
//
// Run: npm run bench:load [-- --soak 1000 --latency 300]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createChartRenderer } from "../src/charts/png-renderer";
import { createPipeline } from "../src/pipeline/pipeline";
import { defaultFakeHandler, fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { syntheticCandles } from "../test/support/synthetic-candles";
import { numberArgument } from "./support/arguments";
import { mib, processTree, residentBytes, sampleMemory, treeResidentBytes } from "./support/process-memory";
import { ms } from "./support/statistics";

const latencyMs = numberArgument("latency", 300);
const soakCount = numberArgument("soak", 1000);
const concurrency = 8;

// Bounds the soak must stay within (stated in bench/README.md): after the first 100 analyses warm everything up,
// the heap after a full GC may not grow by more than this, and open handles may not grow at all beyond jitter.
const HEAP_GROWTH_BOUND = 16 * 1024 * 1024;
const HANDLE_GROWTH_BOUND = 3;

const gc = (globalThis as { gc?: () => void }).gc;

async function main() {
  const server = await startFakeProviderServer();
  const renderer = createChartRenderer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const pipeline = createPipeline(
    { api_key: "sk-bench-0000000000000000", openai_base_url: server.openaiBaseUrl, data_dir: dataDir },
    { env: {}, renderer },
  );
  const windows = Array.from({ length: 16 }, (_, seed) => syntheticCandles({ count: 60, seed }));
  const analyze = (index: number) => pipeline.analyze({ candles: windows[index % windows.length]!, timeframe: "4h" });

  // 1. Concurrency
  server.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
  await analyze(0); // launch Chromium, warm the pages
  let started = performance.now();
  await analyze(1);
  const alone = performance.now() - started;
  const sampler = sampleMemory(() => renderer.status().browserPid);
  started = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, (_, index) => analyze(index)));
  const together = performance.now() - started;
  const peaks = sampler.stop();
  const succeeded = outcomes.filter((outcome) => outcome.status === "fulfilled").length;
  console.log(`Concurrent analyses, fake provider with ${latencyMs} ms per call:`);
  console.log(
    `  one alone: ${ms(alone)}; ${concurrency} at once: ${ms(together)} (${(together / alone).toFixed(2)}x one), ${succeeded}/${concurrency} succeeded`,
  );
  console.log(
    `  peak memory (PSS): node ${mib(peaks.nodeRss)} + Chromium ${mib(peaks.browserRss)} = ${mib(peaks.total)}`,
  );

  // 2. Soak
  server.setHandler(defaultFakeHandler);
  const checkpoint = () => {
    gc?.();
    const browserPid = renderer.status().browserPid;
    return {
      heap: process.memoryUsage().heapUsed,
      rss: residentBytes(process.pid),
      browser: treeResidentBytes(browserPid),
      browserProcesses: browserPid === null ? 0 : processTree(browserPid).length,
      handles: process.getActiveResourcesInfo().filter((kind) => kind !== "Timeout").length,
      pages: renderer.status().pageCount,
    };
  };
  console.log(
    `\nSoak: ${soakCount} analyses in a row (fake provider, no latency)${gc ? "" : " [run with --expose-gc for exact heap figures]"}`,
  );
  console.log(
    "  analyses | heap after GC | node PSS | Chromium PSS (processes) | handles | warm pages | ms per analysis",
  );
  let baseline: ReturnType<typeof checkpoint> | undefined;
  let failures = 0;
  let lapStarted = performance.now();
  for (let index = 1; index <= soakCount; index++) {
    await analyze(index).catch(() => failures++);
    server.reset(); // the fake records every request (images included); keep its memory out of the figures
    if (index % 100 === 0 || index === soakCount) {
      const lapMs = (performance.now() - lapStarted) / (index % 100 || 100);
      const point = checkpoint();
      if (index === 100) baseline = point;
      console.log(
        `  ${String(index).padStart(8)} | ${mib(point.heap).padStart(13)} | ${mib(point.rss).padStart(8)} | ${`${mib(point.browser)} (${point.browserProcesses})`.padStart(24)} | ${String(point.handles).padStart(7)} | ${String(point.pages).padStart(10)} | ${lapMs.toFixed(0)}`,
      );
      lapStarted = performance.now();
    }
  }
  const end = checkpoint();
  if (baseline) {
    const heapGrowth = end.heap - baseline.heap;
    const handleGrowth = end.handles - baseline.handles;
    console.log(`  failures: ${failures}`);
    console.log(
      `  heap growth after analysis 100: ${(heapGrowth / 1024 / 1024).toFixed(1)} MiB (bound ${mib(HEAP_GROWTH_BOUND)}): ${heapGrowth <= HEAP_GROWTH_BOUND ? "within" : "EXCEEDED"}`,
    );
    console.log(
      `  open handles growth: ${handleGrowth} (bound ${HANDLE_GROWTH_BOUND}): ${handleGrowth <= HANDLE_GROWTH_BOUND ? "within" : "EXCEEDED"}`,
    );
    console.log(
      `  warm Chromium pages at the end: ${end.pages} (pool of at most 2): ${end.pages <= 2 ? "no leak" : "LEAK"}`,
    );
  }

  await pipeline.close();
  await renderer.close();
  await server.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
