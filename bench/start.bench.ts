// Start and first-analysis benchmark: the waits a newcomer sees, each against a baseline measured in the same run.
// 1. `npm start` with dist/ current, to the first answer, against a bare `node dist/server/main.js` (target: within
//    1.5x + 1 s of it);
// 2. a server's first analysis, against a warm one: sent as soon as the server answers, and after a pause such as a
//    person takes to open the page and press Run (Chromium is launched at start, not by the first analysis);
// 3. a warm analysis over HTTP against its critical path of model calls (target: within 1.10x): the fake provider
//    answers every call after a fixed latency, and the longest chain of calls one after another is the Indicator
//    agent's two rounds and then the Decision, 3 calls.
// Every server is a child process started as a user starts it, on a port of its own, with a fresh data folder.
// With --baseline-dist, 4. compares warm analyses of this build with another build of the project (a copy of an
// earlier dist/ folder), one after the other in turn, so a change's effect is measured under the same load.
//
// Run: npm run bench:start [-- --runs 5 --restarts 3 --warm 5 --latency 400 --pause 5000 --baseline-dist <folder>]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

import { defaultFakeHandler } from "../test/fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import type { FakeRequest } from "../test/fakes/fake-request";
import { benchmarkCsv } from "../test/server/analysis-fixtures";
import { numberArgument, textArgument } from "./support/arguments";
import { type ServerProcess, startServerProcess } from "./support/server-process";
import { median } from "./support/statistics";

const runs = numberArgument("runs", 5);
const restarts = numberArgument("restarts", 3);
const warmRuns = numberArgument("warm", 5);
const latencyMs = numberArgument("latency", 400);
const pauseMs = numberArgument("pause", 5000);
const baselineDist = textArgument("baseline-dist");

const root = path.resolve(__dirname, "..");
const CRITICAL_PATH_CALLS = 3;
const CALLS_PER_ANALYSIS = 5;

const bareNode = { command: process.execPath, args: ["dist/server/main.js"] };
/** A build of the project in another folder (an earlier dist/), started the same way. */
const otherBuild = (folder: string) => ({ command: process.execPath, args: [path.join(folder, "server", "main.js")] });
const npmStart = { command: "npm", args: ["start"] };

function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extra };
}

interface TimedAnalysis {
  ms: number;
  /** The result's own step timings (timings_ms). */
  steps: Record<string, number>;
  /** The longest chain of calls one after another, each as long as it took at the provider. */
  measuredCriticalPathMs: number;
}

/**
 * The critical path of an analysis's calls as they took at the fake provider (from its body read to its answer
 * written): the longer of the Indicator's rounds and each chart reader's call, then the Decision's.
 */
function measuredCriticalPath(calls: readonly FakeRequest[]): number {
  const atProvider = (call: FakeRequest) => (call.answeredAt ?? Number.NaN) - call.receivedAt;
  const sum = (selected: readonly FakeRequest[]) => selected.reduce((total, call) => total + atProvider(call), 0);
  const indicator = sum(calls.filter((call) => call.summary.toolNames.includes("compute_rsi")));
  const chartReaders = calls.filter((call) => call.summary.imageCount > 0).map(atProvider);
  const decision = sum(calls.filter((call) => call.summary.wantsJson));
  return Math.max(indicator, ...chartReaders) + decision;
}

async function timedAnalysis(server: ServerProcess, csv: string, provider: FakeProviderServer): Promise<TimedAnalysis> {
  const firstCall = provider.requests.length;
  const started = performance.now();
  const response = await fetch(`${server.url}/api/analyze`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csv, timeframe: "4h" }),
  });
  const body = (await response.json()) as {
    final_decision?: { decision?: string };
    timings_ms?: Record<string, number>;
    error?: string;
  };
  if (!response.ok || body.final_decision?.decision === undefined)
    throw new Error(`the analysis failed: ${response.status} ${body.error ?? ""}`);
  return {
    ms: performance.now() - started,
    steps: body.timings_ms ?? {},
    measuredCriticalPathMs: measuredCriticalPath(provider.requests.slice(firstCall)),
  };
}

function stepMedians(analyses: readonly TimedAnalysis[]): string {
  const steps = ["charts", "indicator", "pattern", "trend", "decision", "total"];
  return steps
    .map((step) => `${step} ${median(analyses.map((analysis) => analysis.steps[step] ?? Number.NaN)).toFixed(0)}`)
    .join(", ");
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
  const handler = async (request: FakeRequest) => fakeReply.delay(latencyMs, await defaultFakeHandler(request));
  // Per server: its first analysis, sent as soon as it answers or after a pause (a person opening the page and
  // pressing Run), then the warm ones.
  const firstAt: Record<"at once" | "after a pause", TimedAnalysis[]> = { "at once": [], "after a pause": [] };
  const warm: TimedAnalysis[] = [];
  for (let restart = 0; restart < restarts; restart++) {
    for (const when of ["at once", "after a pause"] as const) {
      const server = await startServerProcess({
        ...bareNode,
        cwd: root,
        env: serverEnv(dataDir, {
          OPENAI_API_KEY: "sk-start-bench-0123456789",
          OPENAI_BASE_URL: provider.openaiBaseUrl,
        }),
      });
      try {
        provider.reset();
        provider.setHandler(handler);
        if (when === "after a pause") await new Promise((resolve) => setTimeout(resolve, pauseMs));
        firstAt[when].push(await timedAnalysis(server, csv, provider));
        const calls = provider.requestCount();
        if (calls !== CALLS_PER_ANALYSIS) throw new Error(`expected ${CALLS_PER_ANALYSIS} model calls, saw ${calls}`);
        if (when === "at once")
          for (let run = 0; run < warmRuns; run++) warm.push(await timedAnalysis(server, csv, provider));
      } finally {
        await server.stop();
      }
    }
  }
  await provider.close();
  const criticalPath = CRITICAL_PATH_CALLS * latencyMs;
  const warmMs = median(warm.map((analysis) => analysis.ms));
  const all = (analyses: readonly TimedAnalysis[]) => analyses.map((analysis) => analysis.ms.toFixed(0)).join(", ");
  console.log(`\n2. the first analysis of a server (${restarts} servers each), against a warm one:`);
  for (const [when, analyses] of Object.entries(firstAt)) {
    const label = when === "at once" ? "sent as soon as the server answers" : `sent ${pauseMs} ms after that`;
    const firstMs = median(analyses.map((analysis) => analysis.ms));
    console.log(
      `  first, ${label}: median ${firstMs.toFixed(0)} ms (all: ${all(analyses)}); ${(firstMs / warmMs).toFixed(2)}x warm`,
    );
    console.log(`    steps (medians, ms): ${stepMedians(analyses)}`);
  }
  console.log(`  warm: median ${warmMs.toFixed(0)} ms (${warm.length} analyses, all: ${all(warm)})`);
  console.log(`    steps (medians, ms): ${stepMedians(warm)}`);
  console.log(
    `\n3. warm analysis over HTTP against its critical path (${CRITICAL_PATH_CALLS} of ${CALLS_PER_ANALYSIS} calls x ${latencyMs} ms = ${criticalPath} ms):`,
  );
  console.log(
    `  ${warmMs.toFixed(0)} ms = ${(warmMs / criticalPath).toFixed(2)}x; target at most 1.10x: ${warmMs <= 1.1 * criticalPath ? "met" : "NOT met"}`,
  );
  // On a busy machine the fake's timers fire late: each call takes longer than its nominal latency at the provider
  // itself. Against the calls as they took there, what is left is the pipeline's own time.
  const ratios = warm.map((analysis) => analysis.ms / analysis.measuredCriticalPathMs);
  const measured = median(warm.map((analysis) => analysis.measuredCriticalPathMs));
  console.log(
    `  against the calls as long as they took at the provider (median critical path ${measured.toFixed(0)} ms): median ratio ${median(ratios).toFixed(2)}x (all: ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")})`,
  );
  if (baselineDist !== undefined) await compareBuilds(baselineDist, dataDir, csv, criticalPath);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Warm analyses of this build and of another (an earlier dist/ copied aside), in turn on two servers started side by
 * side, each warmed by two analyses first: the machine's load weighs on both alike.
 */
async function compareBuilds(folder: string, dataDir: string, csv: string, criticalPath: number): Promise<void> {
  const provider = await startFakeProviderServer();
  provider.setHandler(async (request: FakeRequest) => fakeReply.delay(latencyMs, await defaultFakeHandler(request)));
  const env = serverEnv(dataDir, {
    OPENAI_API_KEY: "sk-start-bench-0123456789",
    OPENAI_BASE_URL: provider.openaiBaseUrl,
  });
  const builds = [
    {
      name: "this build (dist/)",
      server: await startServerProcess({ ...bareNode, cwd: root, env }),
      times: [] as number[],
    },
    {
      name: `baseline (${folder})`,
      server: await startServerProcess({ ...otherBuild(folder), cwd: root, env }),
      times: [] as number[],
    },
  ];
  try {
    for (const build of builds) for (let run = 0; run < 2; run++) await timedAnalysis(build.server, csv, provider);
    const turns = restarts * warmRuns;
    const load = loadavg()[0]?.toFixed(1);
    for (let turn = 0; turn < turns; turn++)
      for (const build of builds) build.times.push((await timedAnalysis(build.server, csv, provider)).ms);
    console.log(
      `\n4. warm analyses in turn, this build against ${folder} (${turns} each, load ${load} to ${loadavg()[0]?.toFixed(1)}):`,
    );
    for (const build of builds) {
      const warmMs = median(build.times);
      console.log(
        `  ${build.name}: median ${warmMs.toFixed(0)} ms = ${(warmMs / criticalPath).toFixed(3)}x its critical path (all: ${build.times.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
    }
  } finally {
    for (const build of builds) await build.server.stop();
    await provider.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
