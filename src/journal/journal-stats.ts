// Accuracy of recorded analyses per group (model, provider, asset, timeframe, prompt version), with Wilson 95%
// intervals, over all time or bucketed by day or week for a chart. Counting happens in SQL; only one row per group
// (and per day) comes back. Flat closes count as misses (see outcome.ts); days are UTC days of the recording time.
// Analyses made with the demo provider are left out of every figure here. Each group also says whether its stated
// confidence tells right calls from wrong ones, and how stable its sampled decisions were (decision-quality-stats.ts).
import { type Kysely, sql } from "kysely";
import { z } from "zod";

import { analysisFilterCondition, analysisFilterShape } from "./analysis-filter";
import { cutoffSplitByGroup, type CutoffSplitFigures } from "./cutoff-stats";
import type { JournalDatabase } from "./database-schema";
import { type CalibrationFigures, decisionQualityByGroup, type StabilityFigures } from "./decision-quality-stats";
import {
  type AccuracyFigures,
  accuracyFigures,
  compareText,
  countOf,
  groupColumn,
  horizonSchema,
  type JournalGrouping,
  journalGroupingSchema,
  notDemo,
} from "./journal-grouping";
import { parseInput } from "./parse-input";

export const statsOptionsSchema = z.strictObject({
  groupBy: journalGroupingSchema,
  /** Bars after the entry. @default 3 */
  horizon: horizonSchema.default(3),
  /** "cutoff": each group also split at its analyses' graph models' training cutoffs (cutoff-stats.ts). */
  split: z.enum(["cutoff"], { error: 'must be "cutoff"' }).optional(),
  ...analysisFilterShape,
});
export type StatsOptions = z.input<typeof statsOptionsSchema>;

export interface StatsGroup extends AccuracyFigures {
  key: string;
  /** Analyses recorded in the group: failed and not yet scored ones included. */
  n: number;
  /** With split "cutoff": the group's figures before, after and without a known training cutoff. */
  split?: CutoffSplitFigures;
  /** Whether the stated confidence tells right calls from wrong ones; null when no scored analysis has one. */
  calibration: CalibrationFigures | null;
  /** With several samples of the Decision agent: how stable the answer was; null otherwise. */
  stability: StabilityFigures | null;
}

export interface JournalStats {
  groupBy: JournalGrouping;
  horizon: 1 | 3;
  groups: StatsGroup[];
  /**
   * Demo analyses the filters select, left out of every group: said beside the figures, so a journal of demo runs
   * alone does not read as empty.
   */
  demoLeftOut: number;
}

export const accuracyOverTimeOptionsSchema = statsOptionsSchema.extend({
  /** @default "day" */
  bucket: z.enum(["day", "week"]).default("day"),
});
export type AccuracyOverTimeOptions = z.input<typeof accuracyOverTimeOptionsSchema>;

export interface AccuracyPoint extends AccuracyFigures {
  /** First day of the bucket (a Monday for weeks), YYYY-MM-DD, UTC. */
  start: string;
}

export interface AccuracyOverTime {
  groupBy: JournalGrouping;
  horizon: 1 | 3;
  bucket: "day" | "week";
  series: { key: string; points: AccuracyPoint[] }[];
}

const hitColumn = (horizon: 1 | 3) => (horizon === 1 ? ("outcome_1_hit" as const) : ("outcome_3_hit" as const));

export async function journalStats(db: Kysely<JournalDatabase>, input: StatsOptions): Promise<JournalStats> {
  const { groupBy, horizon, split, ...filter } = parseInput(statsOptionsSchema, input, "stats options");
  const column = groupColumn(groupBy);
  const hit = hitColumn(horizon);
  const rows = await db
    .selectFrom("analyses")
    .where(analysisFilterCondition(filter))
    .where(notDemo)
    // count(column) counts the rows where it is not null: the scored ones; the sum of 0/1 hits counts the hits.
    .select((eb) => [
      eb.ref(column).as("key"),
      eb.fn.countAll().as("n"),
      eb.fn.count(hit).as("scored"),
      eb.fn.sum(hit).as("hits"),
    ])
    .groupBy(column)
    .execute();
  const demo = await db
    .selectFrom("analyses")
    .where(analysisFilterCondition(filter))
    .where((eb) => eb.not(notDemo(eb)))
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  const sides = split === "cutoff" ? await cutoffSplitByGroup(db, { column, hit, filter }) : undefined;
  const quality = await decisionQualityByGroup(db, { column, horizon, filter });
  const groups = rows.map((row): StatsGroup => {
    const key = String(row.key);
    const figures = sides?.get(key);
    return {
      key,
      n: countOf(row.n),
      ...accuracyFigures(countOf(row.hits), countOf(row.scored)),
      ...(figures ? { split: figures } : {}),
      calibration: quality.get(key)?.calibration ?? null,
      stability: quality.get(key)?.stability ?? null,
    };
  });
  // Sorted here, not in SQL: a PostgreSQL database's collation could order keys differently from SQLite.
  return {
    groupBy,
    horizon,
    groups: groups.sort((left, right) => compareText(left.key, right.key)),
    demoLeftOut: countOf(demo?.n ?? 0),
  };
}

/** The Monday (UTC) of the ISO week holding `day` (YYYY-MM-DD). */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

export async function accuracyOverTime(
  db: Kysely<JournalDatabase>,
  input: AccuracyOverTimeOptions,
): Promise<AccuracyOverTime> {
  const { groupBy, horizon, bucket, ...filter } = parseInput(
    accuracyOverTimeOptionsSchema,
    input,
    "accuracy-over-time options",
  );
  const column = groupColumn(groupBy);
  const hit = hitColumn(horizon);
  // Counted per UTC day in SQL (the first 10 characters of an ISO time); weeks are folded from days here, because
  // the two engines have no week function in common.
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom("analyses")
    .where(analysisFilterCondition(filter))
    .where(notDemo)
    .where(hit, "is not", null)
    .select((eb) => [eb.ref(column).as("key"), day.as("day"), eb.fn.countAll().as("scored"), eb.fn.sum(hit).as("hits")])
    .groupBy([column, day])
    .execute();
  const tallies = new Map<string, Map<string, { hits: number; scored: number }>>();
  for (const row of rows) {
    const key = String(row.key);
    const start = bucket === "week" ? weekStart(row.day) : row.day;
    const series = tallies.get(key) ?? new Map<string, { hits: number; scored: number }>();
    const tally = series.get(start) ?? { hits: 0, scored: 0 };
    tally.hits += countOf(row.hits);
    tally.scored += countOf(row.scored);
    series.set(start, tally);
    tallies.set(key, series);
  }
  const series = [...tallies.entries()]
    .sort(([left], [right]) => compareText(left, right))
    .map(([key, points]) => ({
      key,
      points: [...points.entries()]
        .sort(([left], [right]) => compareText(left, right))
        .map(([start, tally]) => ({ start, ...accuracyFigures(tally.hits, tally.scored) })),
    }));
  return { groupBy, horizon, bucket, series };
}
