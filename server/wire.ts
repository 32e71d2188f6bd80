// The JSON shapes of the API's smaller answers: the library's camelCase results, written in the snake_case names
// the HTTP contract fixes (and the old web client reads). Analysis results have their own mapping in the library
// (toWireResult), since notebook users ask for that one too. Each shape is a zod schema, its type inferred from it:
// the OpenAPI document (GET /api/openapi.json, docs/http-api.md) is generated from these same schemas.
import { z } from "zod";
import type { ApiKeyStatus, ApiKeyValidation, DateRangeValidation, TimeframeInfo } from "../src/index";

export const wireKeyStatusSchema = z.object({
  has_key: z.boolean(),
  /** First and last 3 characters; null when there is no key. */
  masked_key: z.string().nullable().meta({ description: "the key in masked form (sk-...xyz); null when there is none" }),
});
export type WireKeyStatus = z.infer<typeof wireKeyStatusSchema>;

export function wireKeyStatus(status: ApiKeyStatus): WireKeyStatus {
  return { has_key: status.hasKey, masked_key: status.maskedKey };
}

export const wireKeyValidationSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), message: z.string() }),
  z.object({ valid: z.literal(false), error: z.string().meta({ description: "why the provider refused the key, in plain words" }) }),
]);
export type WireKeyValidation = z.infer<typeof wireKeyValidationSchema>;

export function wireKeyValidation(validation: ApiKeyValidation): WireKeyValidation {
  return validation.ok ? { valid: true, message: validation.message } : { valid: false, error: validation.error };
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

/** Every error answer (middleware/error-response.ts): plain words, a stable code, and the error's safe details. */
export const wireErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: "what is wrong and, where possible, how to fix it, in plain words" }),
    code: z.string().meta({ description: "stable and machine-readable: invalid_request, missing_api_key, provider_auth, no_data, ..." }),
  })
  .catchall(z.unknown())
  .meta({ description: "Details may follow in snake_case: provider (key and provider errors), max_days and current_days (date ranges), symbol." });
export type WireError = z.infer<typeof wireErrorSchema>;
