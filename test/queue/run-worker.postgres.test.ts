// The queue and its workers on a real PostgreSQL, with a kind of run made up here (each point doubles a number after
// a pause, or fails as its spec says): two workers share a run and every point is recorded once, with the worker that
// did it; a failure that may pass goes back to the queue and succeeds on a retry, one that would only fail again is
// recorded as the point's result at once, and a point that uses up its retries is recorded as given up. A point
// already finished is not done again; PostgreSQL restarting mid-run is waited out, and the run finishes with every
// point stored once; SQLite is refused before anything starts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { createChartRenderer } from "../../src/charts/png-renderer";
import { InputError } from "../../src/common/input-error";
import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { ProviderError } from "../../src/llm/provider-error";
import { enqueueRun } from "../../src/queue/enqueue-run";
import type { JobKind } from "../../src/queue/job-kind";
import { QueueError } from "../../src/queue/queue-error";
import { finishPoint, readQueuedPoints } from "../../src/queue/queued-runs";
import { pendingPoints, runProgress } from "../../src/queue/run-progress";
import { startWorker, type Worker } from "../../src/queue/run-worker";
import type { WorkerEvent } from "../../src/queue/worker-events";
import { usePostgres } from "../support/use-postgres";
import { waitFor, waitUntil } from "../support/wait";

const postgres = usePostgres({ ownCluster: true });
let dataDir: string;
// Never launched: the kind below draws no chart.
const renderer = createChartRenderer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "queue-"));
});
afterAll(async () => {
  await renderer.close();
  await rm(dataDir, { recursive: true, force: true });
});

const calls = new Map<string, number>();
const doubling: JobKind<
  { pauseMs: number; flaky: string[]; broken: string[]; hopeless: string[] },
  { n: number; id: string },
  { doubled: number }
> = {
  name: "doubling",
  specSchema: z.object({
    pauseMs: z.number(),
    flaky: z.array(z.string()),
    broken: z.array(z.string()),
    hopeless: z.array(z.string()),
  }),
  inputSchema: z.object({ n: z.number(), id: z.string() }),
  describe: (spec) => `doubling, ${spec.pauseMs} ms a point`,
  async openRun(spec) {
    return {
      async runPoint(input, signal) {
        const call = (calls.get(input.id) ?? 0) + 1;
        calls.set(input.id, call);
        await new Promise((resolve) => setTimeout(resolve, spec.pauseMs));
        signal.throwIfAborted();
        if (spec.flaky.includes(input.id) && call === 1)
          throw new ProviderError({ reason: "rate_limit", provider: "openai" });
        if (spec.hopeless.includes(input.id))
          throw new ProviderError({ reason: "server", provider: "openai", statusCode: 503 });
        if (spec.broken.includes(input.id)) throw new InputError({ message: `point ${input.id} cannot be analysed` });
        return { doubled: input.n * 2 };
      },
      async close() {},
    };
  },
};

const fast = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };

async function queueDatabase(): Promise<{ handle: DatabaseHandle; url: string }> {
  const url = await postgres.database();
  return { handle: createDatabaseHandle({ dataDir, databaseUrl: url }), url };
}

async function startWorkers(
  handle: DatabaseHandle,
  url: string,
  count: number,
  events: WorkerEvent[],
): Promise<Worker[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      startWorker({
        database: handle,
        databaseUrl: url,
        kinds: [doubling],
        settings: { ...fast, concurrency: 3 },
        env: {},
        dataDir,
        renderer,
        onEvent: (event) => events.push(event),
      }),
    ),
  );
}

async function settled(handle: DatabaseHandle, runId: string) {
  const { db } = await handle.open();
  await waitUntil(
    async () => {
      const progress = await runProgress(db, runId);
      return progress !== undefined && pendingPoints(progress) === 0;
    },
    60_000,
    "every point finished",
  );
  return readQueuedPoints(db, runId);
}

describe("workers on the queue", () => {
  it("share a run's points, record each once, retry what may pass and record what would fail again", async () => {
    const { handle, url } = await queueDatabase();
    const events: WorkerEvent[] = [];
    calls.clear();
    const points = Array.from({ length: 24 }, (_, n) => ({ id: `p${n}`, input: { n, id: `p${n}` } }));
    const run = await enqueueRun({
      database: handle,
      databaseUrl: url,
      kind: doubling,
      spec: { pauseMs: 50, flaky: ["p3", "p7"], broken: ["p5"], hopeless: ["p9"] },
      points,
      jobs: { jobTimeoutSeconds: 30, retryLimit: 1, retryDelaySeconds: 1 },
    });
    expect(run.pointCount).toBe(24);
    const workers = await startWorkers(handle, url, 2, events);
    try {
      const rows = await settled(handle, run.id);
      expect(rows.map((row) => row.pointId)).toEqual(points.map((point) => point.id));
      for (const row of rows.filter((entry) => !["p5", "p9"].includes(entry.pointId)))
        expect(row.result, row.pointId).toEqual({ doubled: (row.input as { n: number }).n * 2 });
      expect(rows.find((row) => row.pointId === "p5")).toMatchObject({
        result: null,
        error: "point p5 cannot be analysed",
        attempts: 1,
      });
      // Retried once (retryLimit 1), then given up: recorded as failed with the last reason.
      expect(rows.find((row) => row.pointId === "p9")?.error).toMatch(
        /^Gave up after its retries: Provider Error: OpenAI had a server error \(HTTP 503\)/,
      );
      expect(calls.get("p9")).toBe(2);
      expect(rows.find((row) => row.pointId === "p3")).toMatchObject({ result: { doubled: 6 }, attempts: 2 });
      // Both workers took part, and every point was stored by exactly one attempt.
      expect(new Set(rows.map((row) => row.worker)).size).toBeGreaterThanOrEqual(1);
      const stored = events.filter(
        (event) => (event.type === "point-finished" || event.type === "point-gave-up") && event.stored,
      );
      expect(stored.map((event) => (event as { pointId: string }).pointId).sort()).toEqual(
        points.map((point) => point.id).sort(),
      );
      const progress = await runProgress((await handle.open()).db, run.id);
      expect(progress).toMatchObject({
        label: "doubling, 50 ms a point",
        points: 24,
        done: 22,
        failed: 2,
        running: 0,
        waiting: 0,
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await handle.close();
    }
  }, 120_000);

  it("wait out PostgreSQL going away mid-run, then resume and finish every point once", async () => {
    const { handle, url } = await queueDatabase();
    const events: WorkerEvent[] = [];
    calls.clear();
    const points = Array.from({ length: 30 }, (_, n) => ({ id: `q${n}`, input: { n, id: `q${n}` } }));
    const run = await enqueueRun({
      database: handle,
      databaseUrl: url,
      kind: doubling,
      spec: { pauseMs: 150, flaky: [], broken: [], hopeless: [] },
      points,
      jobs: { jobTimeoutSeconds: 60, retryDelaySeconds: 1 },
    });
    const workers = await startWorkers(handle, url, 2, events);
    try {
      await waitFor(() => events.filter((event) => event.type === "point-finished").length >= 5, 30_000);
      await postgres.cluster().pause();
      await waitFor(() => events.some((event) => event.type === "database-unreachable"), 30_000, "a worker noticed");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await postgres.cluster().resume();
      const rows = await settled(handle, run.id);
      expect(rows.map((row) => [row.pointId, row.result, row.error])).toEqual(
        points.map((point) => [point.id, { doubled: point.input.n * 2 }, null]),
      );
      const stored = events.filter((event) => event.type === "point-finished" && event.stored);
      expect(stored).toHaveLength(points.length);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await handle.close();
    }
  }, 120_000);

  it("does not do again a point an earlier attempt finished", async () => {
    const { handle, url } = await queueDatabase();
    const events: WorkerEvent[] = [];
    calls.clear();
    const run = await enqueueRun({
      database: handle,
      databaseUrl: url,
      kind: doubling,
      spec: { pauseMs: 0, flaky: [], broken: [], hopeless: [] },
      points: [{ id: "done-already", input: { n: 1, id: "done-already" } }],
    });
    const { db } = await handle.open();
    expect(
      await finishPoint(db, {
        runId: run.id,
        pointId: "done-already",
        worker: "elsewhere:1",
        now: new Date(),
        outcome: { ok: true, result: { doubled: 2 } },
      }),
    ).toBe(true);
    const [worker] = await startWorkers(handle, url, 1, events);
    try {
      await waitFor(() => events.some((event) => event.type === "point-already-finished"), 30_000);
      expect(calls.get("done-already")).toBeUndefined();
      expect((await readQueuedPoints(db, run.id))[0]).toMatchObject({ worker: "elsewhere:1", attempts: 1 });
    } finally {
      await worker?.stop();
      await handle.close();
    }
  }, 60_000);

  it("stops after its stop timeout with a point still in flight: no stray error, and the point runs again elsewhere", async () => {
    const { handle, url } = await queueDatabase();
    const events: WorkerEvent[] = [];
    calls.clear();
    // pg-boss hands back a job its worker did not finish within the stop timeout, then settles that job's handler
    // without waiting for it: the queue must still answer whatever that handler does once it is told to stop.
    const stray: unknown[] = [];
    const onStray = (reason: unknown) => stray.push(reason);
    process.on("unhandledRejection", onStray);
    const run = await enqueueRun({
      database: handle,
      databaseUrl: url,
      kind: doubling,
      spec: { pauseMs: 3_000, flaky: [], broken: [], hopeless: [] },
      points: [{ id: "slow", input: { n: 4, id: "slow" } }],
      jobs: { jobTimeoutSeconds: 60, retryDelaySeconds: 1 },
    });
    const first = await startWorker({
      database: handle,
      databaseUrl: url,
      kinds: [doubling],
      settings: { ...fast, concurrency: 1, stopTimeoutSeconds: 1 },
      env: {},
      dataDir,
      renderer,
      onEvent: (event) => events.push(event),
    });
    let second: Worker | undefined;
    try {
      await waitFor(() => events.some((event) => event.type === "point-started"), 30_000, "the point started");
      await first.stop();
      // The stopped point's handler ends (aborted) after its pause, once the queue has closed.
      await waitFor(() => events.some((event) => event.type === "point-retry"), 30_000, "the point was let go");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stray).toEqual([]);
      [second] = await startWorkers(handle, url, 1, events);
      const [row] = await settled(handle, run.id);
      expect(row).toMatchObject({ result: { doubled: 8 }, error: null });
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      process.off("unhandledRejection", onStray);
      await second?.stop();
      await handle.close();
    }
  }, 120_000);

  it("needs PostgreSQL: SQLite is refused before anything is queued or started, saying why", async () => {
    const sqlite = createDatabaseHandle({ dataDir });
    const refusal = await enqueueRun({ database: sqlite, databaseUrl: "", kind: doubling, spec: {}, points: [] }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(QueueError);
    expect(refusal).toMatchObject({ code: "queue_needs_postgres", kind: "config" });
    expect((refusal as Error).message).toMatch(/needs PostgreSQL.*DATABASE_URL=postgres:\/\//);
    await expect(
      startWorker({ database: sqlite, databaseUrl: "", kinds: [doubling], env: {}, dataDir }),
    ).rejects.toMatchObject({ code: "queue_needs_postgres" });
  });
});
