// How far queued runs have got, read from the database by any machine: per run its points done, failed, running
// (started by a worker and not finished) and waiting, newest run first behind the journal's kind of cursor.
import { type Kysely, sql } from "kysely";
import { z } from "zod";

import type { DatabaseHandle } from "../journal/database-handle";
import type { JournalDatabase } from "../journal/database-schema";
import { newestFirstPage } from "../journal/list-cursor";
import { parseInput } from "../journal/parse-input";

export interface RunProgress {
  id: string;
  kind: string;
  createdAt: string;
  /** What the run is (its models, assets, windows), in one line. */
  label: string;
  points: number;
  done: number;
  failed: number;
  running: number;
  waiting: number;
  /** Null until a report was written from the finished run. */
  reportedAt: string | null;
  journalRunId: string | null;
}

/** Points not finished yet (running or waiting). */
export const pendingPoints = (progress: Pick<RunProgress, "running" | "waiting">): number =>
  progress.running + progress.waiting;

export const listRunsOptionsSchema = z.strictObject({
  /** @default 20 */
  limit: z.number().int().min(1).max(200, "must be at most 200").default(20),
  cursor: z.string().max(512).optional(),
  /** Only runs of this kind (evaluation, backtest). */
  kind: z.string().max(64).optional(),
  /** Only runs no report has been written from yet (a reported run is in the journal as a finished run). */
  unreported: z.boolean().optional(),
});
export type ListRunsOptions = z.input<typeof listRunsOptionsSchema>;

const counts = {
  done: sql<string>`count(*) filter (where p.finished_at is not null and p.error is null)`,
  failed: sql<string>`count(*) filter (where p.finished_at is not null and p.error is not null)`,
  running: sql<string>`count(*) filter (where p.finished_at is null and p.started_at is not null)`,
  waiting: sql<string>`count(*) filter (where p.finished_at is null and p.started_at is null)`,
};

function baseQuery(db: Kysely<JournalDatabase>) {
  return db
    .selectFrom("queued_runs as r")
    .leftJoin("queued_points as p", "p.run_id", "r.id")
    .select([
      "r.id as id",
      "r.kind as kind",
      "r.created_at as created_at",
      "r.label as label",
      "r.point_count as point_count",
      "r.reported_at as reported_at",
      "r.journal_run_id as journal_run_id",
      counts.done.as("done"),
      counts.failed.as("failed"),
      counts.running.as("running"),
      counts.waiting.as("waiting"),
    ])
    .groupBy("r.id");
}

type ProgressRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function toProgress(row: ProgressRow): RunProgress {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at,
    label: row.label,
    points: Number(row.point_count),
    done: Number(row.done),
    failed: Number(row.failed),
    running: Number(row.running),
    waiting: Number(row.waiting),
    reportedAt: row.reported_at,
    journalRunId: row.journal_run_id,
  };
}

export async function runProgress(db: Kysely<JournalDatabase>, runId: string): Promise<RunProgress | undefined> {
  const row = await baseQuery(db).where("r.id", "=", runId).executeTakeFirst();
  return row && toProgress(row);
}

export async function listRuns(
  db: Kysely<JournalDatabase>,
  input: ListRunsOptions = {},
): Promise<{ runs: RunProgress[]; nextCursor: string | null }> {
  const { limit, cursor, kind, unreported } = parseInput(listRunsOptionsSchema, input, "run list options");
  let query = baseQuery(db);
  if (kind !== undefined) query = query.where("r.kind", "=", kind);
  if (unreported) query = query.where("r.reported_at", "is", null);
  const { rows, nextCursor } = await newestFirstPage(query, { limit, cursor });
  return { runs: rows.map(toProgress), nextCursor };
}

/** Run progress as a server reads it: from the database, opened on first use. */
export interface QueuedRunsReader {
  list(options?: ListRunsOptions): Promise<{ runs: RunProgress[]; nextCursor: string | null }>;
  get(runId: string): Promise<RunProgress | undefined>;
}

export function queuedRunsReader(database: DatabaseHandle): QueuedRunsReader {
  return {
    list: async (options) => listRuns((await database.open()).db, options),
    get: async (runId) => runProgress((await database.open()).db, runId),
  };
}
