// The job queue: pg-boss on the journal's PostgreSQL database, in its own schema (pgboss). pg-boss keeps the jobs,
// hands each to one worker (SKIP LOCKED), retries failures with exponential backoff, runs again a job whose worker
// stopped answering (expiry, found by the maintenance pass), and moves a job that used up its retries to the
// "gave up" queue. This module only opens it on a connection pool of its own whose queries ride out a lost
// connection (connection-retry.ts), and names the two queues.
import { CompiledQuery, type Kysely } from "kysely";
import type { Pool } from "pg";
import type PgBoss from "pg-boss";

import { describeError } from "../common/describe-error";
import type { JournalDatabase } from "../journal/database-schema";
import { redactDatabaseUrl } from "../journal/postgres-database";
import { retryWhileDisconnected } from "./connection-retry";
import { QueueError } from "./queue-error";
import type { WorkerSettings } from "./queue-settings";

/** One job per decision point: `{runId, pointId}`. */
export const POINT_QUEUE = "quantagent-points";
/** Jobs that used up their retries land here, so a worker records their point as failed. */
export const GAVE_UP_QUEUE = "quantagent-points-gave-up";

/** The advisory lock the processes take turns on while they create the queues (any fixed number of ours). */
const QUEUE_SETUP_LOCK = 7_315_042_113;

export interface PointJobData {
  runId: string;
  pointId: string;
}

export interface JobQueueOptions {
  databaseUrl: string;
  /** Workers look for lost jobs and poll; a process that only enqueues or reads does neither. */
  worker?: Pick<WorkerSettings, "maintenanceIntervalSeconds" | "pollingIntervalSeconds">;
  /** Connections the queue keeps at most. @default 4 */
  poolSize?: number;
  /** Told when a query waits for the database to come back. */
  onDisconnected?: (error: unknown, pauseMs: number) => void;
  /** Queues of other kinds of job to create (the forward test's), beside the points'. */
  queues?: readonly string[];
  /** Sends the jobs of pg-boss's cron schedules (the forward test's rounds): a server does, a worker need not. */
  scheduler?: boolean;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Runs pg-boss's statements inside a Kysely transaction, so jobs are created with the rows they refer to. */
  inTransaction(transaction: Kysely<JournalDatabase>): PgBoss.Db;
  /**
   * Stops pg-boss (waiting up to `timeoutMs` for the jobs in flight, then handing the others back to the queue),
   * runs `windDown` (a worker ends its handlers there), lets every statement already sent finish, then closes the
   * connections: pg-boss settles a job whose handler ends late without waiting, so the pool must still be open then.
   */
  stop(options?: { timeoutMs?: number; windDown?: () => Promise<void> }): Promise<void>;
}

export async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const pg = (await import("pg")).default;
  const PgBossClass = (await import("pg-boss")).default;
  const pool: Pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 4 });
  // A dropped idle connection is an 'error' event; the pool replaces it on the next query.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined)); // see postgres-database.ts
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  const db: PgBoss.Db = {
    // Every statement pg-boss runs (fetch, complete, fail, maintenance) waits out a lost connection instead of
    // failing: pg-boss completes jobs without waiting for the answer, so a failure there would be lost work.
    executeSql: async (text, values) => {
      if (closed) return { rows: [] };
      const statement = retryWhileDisconnected(() => pool.query(text, values), {
        onRetry: options.onDisconnected,
      }).catch((error: unknown) => {
        if (closed) return { rows: [] };
        throw error;
      });
      inFlight.add(statement);
      return statement.finally(() => inFlight.delete(statement));
    },
  };
  const boss = new PgBossClass({
    db,
    schema: "pgboss",
    // Cron schedules are sent by the processes asked to (pg-boss sends each minute's job once, however many do);
    // workers supervise (find lost jobs), other processes do not.
    schedule: options.scheduler === true,
    supervise: options.worker !== undefined,
    ...(options.worker
      ? {
          maintenanceIntervalSeconds: options.worker.maintenanceIntervalSeconds,
          pollingIntervalSeconds: options.worker.pollingIntervalSeconds,
        }
      : {}),
  });
  boss.on("error", () => undefined); // maintenance errors are retried at the next pass; the worker logs its own
  try {
    // Fails fast when PostgreSQL cannot be reached: the first query runs before any retry loop.
    await pool.query("select 1");
    await boss.start();
    // Creating a queue creates its tables: processes starting together on a new database would deadlock there, so
    // they take turns (a lock of this database's, held on one connection while the queues are made).
    const turn = await pool.connect();
    try {
      await turn.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK]);
      await boss.createQueue(GAVE_UP_QUEUE, { name: GAVE_UP_QUEUE });
      await boss.createQueue(POINT_QUEUE, { name: POINT_QUEUE, deadLetter: GAVE_UP_QUEUE });
      for (const name of options.queues ?? []) await boss.createQueue(name, { name });
    } finally {
      await turn.query("select pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK]).catch(() => undefined);
      turn.release();
    }
  } catch (error) {
    closed = true;
    await pool.end().catch(() => undefined);
    throw new QueueError({
      reason: "unavailable",
      cause: error,
      message:
        `Cannot open the job queue in ${redactDatabaseUrl(options.databaseUrl)}: ${describeError(error)}. ` +
        "Check DATABASE_URL and that PostgreSQL is running and reachable from this machine.",
    });
  }
  return {
    boss,
    inTransaction: (transaction) => ({
      executeSql: async (text, values) => await transaction.executeQuery(CompiledQuery.raw(text, values ?? [])),
    }),
    async stop(stopOptions = {}) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: stopOptions.timeoutMs ?? 30_000 });
      await stopOptions.windDown?.();
      // pg-boss settles an ended handler's job a few promise turns later: let those turns pass, then wait for it.
      await new Promise((resolve) => setImmediate(resolve));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      closed = true;
      await pool.end().catch(() => undefined);
    },
  };
}
