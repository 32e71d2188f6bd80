// The journal's statistics split at each analysis's graph model's training cutoff (llm/training-cutoffs.ts): the
// decisions a model made about bars from before its training data ended (it may have seen what came next: a replay of
// history) against those about bars it cannot have seen (every live analysis, and replays of recent history). A model
// with no known cutoff, or a run that failed before loading data, counts under `unsplit`.
//
// Counted in SQL per group, graph model and month of the decision bar (the first 7 characters of its ISO time), so
// only a few rows come back; each row is then put on its side by comparing its month with the model's cutoff month.
import { type Kysely, sql } from "kysely";

import { findTrainingCutoff } from "../llm/training-cutoffs";
import { analysisFilterCondition, type AnalysisFilterValues } from "./analysis-filter";
import type { JournalDatabase } from "./database-schema";
import { type AccuracyFigures, accuracyFigures, countOf, notDemo } from "./journal-grouping";

export const cutoffSides = ["before", "after", "unsplit"] as const;
export type CutoffSideName = (typeof cutoffSides)[number];

export interface SideFigures extends AccuracyFigures {
  /** Analyses on this side, failed and unscored ones included. */
  n: number;
}

export type CutoffSplitFigures = Record<CutoffSideName, SideFigures>;

type Column = "graph_model" | "graph_provider" | "asset" | "timeframe" | "prompt_version";

/**
 * One row per group and side, keyed "gpt-4o (before)", for a table; a group without split figures stays one row.
 */
export function splitRows<Group extends AccuracyFigures & { key: string; n: number; split?: CutoffSplitFigures }>(
  groups: readonly Group[],
): (SideFigures & { key: string })[] {
  return groups.flatMap((group) =>
    group.split
      ? cutoffSides.map((side) => ({ ...group.split![side], key: `${group.key} (${side})` }))
      : [
          {
            key: group.key,
            n: group.n,
            scored: group.scored,
            hits: group.hits,
            accuracy: group.accuracy,
            ci_low: group.ci_low,
            ci_high: group.ci_high,
          },
        ],
  );
}

/** The side of one analysis: by the month of its decision bar against its graph model's cutoff month. */
export function cutoffSideOf(graphModel: string, entryMonth: string | null): CutoffSideName {
  const cutoff = findTrainingCutoff(graphModel)?.cutoff;
  if (!cutoff || entryMonth === null) return "unsplit";
  // "YYYY-MM" strings order as the months do; the cutoff month itself is "before" (the model may have seen it).
  return entryMonth > cutoff ? "after" : "before";
}

/** Per group key, the figures on each side of the cutoff. */
export async function cutoffSplitByGroup(
  db: Kysely<JournalDatabase>,
  options: {
    column: Column;
    hit: "outcome_1_hit" | "outcome_3_hit";
    filter: AnalysisFilterValues;
  },
): Promise<Map<string, CutoffSplitFigures>> {
  const month = sql<string | null>`substr(entry_time, 1, 7)`;
  const rows = await db
    .selectFrom("analyses")
    .where(analysisFilterCondition(options.filter))
    // As in the group's own figures: the demo provider's analyses count on no side.
    .where(notDemo)
    .select((eb) => [
      eb.ref(options.column).as("key"),
      "graph_model",
      month.as("month"),
      eb.fn.countAll().as("n"),
      eb.fn.count(options.hit).as("scored"),
      eb.fn.sum(options.hit).as("hits"),
    ])
    .groupBy([options.column, "graph_model", month])
    .execute();
  const tallies = new Map<string, Record<CutoffSideName, { n: number; scored: number; hits: number }>>();
  for (const row of rows) {
    const key = String(row.key);
    const sides = tallies.get(key) ?? {
      before: { n: 0, scored: 0, hits: 0 },
      after: { n: 0, scored: 0, hits: 0 },
      unsplit: { n: 0, scored: 0, hits: 0 },
    };
    const side = sides[cutoffSideOf(row.graph_model, row.month)];
    side.n += countOf(row.n);
    side.scored += countOf(row.scored);
    side.hits += countOf(row.hits);
    tallies.set(key, sides);
  }
  return new Map(
    [...tallies].map(([key, sides]) => [
      key,
      Object.fromEntries(
        cutoffSides.map((name) => [
          name,
          { n: sides[name].n, ...accuracyFigures(sides[name].hits, sides[name].scored) },
        ]),
      ) as CutoffSplitFigures,
    ]),
  );
}
