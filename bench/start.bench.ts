// Start and first-analysis benchmark: the waits a newcomer sees, each against a baseline measured in the same run.
// 1. `npm start` with dist/ current, to the first answer, against a bare `node dist/server/main.js` (target: within
//    1.5x + 1 s of it);
// 2. the first analysis after the server answers, against a warm one (Chromium launched at start, not on demand);
// 3. a warm analysis over HTTP against its critical path of model calls (target: within 1.10x): the fake provider
//    answers every call after a fixed latency, and the longest chain of calls one after another is the Indicator
//    agent's two rounds and then the Decision, 3 calls.
// Every server is a child process started as a user starts it, on a port of its own, with a fresh data folder.
//
// Run: npm run bench:start [-- --runs 5 --restarts 3 --warm 5 --latency 400]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

import { defaultFakeHandler } from "../test/fakes/fake-default-handler";
import { fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { benchmarkCsv } from "../test/server/analysis-fixtures";
import { numberArgument } from "./support/arguments";
import { type ServerProcess, startServerProcess } from "./support/server-process";
import { median } from "./support/statistics";

const runs = numberArgument("runs", 5);
const restarts = numberArgument("restarts", 3);
const warmRuns = numberArgument("warm", 5);
const latencyMs = numberArgument("latency", 400);

const root = path.resolve(__dirname, "..");
const CRITICAL_PATH_CALLS = 3;
const CALLS_PER_ANALYSIS = 5;

const bareNode = { command: process.execPath, args: ["dist/server/main.js"] };
const npmStart = { command: "npm", args: ["start"] };

function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extra };
}

async function timedAnalysis(server: ServerProcess, csv: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/analyze`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csv, timeframe: "4h" }),
  });
  const body = (await response.json()) as { final_decision?: { decision?: string }; error?: string };
  if (!response.ok || body.final_decision?.decision === undefined)
    throw new Error(`the analysis failed: ${response.status} ${body.error ?? ""}`);
  return performance.now() - started;
}

async function measureStart(dataDir: string): Promise<{ bare: number[]; npm: number[] }> {
  const bare: number[] = [];
  const npm: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternated, so that a change in the machine's load weighs on both alike.
    for (const [variant, into] of [
      [bareNode, bare],
      [npmStart, npm],
    ] as const) {
      const server = await startServerProcess({ ...variant, cwd: root, env: serverEnv(dataDir) });
      into.push(server.firstAnswerMs);
      await server.stop();
    }
  }
  return { bare, npm };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "start-bench-"));
  const csv = benchmarkCsv();
  console.log(
    `start bench: node ${process.version}, load ${loadavg()[0]?.toFixed(1)}; ${runs} starts each, ${restarts} servers x (1 first + ${warmRuns} warm) analyses at ${latencyMs} ms per call`,
  );

  // dist/ current: the first `npm start` builds whatever is stale, and is not counted.
  const prepared = await startServerProcess({ ...npmStart, cwd: root, env: serverEnv(dataDir) });
  await prepared.stop();

  const start = await measureStart(dataDir);
  const bare = median(start.bare);
  const npm = median(start.npm);
  console.log(`\n1. first answer after start (median of ${runs}):`);
  console.log(
    `  node dist/server/main.js  ${bare.toFixed(0)} ms   (all: ${start.bare.map((v) => v.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  npm start, dist/ current  ${npm.toFixed(0)} ms   (all: ${start.npm.map((v) => v.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  ratio ${(npm / bare).toFixed(2)}x, +${(npm - bare).toFixed(0)} ms; target: at most 1.5x + 1 s = ${(1.5 * bare + 1000).toFixed(0)} ms: ${npm <= 1.5 * bare + 1000 ? "met" : "NOT met"}`,
  );

  const provider = await startFakeProviderServer();
  provider.setHandler(async (request) => fakeReply.delay(latencyMs, await defaultFakeHandler(request)));
  const first: number[] = [];
  const warm: number[] = [];
  for (let restart = 0; restart < restarts; restart++) {
    const server = await startServerProcess({
      ...bareNode,
      cwd: root,
      env: serverEnv(dataDir, { OPENAI_API_KEY: "sk-start-bench-0123456789", OPENAI_BASE_URL: provider.openaiBaseUrl }),
    });
    try {
      provider.reset();
      provider.setHandler(async (request) => fakeReply.delay(latencyMs, await defaultFakeHandler(request)));
      first.push(await timedAnalysis(server, csv));
      const calls = provider.requestCount();
      if (calls !== CALLS_PER_ANALYSIS) throw new Error(`expected ${CALLS_PER_ANALYSIS} model calls, saw ${calls}`);
      for (let run = 0; run < warmRuns; run++) warm.push(await timedAnalysis(server, csv));
    } finally {
      await server.stop();
    }
  }
  await provider.close();
  const criticalPath = CRITICAL_PATH_CALLS * latencyMs;
  console.log(`\n2. first analysis right after the first answer, against a warm one (${restarts} servers):`);
  console.log(`  first  median ${median(first).toFixed(0)} ms   (all: ${first.map((v) => v.toFixed(0)).join(", ")})`);
  console.log(`  warm   median ${median(warm).toFixed(0)} ms   (${warm.length} analyses)`);
  console.log(`  ratio ${(median(first) / median(warm)).toFixed(2)}x`);
  console.log(
    `\n3. warm analysis over HTTP against its critical path (${CRITICAL_PATH_CALLS} of ${CALLS_PER_ANALYSIS} calls x ${latencyMs} ms = ${criticalPath} ms):`,
  );
  console.log(
    `  ${median(warm).toFixed(0)} ms = ${(median(warm) / criticalPath).toFixed(2)}x; target at most 1.10x: ${median(warm) <= 1.1 * criticalPath ? "met" : "NOT met"}`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
