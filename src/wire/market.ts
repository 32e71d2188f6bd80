// The answers about markets in the wire's snake_case: a date range checked, the timeframes' lookback limits (and one
// limit in the form the replaced system answered), the assets and custom symbols, and the shipped sample windows.
import { z } from "zod";

import { describeBarLength } from "../market/bar-span";
import type { DateRangeValidation } from "../market/date-range";
import type { TimeframeInfo } from "../market/timeframes";

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

export const timeframeLimitsAnswerSchema = z.object({ timeframes: z.array(wireTimeframeLimitSchema) });

export const saveCustomAssetAnswerSchema = z.object({
  success: z.literal(true),
  symbol: z.string().meta({ description: "the symbol as saved (trimmed)" }),
});
export const removeCustomAssetAnswerSchema = z.object({
  success: z.literal(true),
  symbol: z.string(),
  removed: z
    .boolean()
    .meta({ description: "false when the symbol was not listed (a retried DELETE answers the same)" }),
});
export const customAssetsAnswerSchema = z.object({ custom_assets: z.array(z.string()) });
export const assetsAnswerSchema = z.object({
  assets: z.array(
    z.object({
      code: z.string().meta({ description: "what to send as asset: a built-in code (BTC) or a custom symbol" }),
      name: z.string(),
      ticker: z.string().meta({ description: "the Yahoo Finance ticker fetched" }),
      custom: z.boolean(),
    }),
  ),
});

/** GET /api/sample-data: the benchmark windows shipped with the package that an analysis can use offline. */
export const sampleDataAnswerSchema = z.object({
  timeframe: z.literal("4h").meta({ description: "every sample window is 4-hour bars" }),
  window_bars: z
    .number()
    .meta({ description: "bars an analysis sees: the window's first ones; the rest score the outcome at once" }),
  assets: z.array(
    z.object({
      asset: z.string().meta({ description: "what to send as sample.asset (BTC)" }),
      name: z.string(),
      windows: z.number().meta({ description: "sample.window runs from 1 to this" }),
      dates: z
        .array(
          z.object({
            window: z.number(),
            first: z.string().meta({ description: "open time of the window's first bar (ISO 8601, UTC)" }),
            last: z.string().meta({ description: "open time of the window's last bar (ISO 8601, UTC)" }),
          }),
        )
        .meta({ description: "each window's first and last bar, in window order" }),
    }),
  ),
});
