// Evaluation, backtest and chart-reading probe runs in the journal's database: recorded whole in one transaction (the run, its points,
// their moves), listed newest first behind the same kind of keyset cursor as the history list (all runs, or one
// kind), and read back one at a time with a backtest's report.
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";

import type {
  EvaluationMovesTable,
  EvaluationPointsTable,
  EvaluationRunsTable,
  JournalDatabase,
} from "./database-schema";
import { evaluationRunInputSchema } from "./evaluation-run-input";
import type { PluginUsed } from "./journal-entry";
import { newJournalId } from "./journal-id";
import { newestFirstPage, pageOptionsShape } from "./list-cursor";
import { parseInput } from "./parse-input";

/** Rows per INSERT: well under both engines' limits on bound values per statement. */
const ROWS_PER_INSERT = 400;

export interface RecordedEvaluationRun {
  id: string;
  createdAt: string;
  pointCount: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export async function recordEvaluationRun(
  db: Kysely<JournalDatabase>,
  input: unknown,
  options: { signal?: AbortSignal; now?: () => Date } = {},
): Promise<RecordedEvaluationRun> {
  const run = parseInput(evaluationRunInputSchema, input, "evaluation run");
  const now = (options.now ?? (() => new Date()))();
  const id = newJournalId(now.getTime());
  const createdAt = now.toISOString();
  const points: EvaluationPointsTable[] = run.points.map((point) => ({
    run_id: id,
    point_id: point.id,
    asset: point.asset,
    window_index: point.window,
    point_index: point.point,
    last_bar_time: point.lastBarTime,
    entry_close: point.entryClose,
    directive: point.directive,
    error: point.error,
  }));
  const moves: EvaluationMovesTable[] = run.points.flatMap((point) =>
    point.moves.map((move) => ({ run_id: id, point_id: point.id, horizon: move.horizon, move: move.move })),
  );
  options.signal?.throwIfAborted();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto("evaluation_runs")
      .values({
        id,
        created_at: createdAt,
        kind: run.kind,
        report: run.report === null ? null : JSON.stringify(run.report),
        timeframe: run.timeframe,
        settings: JSON.stringify(run.settings),
        agent_provider: run.models?.agent.provider ?? null,
        agent_model: run.models?.agent.model ?? null,
        graph_provider: run.models?.graph.provider ?? null,
        graph_model: run.models?.graph.model ?? null,
        prompt_version: run.promptVersion,
        plugins: JSON.stringify(run.plugins),
        point_count: points.length,
      })
      .execute();
    for (const rows of chunks(points, ROWS_PER_INSERT))
      await transaction.insertInto("evaluation_points").values(rows).execute();
    for (const rows of chunks(moves, ROWS_PER_INSERT))
      await transaction.insertInto("evaluation_moves").values(rows).execute();
  });
  return { id, createdAt, pointCount: points.length };
}

const runIdSchema = z.string().trim().min(1, "must not be empty").max(64, "is too long");

export const runKindSchema = z.enum(["evaluation", "backtest", "probe"], {
  error: "must be evaluation, backtest or probe",
});
export type RunKind = z.infer<typeof runKindSchema>;

export const listEvaluationRunsOptionsSchema = z.strictObject({
  /** Only runs of this kind; default every run. */
  kind: runKindSchema.optional(),
  ...pageOptionsShape,
});
export type ListEvaluationRunsOptions = z.input<typeof listEvaluationRunsOptionsSchema>;

export interface EvaluationRunSummary {
  id: string;
  createdAt: string;
  kind: RunKind;
  timeframe: string;
  settings: Record<string, unknown>;
  /** Null for a run without models. */
  models: { agent: { provider: string; model: string }; graph: { provider: string; model: string } } | null;
  promptVersion: string;
  plugins: PluginUsed[];
  pointCount: number;
  /**
   * Made with the demo provider ("demo: scripted, not a model"): its decisions come from a fixed rule, so the run
   * is never on the leaderboard, and every list says so.
   */
  demo: boolean;
}

export interface EvaluationRunPage {
  runs: EvaluationRunSummary[];
  nextCursor: string | null;
}

export interface EvaluationRunDetail extends EvaluationRunSummary {
  /** A backtest's report (its lines with their equity curves, the paired tests), a probe's scores; null for an evaluation. */
  report: Record<string, unknown> | null;
}

type RunRow = Selectable<EvaluationRunsTable>;

export async function listEvaluationRuns(
  db: Kysely<JournalDatabase>,
  input: ListEvaluationRunsOptions = {},
): Promise<EvaluationRunPage> {
  const { kind, limit, cursor } = parseInput(listEvaluationRunsOptionsSchema, input, "evaluation run list options");
  // The report is left out of the list: a backtest's equity curves are read one run at a time.
  const columns = [
    "id",
    "created_at",
    "kind",
    "timeframe",
    "settings",
    "agent_provider",
    "agent_model",
    "graph_provider",
    "graph_model",
    "prompt_version",
    "plugins",
    "point_count",
  ] as const;
  const query = db.selectFrom("evaluation_runs").select(columns);
  const { rows, nextCursor } = await newestFirstPage(kind === undefined ? query : query.where("kind", "=", kind), {
    limit,
    cursor,
  });
  return { runs: rows.map(runSummary), nextCursor };
}

/** One run with its report; null for an unknown id. */
export async function getEvaluationRun(db: Kysely<JournalDatabase>, id: string): Promise<EvaluationRunDetail | null> {
  const checked = parseInput(runIdSchema, id, "run id");
  const row = await db.selectFrom("evaluation_runs").selectAll().where("id", "=", checked).executeTakeFirst();
  if (!row) return null;
  return {
    ...runSummary(row),
    report: row.report === null ? null : (JSON.parse(row.report) as Record<string, unknown>),
  };
}

function runSummary(row: Omit<RunRow, "report">): EvaluationRunSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    kind: runKindSchema.catch("evaluation").parse(row.kind),
    timeframe: row.timeframe,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    models:
      row.agent_provider === null || row.agent_model === null || row.graph_provider === null || row.graph_model === null
        ? null
        : {
            agent: { provider: row.agent_provider, model: row.agent_model },
            graph: { provider: row.graph_provider, model: row.graph_model },
          },
    promptVersion: row.prompt_version,
    plugins: JSON.parse(row.plugins) as PluginUsed[],
    pointCount: Number(row.point_count),
    demo: row.agent_provider === "demo" || row.graph_provider === "demo",
  };
}
