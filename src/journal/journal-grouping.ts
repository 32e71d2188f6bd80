// What the statistics and the leaderboard group by, and which column holds it. "model" and "provider" mean the
// graph model's: it takes the decision that is scored (the agent model only dispatches tools). Also what every
// statistic of recorded analyses shares: the demo provider's analyses left out, figures with their interval, counts
// read from either engine, and the order of keys.
import type { ExpressionBuilder } from "kysely";
import { z } from "zod";

import { InternalError } from "../common/quantagent-error";
import { wilsonInterval } from "../scoring/confidence-intervals";
import type { JournalDatabase } from "./database-schema";

export const journalGroupings = ["model", "provider", "asset", "timeframe", "prompt_version"] as const;
export type JournalGrouping = (typeof journalGroupings)[number];
export const journalGroupingSchema = z.enum(journalGroupings);

/** The analyses table's column of a grouping. */
export function groupColumn(groupBy: JournalGrouping) {
  switch (groupBy) {
    case "model":
      return "graph_model" as const;
    case "provider":
      return "graph_provider" as const;
    case "asset":
      return "asset" as const;
    case "timeframe":
      return "timeframe" as const;
    case "prompt_version":
      return "prompt_version" as const;
    default: {
      const exhaustive: never = groupBy;
      throw new InternalError({ message: `unknown grouping ${String(exhaustive)}` });
    }
  }
}

export const horizonSchema = z.union([z.literal(1), z.literal(3)], { error: "must be 1 or 3 (bars)" });

/**
 * Demo analyses (the demo provider's scripted answers) are not a model's calls: they never count in accuracy, in
 * either role, nor on either side of a training-cutoff split. A provider filter of "demo" therefore finds nothing to
 * count, which is the point.
 */
export function notDemo(eb: ExpressionBuilder<JournalDatabase, "analyses">) {
  return eb.and([eb("graph_provider", "!=", "demo"), eb("agent_provider", "!=", "demo")]);
}

/** Directional accuracy of a group with its Wilson 95% interval; all three null while nothing is scored. */
export interface AccuracyFigures {
  scored: number;
  hits: number;
  accuracy: number | null;
  ci_low: number | null;
  ci_high: number | null;
}

export function accuracyFigures(hits: number, scored: number): AccuracyFigures {
  if (scored === 0) return { scored, hits, accuracy: null, ci_low: null, ci_high: null };
  const interval = wilsonInterval(hits, scored);
  return { scored, hits, accuracy: hits / scored, ci_low: interval.low, ci_high: interval.high };
}

/** Count and sum arrive as text from PostgreSQL (bigint) and as numbers from SQLite; null sums are 0. */
export function countOf(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Code-unit order, the same on every engine and machine. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
