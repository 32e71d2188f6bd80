// The evaluation with the optional stages, through the real SDK against the fake provider and real Chromium:
// - debate and risk run in every analysis, are recorded in the settings and the report, and are part of the cache key
//   (a run with them never takes a plain run's answers), and the ablation of the two runs carries the paired test;
// - memory gets a journal of the run's own: each point is a replay that writes its lesson at once, the points of an
//   asset run in time order, and each is given exactly the lessons whose outcome closed by its last bar, whatever
//   the concurrency; a rerun answers everything from the cache; nothing is left behind.
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { ablationMarkdown, compareEvaluations } from "../../src/evaluation/ablation";
import type { EvaluationOptions } from "../../src/evaluation/evaluation-options";
import { evaluationSummary } from "../../src/evaluation/report";
import { runEvaluation } from "../../src/evaluation/run-evaluation";
import { laneOrder } from "../../src/experiment/experiment-stages";
import { openJournal } from "../../src/journal/open-journal";
import { type FakeProviderServer, type FakeRequest, startFakeProviderServer } from "../fakes/fake-provider-server";
import { wavyCloses, writeBenchmarkFolder } from "./synthetic-candles";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

const key = "sk-eval-stages.test-0123456789abcdef";
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "evaluation-stages-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, {
    BTC: [wavyCloses(60, 1), wavyCloses(60, 2)],
    SPX: [wavyCloses(60, 3), wavyCloses(60, 4)],
  });
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

function options(extra: Partial<EvaluationOptions> & { stages?: object }): EvaluationOptions {
  const { stages, ...rest } = extra;
  return {
    benchmarkDir,
    assets: ["BTC", "SPX"],
    windows: 2,
    horizons: [1, 3],
    concurrency: 4,
    randomSeeds: 50,
    config: {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: scratch,
      ...(stages ? { stages } : {}),
    },
    cacheDir: path.join(scratch, "cache"),
    dependencies: { renderer, env: {} },
    ...rest,
  };
}

const isReflection = (request: FakeRequest) => request.summary.systemText.includes("You are the post-trade reviewer");
const isDecision = (request: FakeRequest) => request.summary.wantsJson && !isReflection(request);
const memoryFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith("quantagent-evaluation-memory-"));

describe("an evaluation with stages", () => {
  it("runs debate and risk in every analysis, never from a plain run's cache, and the ablation tests them paired", async () => {
    const plain = await runEvaluation(options({}));
    expect(plain.settings.stages).toEqual({});
    const plainCalls = server.requestCount();
    expect(plainCalls).toBe(4 * 4);
    server.reset();
    const staged = await runEvaluation(options({ stages: { debate: { rounds: 1 }, risk: {} } }));
    expect(staged.errors).toBe(0);
    expect(staged.settings.stages).toEqual({ debate: { rounds: 1 }, risk: {} });
    // Every call fresh: the stages are in every cache key, so even the agents' unchanged requests are asked again.
    expect(server.requestCount()).toBe(4 * 6);
    expect(staged.usage.cachedCalls).toBe(0);
    expect(evaluationSummary(staged).join(" ")).toContain("Stages: debate 1, risk.");
    const ablation = compareEvaluations(plain, staged);
    expect(ablation.paired.map((test) => test.horizon)).toEqual([1, 3]);
    // The fake analyst says LONG whatever it reads: the runs agree everywhere, so nothing is discordant.
    expect(ablation.paired.every((test) => test.aOnly === 0 && test.bOnly === 0 && test.pValue === 1)).toBe(true);
    expect(ablationMarkdown(plain, staged, { variant: "with debate 1, risk" })).toContain("p (exact McNemar)");
  });

  it("gives each point of an asset, in time order, the lessons known by its last bar, from the run's own journal", async () => {
    const before = memoryFolders();
    const memory = { memory: { lessons: 10 } };
    const settings = { pointsPerWindow: 3, stride: 5 };
    const first = await runEvaluation(options({ stages: memory, ...settings }));
    expect(first.errors).toBe(0);
    expect(first.points).toHaveLength(2 * 2 * 3);
    // One reflection a point: each replay writes its lesson at once.
    expect(server.requests.filter(isReflection)).toHaveLength(12);
    // Points at bars 45, 50 and 55 of each window (both windows of an asset share their times). Known by bar 50:
    // the two lessons of bar 45 (their outcome closed at 48); by bar 55: those and the two of bar 50 (closed at 53).
    const given = server.requests
      .filter(isDecision)
      .map((request) => request.summary.lastUserText.match(/^- LONG at /gm)?.length ?? 0)
      .sort((left, right) => left - right);
    expect(given).toEqual([0, 0, 0, 0, 2, 2, 2, 2, 4, 4, 4, 4]);
    // Lessons stay within their asset: a BTC decision is never given an SPX lesson.
    const btcDecisions = server.requests.filter(
      (request) => isDecision(request) && request.rawBody.includes("BTC benchmark"),
    );
    expect(btcDecisions.every((request) => !request.summary.lastUserText.includes("SPX benchmark"))).toBe(true);

    server.reset();
    const again = await runEvaluation(options({ stages: memory, ...settings }));
    expect(server.requestCount()).toBe(0);
    expect(again.points.map((point) => point.decision)).toEqual(first.points.map((point) => point.decision));
    // The memory journal was the run's own, and is gone; the user's journal holds the runs, not their points.
    expect(memoryFolders()).toEqual(before);
    const journal = await openJournal({ dataDir: scratch });
    try {
      expect((await journal.list()).analyses).toEqual([]);
      expect((await journal.listEvaluationRuns()).runs.length).toBeGreaterThan(0);
    } finally {
      await journal.close();
    }
  });

  it("puts each asset's points in one lane, in time order", () => {
    // An asset is a point's lane; its time is its window's last bar's.
    const point = (asset: string, entryTime: number) => ({ lane: asset, window: [{ time: entryTime }] }) as never;
    expect(
      laneOrder([point("BTC", 30), point("SPX", 10), point("BTC", 10), point("BTC", 20), point("SPX", 5)]),
    ).toEqual([
      [2, 3, 0],
      [4, 1],
    ]);
  });
});
