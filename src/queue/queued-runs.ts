// The queued runs' rows (queued_runs, queued_points): a run with its spec and points is written in the transaction
// that creates its jobs; a worker marks a point started (counting attempts) and finishes it once: the first result
// stored wins, so a point retried, or run twice because its first worker was thought lost, is recorded exactly once.
import type { Insertable, Kysely } from "kysely";

import type { JournalDatabase, QueuedPointsTable } from "../journal/database-schema";

/** Rows per INSERT: well under PostgreSQL's limit on bound values per statement. */
const ROWS_PER_INSERT = 500;

export interface NewQueuedRun {
  id: string;
  kind: string;
  createdAt: string;
  label: string;
  spec: unknown;
  points: readonly { id: string; input: unknown }[];
}

export async function insertQueuedRun(db: Kysely<JournalDatabase>, run: NewQueuedRun): Promise<void> {
  await db
    .insertInto("queued_runs")
    .values({
      id: run.id,
      kind: run.kind,
      created_at: run.createdAt,
      label: run.label,
      spec: JSON.stringify(run.spec),
      point_count: run.points.length,
      reported_at: null,
      journal_run_id: null,
    })
    .execute();
  const rows: Insertable<QueuedPointsTable>[] = run.points.map((point, position) => ({
    run_id: run.id,
    point_id: point.id,
    position,
    input: JSON.stringify(point.input),
    started_at: null,
    finished_at: null,
    worker: null,
    result: null,
    error: null,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await db
      .insertInto("queued_points")
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
}

export interface QueuedRunRow {
  id: string;
  kind: string;
  createdAt: string;
  label: string;
  spec: unknown;
  pointCount: number;
  reportedAt: string | null;
  journalRunId: string | null;
}

export async function readQueuedRun(db: Kysely<JournalDatabase>, runId: string): Promise<QueuedRunRow | undefined> {
  const row = await db.selectFrom("queued_runs").selectAll().where("id", "=", runId).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at,
    label: row.label,
    spec: JSON.parse(row.spec) as unknown,
    pointCount: Number(row.point_count),
    reportedAt: row.reported_at,
    journalRunId: row.journal_run_id,
  };
}

/** A point as a worker starts it: its input, and whether another attempt already finished it. */
export async function startPoint(
  db: Kysely<JournalDatabase>,
  point: { runId: string; pointId: string; now: Date },
): Promise<{ input: unknown; attempt: number; finished: boolean } | undefined> {
  const row = await db
    .updateTable("queued_points")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), started_at: point.now.toISOString() }))
    .where("run_id", "=", point.runId)
    .where("point_id", "=", point.pointId)
    .returning(["input", "attempts", "finished_at"])
    .executeTakeFirst();
  if (!row) return undefined;
  return { input: JSON.parse(row.input) as unknown, attempt: Number(row.attempts), finished: row.finished_at !== null };
}

/**
 * What a point came to: a result (with the reason it failed, when the kind's result says it did: an analysis that
 * failed is still a result to report), or only an error (the job failed, or gave up).
 */
export type PointOutcome = { ok: true; result: unknown; error?: string } | { ok: false; error: string };

/** Stores the point's outcome unless an earlier attempt did; true when this call stored it. */
export async function finishPoint(
  db: Kysely<JournalDatabase>,
  point: { runId: string; pointId: string; worker: string; now: Date; outcome: PointOutcome },
): Promise<boolean> {
  const { outcome } = point;
  const updated = await db
    .updateTable("queued_points")
    .set({
      finished_at: point.now.toISOString(),
      worker: point.worker,
      result: outcome.ok ? JSON.stringify(outcome.result) : null,
      error: outcome.error ?? null,
    })
    .where("run_id", "=", point.runId)
    .where("point_id", "=", point.pointId)
    .where("finished_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export interface FinishedPoint {
  pointId: string;
  position: number;
  input: unknown;
  attempts: number;
  /** Null while the point is pending. */
  finishedAt: string | null;
  worker: string | null;
  result: unknown;
  error: string | null;
}

export async function readQueuedPoints(db: Kysely<JournalDatabase>, runId: string): Promise<FinishedPoint[]> {
  const rows = await db
    .selectFrom("queued_points")
    .selectAll()
    .where("run_id", "=", runId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    pointId: row.point_id,
    position: Number(row.position),
    input: JSON.parse(row.input) as unknown,
    attempts: Number(row.attempts),
    finishedAt: row.finished_at,
    worker: row.worker,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    error: row.error,
  }));
}

/**
 * Claims the run's one report record: true for the first caller (it records the run in the journal, then calls
 * markRecorded), false when another report got there first. A caller that fails to record gives the claim back.
 */
export async function claimReport(db: Kysely<JournalDatabase>, runId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable("queued_runs")
    .set({ reported_at: now.toISOString() })
    .where("id", "=", runId)
    .where("reported_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function markRecorded(db: Kysely<JournalDatabase>, runId: string, journalRunId: string): Promise<void> {
  await db.updateTable("queued_runs").set({ journal_run_id: journalRunId }).where("id", "=", runId).execute();
}

export async function releaseReport(db: Kysely<JournalDatabase>, runId: string): Promise<void> {
  await db
    .updateTable("queued_runs")
    .set({ reported_at: null })
    .where("id", "=", runId)
    .where("journal_run_id", "is", null)
    .execute();
}
