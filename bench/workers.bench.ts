// Queued evaluations across workers, on a throwaway local PostgreSQL (fsync on) and the fake provider answering
// every call after a fixed latency (300 ms), with real Chromium charts in every worker:
//
// 1. Throughput: the same 200 decision points (the shipped benchmark's first 100 windows of BTC and of SPX) done by
//    one worker, then by three, each `quantagent worker --concurrency C` as a user starts it (a child process). The
//    baseline is the single worker measured the same way on the same machine at the same time; the figure is the
//    ratio of the two wall times (target at least 2.5x). Each configuration first does a warm-up run (one point per
//    slot), so Chromium's launch and the first connections are not in the timing; the cache is off, so every call
//    goes to the provider.
// 2. The shared rate limit: three workers on one key limited to R calls a second (RATE_LIMITS), the calls counted
//    where they arrive (the fake provider): the average rate and the most calls in any one-second window, against
//    what the limit allows (R, and R plus the burst).
//
// Run: npm run bench:workers [-- --points 200 --latency 300 --concurrency 2 --rate 5 --rate-points 40]
// (--rate-points 0 measures the scaling alone; a longer --latency makes the points wait on the provider, as real
// models do, so the machine's CPU, which the charts use, limits the ratio less.)
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { enqueueEvaluation } from "../src/evaluation/evaluation-queue";
import { createDatabaseHandle, type DatabaseHandle } from "../src/journal/database-handle";
import { BENCHMARK_DIR } from "../src/market/benchmark-dir";
import { pendingPoints, runProgress } from "../src/queue/run-progress";
import { defaultFakeHandler } from "../test/fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { type CliProcess, startCliProcess } from "../test/support/cli-process";
import { startPostgresCluster } from "../test/support/postgres-cluster";
import { numberArgument } from "./support/arguments";

const points = numberArgument("points", 200);
const latencyMs = numberArgument("latency", 300);
const concurrency = numberArgument("concurrency", 2);
const ratePerSecond = numberArgument("rate", 5);
const ratePoints = numberArgument("rate-points", 40);
const BURST = 2;
const KEY = "sk-bench-workers-0000000000000000";

/** Windows per asset for `count` points, from BTC then SPX. */
function split(count: number): { assets: string[]; windows: number } {
  return count <= 100 ? { assets: ["BTC"], windows: count } : { assets: ["BTC", "SPX"], windows: Math.ceil(count / 2) };
}

/** Waits until no point of the run is pending; answers how many failed (a window whose bars are not 4h apart). */
async function waitForRun(database: DatabaseHandle, runId: string): Promise<number> {
  const { db } = await database.open();
  for (;;) {
    const progress = await runProgress(db, runId);
    if (progress && pendingPoints(progress) === 0) return progress.failed;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function queue(databaseUrl: string, dataDir: string, count: number, provider: FakeProviderServer) {
  return enqueueEvaluation({
    benchmarkDir: BENCHMARK_DIR,
    ...split(count),
    cache: false,
    config: { data_dir: dataDir, database_url: databaseUrl },
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: provider.openaiBaseUrl },
  });
}

async function startWorkers(count: number, env: NodeJS.ProcessEnv): Promise<CliProcess[]> {
  const workers = Array.from({ length: count }, () =>
    startCliProcess(["worker", "--concurrency", String(concurrency), "--poll-interval", "0.5"], env),
  );
  await Promise.all(workers.map((worker) => worker.waitForLine((line) => / started: /.test(line), 120_000)));
  return workers;
}

async function stopWorkers(workers: readonly CliProcess[]): Promise<void> {
  for (const worker of workers) worker.child.kill("SIGTERM");
  await Promise.all(workers.map((worker) => worker.exited));
}

/** Wall time of `count` points done by `workerCount` workers, after a warm-up of one point per slot. */
async function throughput(
  workerCount: number,
  count: number,
  context: { databaseUrl: string; dataDir: string; database: DatabaseHandle; provider: FakeProviderServer },
): Promise<{ ms: number; failed: number }> {
  const env = {
    DATABASE_URL: context.databaseUrl,
    DATA_DIR: context.dataDir,
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: context.provider.openaiBaseUrl,
    RATE_LIMITS: "off",
  };
  const workers = await startWorkers(workerCount, env);
  try {
    const warmUp = await queue(context.databaseUrl, context.dataDir, workerCount * concurrency, context.provider);
    await waitForRun(context.database, warmUp.id);
    const started = performance.now();
    const run = await queue(context.databaseUrl, context.dataDir, count, context.provider);
    const failed = await waitForRun(context.database, run.id);
    return { ms: performance.now() - started, failed };
  } finally {
    await stopWorkers(workers);
  }
}

/** Calls a second at the provider under a shared limit of `perSecond`, three workers. */
async function rateLimit(context: {
  databaseUrl: string;
  dataDir: string;
  database: DatabaseHandle;
  provider: FakeProviderServer;
}): Promise<{ average: number; busiestSecond: number; calls: number }> {
  const env = {
    DATABASE_URL: context.databaseUrl,
    DATA_DIR: context.dataDir,
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: context.provider.openaiBaseUrl,
    RATE_LIMITS: `openai=${ratePerSecond}/s burst=${BURST}`,
  };
  const workers = await startWorkers(3, env);
  try {
    context.provider.reset();
    context.provider.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
    const run = await queue(context.databaseUrl, context.dataDir, ratePoints, context.provider);
    await waitForRun(context.database, run.id);
    const arrivals = context.provider.requests.map((request) => request.receivedAt).sort((a, b) => a - b);
    let busiestSecond = 0;
    for (let first = 0, last = 0; first < arrivals.length; first += 1) {
      while (last < arrivals.length && arrivals[last]! < arrivals[first]! + 1000) last += 1;
      busiestSecond = Math.max(busiestSecond, last - first);
    }
    const span = (arrivals.at(-1)! - arrivals[0]!) / 1000;
    return { average: (arrivals.length - 1) / span, busiestSecond, calls: arrivals.length };
  } finally {
    await stopWorkers(workers);
  }
}

async function main(): Promise<void> {
  const cluster = await startPostgresCluster({ durable: true });
  const provider = await startFakeProviderServer({ validKeys: [KEY] });
  provider.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-workers-"));
  const databaseUrl = await cluster.createDatabase("bench_workers");
  const database = createDatabaseHandle({ dataDir, databaseUrl });
  const context = { databaseUrl, dataDir, database, provider };
  try {
    console.log(
      `Workers: ${points} points, ${latencyMs} ms per call, --concurrency ${concurrency} per worker ` +
        `(load average ${loadavg()[0]?.toFixed(1)})`,
    );
    const line = (label: string, figure: { ms: number; failed: number }) =>
      console.log(
        `  ${label} ${(figure.ms / 1000).toFixed(1)} s (${((points / figure.ms) * 1000).toFixed(2)} points/s; ` +
          `${figure.failed} points failed as in one process: their bars are not 4h apart)`,
      );
    const one = await throughput(1, points, context);
    line("1 worker: ", one);
    const three = await throughput(3, points, context);
    line("3 workers:", three);
    console.log(`  speed-up: ${(one.ms / three.ms).toFixed(2)}x (target at least 2.5x)`);
    // --rate-points 0 leaves the rate-limit part out (a scaling run alone).
    const limited = ratePoints > 0 ? await rateLimit(context) : undefined;
    if (limited)
      console.log(
        `Shared rate limit ${ratePerSecond} calls/s (burst ${BURST}), 3 workers, ${limited.calls} calls: ` +
          `average ${limited.average.toFixed(2)} calls/s, busiest second ${limited.busiestSecond} calls ` +
          `(the limit allows ${ratePerSecond + BURST})`,
      );
    console.log(`(load average at the end ${loadavg()[0]?.toFixed(1)})`);
  } finally {
    await database.close();
    await provider.close();
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
