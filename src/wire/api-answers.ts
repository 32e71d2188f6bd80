// The JSON shapes of the API's smaller answers: the library's camelCase results, written in the snake_case names
// the HTTP contract fixes (and the old web client reads). Analysis results have their own mapping in the library
// (toWireResult), since notebook users ask for that one too. Each shape is a zod schema, its type inferred from it:
// the OpenAPI document (GET /api/openapi.json, docs/http-api.md) is generated from these same schemas.
import { z } from "zod";

import type { ApiKeyStatus } from "../config/api-keys";
import type { AnalysisSummary } from "../journal/list-analyses";
import type { ScoreOutcomesCounts } from "../journal/score-outcomes";
import type { ApiKeyValidation } from "../llm/validate-api-key";
import { describeBarLength } from "../market/bar-span";
import type { DateRangeValidation } from "../market/date-range";
import type { TimeframeInfo } from "../market/timeframes";
import { wireAnalysisResultSchema } from "./analysis-result";

export const wireKeyStatusSchema = z.object({
  has_key: z.boolean(),
  /** First and last 3 characters; null when there is no key. */
  masked_key: z
    .string()
    .nullable()
    .meta({ description: "the key in masked form (sk-...xyz); null when there is none" }),
  needs_key: z.boolean().meta({ description: "false for the demo provider, which answers without a key" }),
  base_url: z.string().nullable().meta({
    description: "where this provider's requests go; null for the provider's own address (or the demo's none)",
  }),
  base_url_source: z.enum(["config", "environment", "default"]).meta({
    description: "config: set at run time (Settings, POST /api/update-base-url); environment: its *_BASE_URL variable",
  }),
});
export type WireKeyStatus = z.infer<typeof wireKeyStatusSchema>;

export function wireKeyStatus(status: ApiKeyStatus): WireKeyStatus {
  return {
    has_key: status.hasKey,
    masked_key: status.maskedKey,
    needs_key: status.needsKey,
    base_url: status.baseUrl ?? null,
    base_url_source: status.baseUrlSource,
  };
}

export const wireKeyValidationSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), message: z.string(), status: z.literal("valid") }),
  z.object({
    valid: z.literal(false),
    error: z.string().meta({ description: "why the check failed, in plain words" }),
    code: z.string().meta({ description: "provider_auth, missing_api_key, provider_network, provider_quota, ..." }),
    status: z.enum(["invalid", "unreachable", "unchecked"]).meta({
      description:
        "invalid: the provider refused the key (or there is none); unreachable: the provider could not be reached, so the key was not checked; unchecked: the provider answered about something else (rate limit, quota, model)",
    }),
  }),
]);
export type WireKeyValidation = z.infer<typeof wireKeyValidationSchema>;

export function wireKeyValidation(validation: ApiKeyValidation): WireKeyValidation {
  return validation.ok
    ? { valid: true, message: validation.message, status: "valid" }
    : { valid: false, error: validation.error, code: validation.code, status: validation.failure };
}

export const wireDateRangeSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), days: z.number() }),
  z.object({
    valid: z.literal(false),
    error: z.string(),
    max_days: z.number().nullable().meta({ description: "the timeframe's lookback limit" }),
    current_days: z.number().nullable().meta({ description: "the length of the requested range" }),
  }),
]);
export type WireDateRange = z.infer<typeof wireDateRangeSchema>;

export function wireDateRange(validation: DateRangeValidation): WireDateRange {
  return validation.ok
    ? { valid: true, days: validation.days }
    : { valid: false, error: validation.error, max_days: validation.maxDays, current_days: validation.currentDays };
}

export const wireTimeframeLimitSchema = z.object({
  timeframe: z.string(),
  max_days: z.number().meta({ description: "the longest date range this timeframe can fetch" }),
  interval: z.string().meta({ description: "the yahoo-finance2 interval fetched" }),
  aggregated: z.boolean().meta({ description: "true when the fetched bars are grouped into longer ones (4h from 1h)" }),
  bar_seconds: z.number().nullable().meta({ description: "nominal bar length; null for months, whose length varies" }),
});
export type WireTimeframeLimit = z.infer<typeof wireTimeframeLimitSchema>;

export function wireTimeframeLimit(info: TimeframeInfo): WireTimeframeLimit {
  return {
    timeframe: info.timeframe,
    max_days: info.maxDays,
    interval: info.yahooInterval,
    aggregated: info.aggregated,
    bar_seconds: info.barMs === undefined ? null : info.barMs / 1000,
  };
}

/** One timeframe's limit as the replaced system's API answered it (GET /api/timeframe-limits/<timeframe>). */
export const wireLegacyTimeframeLimitSchema = z.object({
  max_days: z.number(),
  description: z.string().meta({ description: '"4-hour bars: at most 730 days per request"' }),
});
export type WireLegacyTimeframeLimit = z.infer<typeof wireLegacyTimeframeLimitSchema>;

export function wireLegacyTimeframeLimit(info: TimeframeInfo): WireLegacyTimeframeLimit {
  return {
    max_days: info.maxDays,
    description: `${describeBarLength(info.timeframe)} bars: at most ${info.maxDays} days per request`,
  };
}

/** Every error answer (middleware/error-response.ts): plain words, a stable code, and the error's safe details. */
export const wireErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: "what is wrong and, where possible, how to fix it, in plain words" }),
    code: z.string().meta({
      description: "stable and machine-readable: invalid_request, missing_api_key, provider_auth, no_data, ...",
    }),
  })
  .catchall(z.unknown())
  .meta({
    description:
      "Details may follow in snake_case: provider (key and provider errors), max_days and current_days (date ranges), symbol.",
  });
export type WireError = z.infer<typeof wireErrorSchema>;

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

/** The answers of the journal's list, statistics and accuracy-over-time routes (server/routes/journal-routes.ts). */
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
    }),
  ),
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
