// Accuracy of stored evaluation points per model, provider, prompt version, asset or timeframe, with Wilson 95%
// intervals: runs of different models compare side by side. Scored per horizon as the evaluation report's default
// protocol scores them, so one run's row here equals its report: a move of exactly zero is left out (no direction to
// call), or kept as a miss with `flatMoves: "miss"` as the published protocol does. Failed points and runs without
// a model have no directive and are left out, and so are runs of the demo provider (scripted answers, not a model).
import { type Kysely, sql } from "kysely";
import { z } from "zod";

import type { JournalDatabase } from "./database-schema";
import {
  type AccuracyFigures,
  accuracyFigures,
  compareText,
  countOf,
  groupColumn,
  type JournalGrouping,
  journalGroupingSchema,
} from "./journal-grouping";
import { parseInput } from "./parse-input";

export const leaderboardOptionsSchema = z.strictObject({
  groupBy: journalGroupingSchema,
  /** Bars after the decision; any horizon the runs stored. @default 3 */
  horizon: z.number().int().positive().default(3),
  /** A move of exactly zero: left out of the score, or a miss for either directive. @default "excluded" */
  flatMoves: z.enum(["excluded", "miss"]).default("excluded"),
});
export type LeaderboardOptions = z.input<typeof leaderboardOptionsSchema>;

export interface LeaderboardGroup extends AccuracyFigures {
  key: string;
  /** Runs contributing points. */
  runs: number;
  /** Points with a directive and a move at this horizon (flat moves included). */
  points: number;
  /** Mean return of following the directives over the scored points; null when none. */
  mean_return: number | null;
}

export interface Leaderboard {
  groupBy: JournalGrouping;
  horizon: number;
  flatMoves: "excluded" | "miss";
  groups: LeaderboardGroup[];
}

/** The grouping's column: the run's, but the point's asset (a run may cover several). */
function leaderboardColumn(groupBy: JournalGrouping) {
  const column = groupColumn(groupBy);
  return column === "asset" ? ("evaluation_points.asset" as const) : (`evaluation_runs.${column}` as const);
}

export async function leaderboard(db: Kysely<JournalDatabase>, input: LeaderboardOptions): Promise<Leaderboard> {
  const { groupBy, horizon, flatMoves } = parseInput(leaderboardOptionsSchema, input, "leaderboard options");
  const flatCounts = flatMoves === "miss" ? 1 : 0;
  const column = leaderboardColumn(groupBy);
  const rows = await db
    .selectFrom("evaluation_moves")
    .innerJoin("evaluation_points", (join) =>
      join
        .onRef("evaluation_points.run_id", "=", "evaluation_moves.run_id")
        .onRef("evaluation_points.point_id", "=", "evaluation_moves.point_id"),
    )
    .innerJoin("evaluation_runs", "evaluation_runs.id", "evaluation_moves.run_id")
    // Benchmark evaluations only: a backtest's decisions are on its own series, scored by its own report.
    .where("evaluation_runs.kind", "=", "evaluation")
    .where("evaluation_moves.horizon", "=", horizon)
    .where("evaluation_points.directive", "is not", null)
    // The demo provider's runs are scripted, not a model's: never on the leaderboard.
    .where((eb) =>
      eb.and([
        eb.or([eb("evaluation_runs.graph_provider", "is", null), eb("evaluation_runs.graph_provider", "!=", "demo")]),
        eb.or([eb("evaluation_runs.agent_provider", "is", null), eb("evaluation_runs.agent_provider", "!=", "demo")]),
      ]),
    )
    .select((eb) => [
      eb.ref(column).as("key"),
      eb.fn.count("evaluation_runs.id").distinct().as("runs"),
      eb.fn.countAll().as("points"),
      sql<number>`sum(case when evaluation_moves.move <> 0 then 1 else ${sql.lit(flatCounts)} end)`.as("scored"),
      sql<number>`sum(case when (evaluation_points.directive = 'LONG' and evaluation_moves.move > 0)
        or (evaluation_points.directive = 'SHORT' and evaluation_moves.move < 0) then 1 else 0 end)`.as("hits"),
      sql<number>`sum(case when evaluation_points.directive = 'LONG' then evaluation_moves.move else -evaluation_moves.move end)`.as(
        "return_sum",
      ),
    ])
    .groupBy(column)
    .execute();
  const groups = rows.map((row): LeaderboardGroup => {
    const scored = countOf(row.scored);
    return {
      key: row.key === null ? "(none)" : String(row.key),
      runs: countOf(row.runs),
      points: countOf(row.points),
      ...accuracyFigures(countOf(row.hits), scored),
      // Flat moves add 0 to the sum, so dividing by the scored points gives the mean over them.
      mean_return: scored === 0 ? null : countOf(row.return_sum) / scored,
    };
  });
  return { groupBy, horizon, flatMoves, groups: groups.sort((left, right) => compareText(left.key, right.key)) };
}
