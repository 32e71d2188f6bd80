// A worker: takes point jobs from the queue, `concurrency` at a time, and hands each to its run's kind. The queue
// (pg-boss) decides who gets which job, retries, expires and moves jobs that used up their retries; the handler here
// is idempotent: it finds a point already finished (by an attempt thought lost) and stops, and stores an outcome only
// if no attempt stored one first. Any number of workers, on any machines, may share one database.
import { hostname } from "node:os";

import type PgBoss from "pg-boss";

import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import { describeError } from "../common/describe-error";
import type { Env } from "../config/api-keys";
import type { DatabaseHandle } from "../journal/database-handle";
import { retryWhileDisconnected } from "./connection-retry";
import type { AnyJobKind, OpenedRun, WorkerContext } from "./job-kind";
import { GAVE_UP_QUEUE, type JobQueue, openJobQueue, POINT_QUEUE, type PointJobData } from "./job-queue";
import { shouldRetry } from "./point-failure";
import { needsPostgres, QueueError } from "./queue-error";
import { type WorkerSettingsInput, workerSettingsSchema } from "./queue-settings";
import { finishPoint, type PointOutcome, readQueuedRun, startPoint } from "./queued-runs";
import { type WorkerEvent, workerEventError } from "./worker-events";

/** A queue of another kind of job the worker also takes (the forward test's), one job at a time per handler. */
export interface QueueHandler {
  queue: string;
  /**
   * Does one job. `signal` aborts at the job's expiry, `expiresAt` (epoch ms: pg-boss then counts it lost and hands it
   * to another worker), and when the worker stops; a throw hands the job back to pg-boss's retries. `queue` sends
   * jobs of its own; `timeoutSeconds` is the job's time limit.
   */
  handle: (
    data: unknown,
    job: { signal: AbortSignal; expiresAt: number; timeoutSeconds: number; queue: JobQueue },
  ) => Promise<void>;
}

export interface StartWorkerOptions {
  database: DatabaseHandle;
  databaseUrl: string;
  kinds: readonly AnyJobKind[];
  /** Other queues to take jobs from. */
  handlers?: readonly QueueHandler[];
  settings?: WorkerSettingsInput;
  env: Env;
  dataDir: string;
  /** A renderer to share; by default the worker launches its own and closes it when it stops. */
  renderer?: ChartRenderer;
  onEvent?: (event: WorkerEvent) => void;
  now?: () => Date;
}

export interface Worker {
  /** "host:pid", stored with every point this worker finishes. */
  readonly id: string;
  /** Stops taking jobs, lets those in flight finish (up to the stop timeout, then hands them back), closes all. */
  stop(): Promise<void>;
}

interface OpenRun {
  kind: AnyJobKind;
  run: OpenedRun<unknown, unknown>;
}

interface RunSlot {
  opened: Promise<OpenRun>;
  lastUsed: number;
}

export async function startWorker(options: StartWorkerOptions): Promise<Worker> {
  if (options.database.engine !== "postgres") throw needsPostgres("A worker");
  const settings = workerSettingsSchema.parse(options.settings ?? {});
  const emit = (event: WorkerEvent) => options.onEvent?.(event);
  const now = options.now ?? (() => new Date());
  const id = `${hostname()}:${process.pid}`;
  const stopping = new AbortController();
  const renderer = options.renderer ?? createChartRenderer();
  const context: WorkerContext = { env: options.env, dataDir: options.dataDir, database: options.database, renderer };
  const kinds = new Map(options.kinds.map((kind) => [kind.name, kind]));
  const runs = new Map<string, RunSlot>();

  // Fails fast (exit 1 in the CLI) when PostgreSQL cannot be reached at start; once running, every query waits the
  // database out instead.
  const { db } = await options.database.open();
  const onDisconnected = (error: unknown, pauseMs: number) =>
    emit({ type: "database-unreachable", error: describeError(error), retryInMs: pauseMs });
  const handlers = options.handlers ?? [];
  const queue = await openJobQueue({
    databaseUrl: options.databaseUrl,
    worker: settings,
    onDisconnected,
    queues: handlers.map((handler) => handler.queue),
  });
  const reconnecting = <T>(action: () => Promise<T>) =>
    retryWhileDisconnected(action, { signal: stopping.signal, onRetry: onDisconnected });

  async function openRun(runId: string): Promise<OpenRun> {
    const known = runs.get(runId);
    if (known) {
      known.lastUsed = Date.now();
      return known.opened;
    }
    const opened = (async () => {
      const run = await reconnecting(() => readQueuedRun(db, runId));
      if (!run) throw new QueueError({ reason: "run_not_found", message: `No queued run ${runId} in the database.` });
      const kind = kinds.get(run.kind);
      const spec = kind?.specSchema.safeParse(run.spec);
      if (!kind || !spec?.success)
        throw new QueueError({
          reason: "unreadable_run",
          message: `Queued run ${runId} (${run.kind}) is not one this worker's version can do; run a worker of the version that queued it.`,
        });
      return { kind, run: (await kind.openRun(spec.data, context)) as OpenedRun<unknown, unknown> };
    })();
    runs.set(runId, { opened, lastUsed: Date.now() });
    opened.catch(() => runs.delete(runId));
    // Keep the most recently used runs open; close the others' pipelines.
    if (runs.size > settings.openRuns) {
      const [oldest] = [...runs.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
      if (oldest && oldest[0] !== runId) {
        runs.delete(oldest[0]);
        void oldest[1].opened.then(({ run }) => run.close()).catch(() => undefined);
      }
    }
    return opened;
  }

  const store = (job: PointJobData, outcome: PointOutcome) =>
    reconnecting(() => finishPoint(db, { ...job, worker: id, now: now(), outcome }));

  async function doPoint(job: PgBoss.JobWithMetadata<PointJobData>): Promise<void> {
    const { runId, pointId } = job.data;
    const started = await reconnecting(() => startPoint(db, { runId, pointId, now: now() }));
    if (!started) return; // the run was deleted
    if (started.finished) {
      emit({ type: "point-already-finished", runId, pointId });
      return;
    }
    emit({ type: "point-started", runId, pointId, attempt: started.attempt });
    const began = performance.now();
    // The job's own time limit is pg-boss's expiry: past it the job runs again, so this attempt stops.
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(job.expireInSeconds * 1000)]);
    let outcome: PointOutcome;
    try {
      const { kind, run } = await openRun(runId);
      const input = kind.inputSchema.safeParse(started.input);
      if (!input.success)
        throw new QueueError({ reason: "unreadable_run", message: `Point ${pointId} of run ${runId} cannot be read.` });
      const result = await run.runPoint(input.data, signal);
      const failure = kind.failureOf?.(result);
      outcome = { ok: true, result, ...(failure === undefined ? {} : { error: failure }) };
    } catch (error) {
      if (shouldRetry(error) || stopping.signal.aborted) {
        emit({ type: "point-retry", runId, pointId, attempt: started.attempt, error: workerEventError(error) });
        throw error; // back to the queue, which retries it (with backoff) or, out of retries, gives it up
      }
      outcome = { ok: false, error: describeError(error) };
    }
    const stored = await store(job.data, outcome);
    emit({
      type: "point-finished",
      runId,
      pointId,
      outcome: outcome.error === undefined ? "done" : "failed",
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      stored,
      durationMs: Math.round(performance.now() - began),
    });
  }

  async function giveUp(job: PgBoss.JobWithMetadata<PointJobData>): Promise<void> {
    const { runId, pointId } = job.data;
    // pg-boss keeps the last failure: the error thrown (serialised), or its own note for a job that expired.
    const output = job.output as { message?: unknown; value?: { message?: unknown } } | null;
    const message = output?.message ?? output?.value?.message;
    const reason = typeof message === "string" ? message : "no reason recorded";
    const error = `Gave up after its retries: ${reason}`;
    const stored = await store(job.data, { ok: false, error });
    emit({ type: "point-gave-up", runId, pointId, error, stored });
  }

  // The handlers running now: a worker that stops waits for them to end before the queue's connections close.
  const handling = new Set<Promise<void>>();
  const work = <Data extends object>(name: string, handler: (job: PgBoss.JobWithMetadata<Data>) => Promise<void>) =>
    queue.boss.work<Data>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async ([job]) => {
        if (job) {
          const handled = handler(job);
          handling.add(handled);
          await handled.finally(() => handling.delete(handled));
        }
        // Ask again at once while there is work, rather than after a polling interval.
        if (workerIds.length > 0) for (const workerId of workerIds) queue.boss.notifyWorker(workerId);
      },
    );
  const workerIds: string[] = [];
  for (let slot = 0; slot < settings.concurrency; slot += 1) workerIds.push(await work(POINT_QUEUE, doPoint));
  await work(GAVE_UP_QUEUE, giveUp);
  for (const { queue: name, handle } of handlers)
    await work<object>(name, async (job) => {
      // pg-boss reads it from PostgreSQL as a numeric ("900.000000" since PostgreSQL 14).
      const timeoutSeconds = Math.round(Number(job.expireInSeconds));
      // The handler stops a tenth before pg-boss counts the job lost and hands it on, so the two never overlap.
      const stopAt = timeoutSeconds * 900;
      try {
        await handle(job.data, {
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(stopAt)]),
          expiresAt: Date.now() + stopAt,
          timeoutSeconds,
          queue,
        });
      } catch (error) {
        emit({ type: "job-failed", queue: name, error: workerEventError(error) });
        throw error;
      }
    });
  emit({ type: "started", worker: id, concurrency: settings.concurrency });

  return {
    id,
    async stop() {
      emit({ type: "stopping", worker: id });
      // pg-boss stops fetching, waits for the jobs in flight up to the timeout, then hands those left back to the
      // queue (they run again elsewhere); only then are they stopped here, and the queue closes once they have ended.
      await queue.stop({
        timeoutMs: settings.stopTimeoutSeconds * 1000,
        windDown: async () => {
          stopping.abort(new Error("The worker is stopping."));
          await Promise.allSettled([...handling]);
        },
      });
      await Promise.all(
        [...runs.values()].map((slot) => slot.opened.then(({ run }) => run.close()).catch(() => undefined)),
      );
      runs.clear();
      if (!options.renderer) await renderer.close();
      emit({ type: "stopped", worker: id });
    },
  };
}
