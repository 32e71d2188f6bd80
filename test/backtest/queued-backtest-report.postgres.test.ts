// A backtest queued for workers on a real PostgreSQL, against the fake provider through the real OpenAI SDK and real
// Chromium charts: the momentum analyst (momentum-analyst.ts) decides from the bars it is sent, so a decision made
// from another window would show. Proven here: the queued run decides exactly what the same backtest in one process
// decides on every bar (directive, risk levels), so its lines have the same equity to the last digit; every decision
// is stored once; the report is recorded in the journal once, however often it is asked for, as a backtest run the
// History lists; and what the queue cannot honour (memory, mirror, a baselines-only run, SQLite, a cost above the
// limit) is refused before anything is queued.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { BacktestOptions } from "../../src/backtest/backtest-options";
import { backtestJobKind } from "../../src/backtest/backtest-queue";
import { enqueueBacktest, type QueueBacktestOptions } from "../../src/backtest/backtest-queue";
import { queuedBacktestReport } from "../../src/backtest/queued-backtest-report";
import { runBacktest } from "../../src/backtest/run-backtest";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { queuedEvaluationReport } from "../../src/evaluation/queued-evaluation-report";
import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { openJournal } from "../../src/journal/open-journal";
import { readQueuedPoints } from "../../src/queue/queued-runs";
import { listRuns, pendingPoints, runProgress } from "../../src/queue/run-progress";
import { startWorker } from "../../src/queue/run-worker";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { usePostgres } from "../support/use-postgres";
import { waitUntil } from "../support/wait";
import { momentumAnalyst } from "./momentum-analyst";

const postgres = usePostgres();
const key = "sk-queued.backtest-0123456789abcdef";
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "queued-backtest-"));
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// 72 bars: decisions at bars 44, 47, ..., 68 (window 45, horizon and step 3), LONG and SHORT both among them.
const candles = candlesFromCloses(wavyCloses(72, 5));
const series = { candles, timeframe: "4h" as const, name: "Wavy" };
// The momentum analyst reads the bars the tool loop sends back (momentum-analyst.ts).
const modelConfig = { max_retries: 0, data_dir: "", journal: false, indicator_mode: "tool-call" as const };

async function database(): Promise<{ handle: DatabaseHandle; url: string }> {
  const url = await postgres.database();
  return { handle: createDatabaseHandle({ dataDir: scratch, databaseUrl: url }), url };
}

function queueOptions(url: string, extra: Partial<QueueBacktestOptions> = {}): QueueBacktestOptions {
  // The base URL the workers use, as the queuing machine knows it: the run's models are recorded labelled by it.
  const env = { DATABASE_URL: url, OPENAI_BASE_URL: server.openaiBaseUrl };
  return { series, config: { ...modelConfig, data_dir: scratch }, env, ...extra };
}

async function workOff(handle: DatabaseHandle, url: string, runId: string): Promise<void> {
  const worker = await startWorker({
    database: handle,
    databaseUrl: url,
    kinds: [backtestJobKind],
    settings: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, concurrency: 2 },
    // The keys and base URL are the worker's own: the run carries none.
    // The shared rate limit (one call a second by default) is tested on its own; here it would only add waiting.
    env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, RATE_LIMITS: "off" },
    dataDir: scratch,
    renderer,
  });
  try {
    const { db } = await handle.open();
    await waitUntil(
      async () => {
        const progress = await runProgress(db, runId);
        return progress !== undefined && pendingPoints(progress) === 0;
      },
      180_000,
      "every decision finished",
    );
  } finally {
    await worker.stop();
  }
}

describe("a queued backtest", () => {
  it("decides as the backtest in one process does, bar for bar, and has the same equity", async () => {
    const stages = { risk: {} };
    const inProcess: BacktestOptions = {
      series,
      config: { ...modelConfig, data_dir: scratch, api_key: key, openai_base_url: server.openaiBaseUrl },
      cacheDir: false,
      stages,
      dependencies: { renderer, env: {} },
    };
    const local = await runBacktest(inProcess);
    expect(local.errors).toBe(0);
    const directives = local.decisions.map((decision) => decision.directive);
    expect(new Set(directives)).toEqual(new Set(["LONG", "SHORT"]));

    const { handle, url } = await database();
    try {
      const queued = await enqueueBacktest(queueOptions(url, { stages }));
      expect(queued.pointCount).toBe(local.decisions.length);
      expect(queued.estimate.toAnalyse).toBe(local.decisions.length);
      await workOff(handle, url, queued.id);

      const rows = await readQueuedPoints((await handle.open()).db, queued.id);
      expect(rows.map((row) => row.pointId)).toEqual(local.decisions.map((decision) => `bar-${decision.bar}`));
      expect(rows.every((row) => row.finishedAt !== null && row.error === null && row.attempts === 1)).toBe(true);

      const report = await queuedBacktestReport({ database: handle, runId: queued.id });
      if (report.state !== "done") throw new Error("the run should be done");
      const { result } = report;
      expect(result.errors).toBe(0);
      // The same decision on every bar: directive, horizon, ratio and risk levels, and the same baselines and moves.
      const comparable = (decisions: typeof local.decisions) =>
        decisions.map(({ cached: _cached, ...decision }) => decision);
      expect(comparable(result.decisions)).toEqual(comparable(local.decisions));
      expect(result.decisions.every((decision) => decision.risk !== null)).toBe(true);
      // So every line, the model's first, has the same trades and equity, to the last digit.
      expect(result.lines).toEqual(local.lines);
      expect(result.paired).toEqual(local.paired);
      expect(result.settings).toMatchObject({
        ...local.settings,
        cacheDir: `${handle.location} (model_answers)`,
      });
      // Every call the workers made is counted (some answered by the shared cache: a request one point made before),
      // as the backtest in one process, without a cache, counts its own.
      expect(result.usage.freshCalls + result.usage.cachedCalls).toBe(local.usage.freshCalls);
      expect(result.usage.freshCalls).toBeGreaterThan(0);

      // Asked again, the same journal run; the History lists one backtest run with every decision.
      const again = await queuedBacktestReport({ database: handle, runId: queued.id });
      if (again.state !== "done") throw new Error("the run should stay done");
      expect(result.journalRunId).toBeDefined();
      expect(again.result.journalRunId).toBe(result.journalRunId);
      const journal = await openJournal({ dataDir: scratch, databaseUrl: url });
      try {
        const runs = (await journal.listEvaluationRuns({ kind: "backtest" })).runs;
        expect(runs.map((run) => run.id)).toEqual([result.journalRunId]);
        const recorded = await journal.getEvaluationRun(result.journalRunId!);
        expect(recorded).toMatchObject({ kind: "backtest", pointCount: directives.length });
        expect(recorded?.report).not.toBeNull();
      } finally {
        await journal.close();
      }
      // Reported, the run leaves the list of runs still with the workers.
      expect((await listRuns((await handle.open()).db, { unreported: true })).runs).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 300_000);

  it("is pending while decisions wait, and its progress is listed with its kind and label", async () => {
    const { handle, url } = await database();
    try {
      const queued = await enqueueBacktest(queueOptions(url, { step: 6 }));
      const report = await queuedBacktestReport({ database: handle, runId: queued.id });
      expect(report.state).toBe("pending");
      expect(report.progress).toMatchObject({ points: queued.pointCount, waiting: queued.pointCount, done: 0 });
      const { runs } = await listRuns((await handle.open()).db, { kind: "backtest" });
      expect(runs).toHaveLength(1);
      expect(runs[0]?.label).toBe(
        `backtest: gpt-4o (openai) on Wavy (4h), ${queued.pointCount} decisions every 6 bars`,
      );
      // Its id given to the evaluation's report: an input error naming the command that writes it.
      await expect(queuedEvaluationReport({ database: handle, runId: queued.id })).rejects.toMatchObject({
        code: "queued_run_wrong_kind",
        kind: "input",
        message: expect.stringContaining(
          `is a backtest, not an evaluation: write its report with quantagent backtest --report ${queued.id}`,
        ),
      });
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("refuses what the queue cannot honour before anything is queued", async () => {
    const { handle, url } = await database();
    try {
      for (const [extra, reason] of [
        [{ stages: { memory: { lessons: 3 } } }, /Memory cannot be queued: each decision learns .* in time order/],
        [{ mirror: true }, /mirrored backtest cannot be queued yet/],
        [{ includeModel: false }, /baselines-only backtest asks no model/],
        // At the fake's address the models have no list price; at the provider's own, the estimate is over the limit.
        [{ maxCostUsd: 0.000001 }, /has no list price/],
        [{ maxCostUsd: 0.000001, env: { DATABASE_URL: url } }, /above/],
        [{ step: 0 }, /step/],
      ] as const) {
        await expect(enqueueBacktest(queueOptions(url, extra)), JSON.stringify(extra)).rejects.toThrow(reason);
      }
      await expect(enqueueBacktest(queueOptions(url, {}))).resolves.toMatchObject({ pointCount: 9 });
      // Only the last one was queued.
      expect((await listRuns((await handle.open()).db)).runs).toHaveLength(1);
      await expect(enqueueBacktest({ ...queueOptions(url), env: {} })).rejects.toThrow(/needs PostgreSQL/);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
