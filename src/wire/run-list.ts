// One list of every run, newest first, for GET /api/runs and `quantagent history runs`: the evaluations, backtests
// and chart-reading probes the journal recorded (finished) and the runs still with the workers (queued, from the shared PostgreSQL database).
// Both are paged by the journal's kind of cursor, (created_at, id), so a page is the newest of both after the cursor
// and no run appears twice; a queued run leaves the list once its report is written and its finished run is in the
// journal. `state` asks for one source alone (the page's card of queued runs pages through those, however many
// finished runs are newer).
import type { z } from "zod";

import type { Journal } from "../journal/journal";
import { encodeCursor } from "../journal/list-cursor";
import type { QueuedRunsReader } from "../queue/run-progress";
import { type runsPageAnswerSchema, wireFinishedRun, wireQueuedRun, type wireRunSchema } from "./runs";

type WireRun = z.infer<typeof wireRunSchema>;

export interface RunSources {
  journal: Pick<Journal, "listEvaluationRuns">;
  /** Absent where nothing can be queued (the SQLite journal). */
  queuedRuns?: QueuedRunsReader;
}

export interface RunListQuery {
  kind?: "evaluation" | "backtest" | "probe";
  /** Only the journal's finished runs, or only the queued ones; default both. */
  state?: "finished" | "queued";
  limit: number;
  cursor?: string;
}

/** Newest first by (created_at, id), as both sources page. */
const newerFirst = (a: WireRun, b: WireRun) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

export async function listRuns(
  sources: RunSources,
  query: RunListQuery,
): Promise<z.infer<typeof runsPageAnswerSchema>> {
  const { state, ...rest } = query;
  const { limit } = rest;
  const none = { runs: [], nextCursor: null };
  const [finished, queued] = await Promise.all([
    state === "queued" ? none : sources.journal.listEvaluationRuns({ ...rest, limit }),
    sources.queuedRuns && state !== "finished" ? sources.queuedRuns.list({ ...rest, limit, unreported: true }) : none,
  ]);
  const merged = [...finished.runs.map(wireFinishedRun), ...queued.runs.map(wireQueuedRun)].sort(newerFirst);
  const runs = merged.slice(0, limit);
  const last = runs.at(-1);
  const more = merged.length > limit || finished.nextCursor !== null || queued.nextCursor !== null;
  const nextCursor = more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { runs, next_cursor: nextCursor };
}
