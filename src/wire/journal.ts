// The analysis journal's answers in the wire's snake_case: a history list entry and its page, accuracy per group
// (all time, or per day or week), the outcomes scored on demand, one stored analysis, a deletion. The journal's own
// records are camelCase; the HTTP API (server/routes/journal-routes.ts) and `quantagent history --json` answer these.
import { z } from "zod";

import type { AccuracyOverTime, JournalStats } from "../journal/journal-stats";
import type { Leaderboard } from "../journal/leaderboard";
import type { AnalysisSummary } from "../journal/list-analyses";
import type { ScoreOutcomesCounts } from "../journal/score-outcomes";
import { wireAnalysisResultSchema } from "./analysis-result";
import { wireCalibrationFiguresSchema, wireStabilityFiguresSchema } from "./decision-quality";

const outcomeSchema = z
  .array(
    z.object({
      bars: z.union([z.literal(1), z.literal(3)]),
      hit: z.boolean(),
      return: z.number().meta({ description: "the move as a fraction of the entry close, signed by the directive" }),
    }),
  )
  .nullable()
  .meta({
    description: "null until both horizons can be scored, then [{bars: 1, hit, return}, {bars: 3, hit, return}]",
  });
const modelSchema = z.object({ provider: z.string(), model: z.string() });

/** A history list entry in the wire's snake_case names. */
export const wireAnalysisSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  source: z.string().meta({ description: "page, api, notebook, cli or evaluation" }),
  asset: z.string(),
  symbol: z.string(),
  timeframe: z.string(),
  window_end: z
    .string()
    .nullable()
    .meta({ description: "open time of the window's last bar; null for a run that failed before loading data" }),
  bar_count: z.number(),
  decision: z.enum(["LONG", "SHORT"]).nullable().meta({ description: "null for a failed run" }),
  risk_reward_ratio: z.number().nullable(),
  models: z.object({ agent: modelSchema, graph: modelSchema }),
  prompt_version: z.string(),
  blind: z.boolean().meta({ description: "the agents saw a blind view: no date, name or price level of the window" }),
  cost_usd: z.number().nullable(),
  tokens: z.object({ input: z.number(), output: z.number() }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  status: z
    .enum(["done", "failed", "cancelled"])
    .meta({ description: "done (a decision), failed, or cancelled (by the client or a server shutting down)" }),
  outcome: outcomeSchema,
  outcome_status: z.enum(["scored", "pending", "no_later_bars", "none"]).meta({
    description:
      "scored; pending (waiting for the market's bars after the window); no_later_bars (the caller's own CSV, candles or sample window had none after it: it is never scored); none (no decision)",
  }),
  demo: z.boolean().meta({
    description: 'made with the demo provider ("demo: scripted, not a model"); never counted in accuracy statistics',
  }),
});
export type WireAnalysisSummary = z.infer<typeof wireAnalysisSummarySchema>;

export function wireAnalysisSummary(summary: AnalysisSummary): WireAnalysisSummary {
  return {
    id: summary.id,
    created_at: summary.createdAt,
    source: summary.source,
    asset: summary.asset,
    symbol: summary.symbol,
    timeframe: summary.timeframe,
    window_end: summary.windowEnd,
    bar_count: summary.barCount,
    decision: summary.decision,
    risk_reward_ratio: summary.riskRewardRatio,
    models: summary.models,
    prompt_version: summary.promptVersion,
    blind: summary.blind,
    cost_usd: summary.costUsd,
    tokens: summary.tokens,
    error: summary.error,
    status: summary.status,
    outcome: summary.outcome,
    outcome_status: summary.outcomeStatus,
    demo: summary.demo,
  };
}

export const wireScoreCountsSchema = z.object({
  scored: z.number().meta({ description: "analyses scored by this call" }),
  pending: z.number().meta({ description: "analyses whose later bars are not all there yet" }),
  failed: z.number().meta({ description: "analyses whose bars could not be fetched" }),
  caller_data: z.number().meta({ description: "analyses of the caller's own candles or CSV: no market to fetch from" }),
  lessons: z
    .object({
      written: z.number().meta({ description: "lessons written by this call" }),
      failed: z.number().meta({ description: "reflections with no usable lesson after a repair (tried again later)" }),
    })
    .optional()
    .meta({
      description:
        "when scoring reflects (history score --reflect, the library's reflect option): the memory stage's lessons written for scored analyses that had none",
    }),
});
export type WireScoreCounts = z.infer<typeof wireScoreCountsSchema>;

export function wireScoreCounts(
  counts: ScoreOutcomesCounts & { lessons?: { written: number; failed: number } },
): WireScoreCounts {
  return {
    scored: counts.scored,
    pending: counts.pending,
    failed: counts.failed,
    caller_data: counts.callerData,
    ...(counts.lessons ? { lessons: { written: counts.lessons.written, failed: counts.lessons.failed } } : {}),
  };
}

const accuracyFigures = {
  scored: z.number(),
  hits: z.number(),
  accuracy: z.number().nullable().meta({ description: "hits / scored; null when nothing is scored" }),
  ci_low: z.number().nullable().meta({ description: "Wilson 95% interval" }),
  ci_high: z.number().nullable(),
};
const grouping = z.enum(["model", "provider", "asset", "timeframe", "prompt_version"]);

/** The answers of the journal's list, statistics and accuracy-over-time routes. */
export const analysesPageAnswerSchema = z.object({
  analyses: z.array(wireAnalysisSummarySchema),
  next_cursor: z.string().nullable().meta({ description: "pass as cursor for the next page; null on the last page" }),
});
const splitSide = z.object({
  n: z.number().meta({ description: "analyses on this side, failed and unscored ones included" }),
  ...accuracyFigures,
});
export const journalStatsAnswerSchema = z.object({
  group_by: grouping,
  horizon: z.union([z.literal(1), z.literal(3)]),
  split: z.literal("cutoff").optional().meta({ description: "present when asked for with split=cutoff" }),
  groups: z.array(
    z.object({
      key: z.string(),
      n: z
        .number()
        .meta({ description: "analyses recorded, failed and unscored ones included; demo analyses never count" }),
      ...accuracyFigures,
      split: z.object({ before: splitSide, after: splitSide, unsplit: splitSide }).optional().meta({
        description:
          "with split=cutoff: the group's analyses whose decision bar is in or before their graph model's training-cutoff month (before), after it (after), or whose model has no known cutoff or that failed before loading data (unsplit)",
      }),
      calibration: wireCalibrationFiguresSchema
        .nullable()
        .meta({ description: "the stated confidence against the outcomes; null when no scored analysis has one" }),
      stability: wireStabilityFiguresSchema
        .nullable()
        .meta({ description: "analyses decided by several samples of the Decision agent; null when there are none" }),
    }),
  ),
  demo_left_out: z.number().meta({
    description:
      "analyses of the demo provider (scripted, not a model) the filters select: left out of every group, and said so",
  }),
});
export const accuracyOverTimeAnswerSchema = z.object({
  group_by: grouping,
  horizon: z.union([z.literal(1), z.literal(3)]),
  bucket: z.enum(["day", "week"]),
  series: z.array(
    z.object({
      key: z.string(),
      points: z.array(
        z.object({
          start: z.string().meta({ description: "first day of the bucket, YYYY-MM-DD, UTC" }),
          ...accuracyFigures,
        }),
      ),
    }),
  ),
});
/**
 * GET /api/analyses/<id>: the result as it was answered, with the journal's id, the time recorded and the outcome;
 * for a run that failed, the error it failed with (recorded so failures count in the history).
 */
const journalFields = {
  id: z.string(),
  created_at: z.string(),
  outcome: outcomeSchema,
  lesson: z
    .object({ text: z.string(), created_at: z.string(), model: z.string() })
    .nullable()
    .meta({ description: "the memory stage's lesson about this analysis, once written (model text: show as text)" }),
};
export const wireStoredAnalysisSchema = z.union([
  wireAnalysisResultSchema.extend(journalFields).meta({ title: "A finished analysis" }),
  z
    .object({ success: z.literal(false), code: z.string(), error: z.string(), ...journalFields })
    .meta({ title: "A run that failed" }),
]);

export const deleteAnalysisAnswerSchema = z.object({ success: z.literal(true), id: z.string() });

/** GET /api/analyses/stats (and `history stats --json`, which never names the split). */
export function wireJournalStats(stats: JournalStats, split?: "cutoff"): z.infer<typeof journalStatsAnswerSchema> {
  return {
    group_by: stats.groupBy,
    horizon: stats.horizon,
    ...(split ? { split } : {}),
    groups: stats.groups,
    demo_left_out: stats.demoLeftOut,
  };
}

export function wireAccuracyOverTime(overTime: AccuracyOverTime): z.infer<typeof accuracyOverTimeAnswerSchema> {
  return { group_by: overTime.groupBy, horizon: overTime.horizon, bucket: overTime.bucket, series: overTime.series };
}

/** `quantagent history leaderboard --json`: the evaluation runs' accuracy per group. */
export function wireLeaderboard(board: Leaderboard) {
  return { group_by: board.groupBy, horizon: board.horizon, flat_moves: board.flatMoves, groups: board.groups };
}
