// The body forms POST /api/analyze accepts: every form of the library's analyzeRequestSchema ({asset | symbol,
// timeframe, start, end}, {csv, timeframe, name?}, {candles, timeframe, name?}), plus the old web client's form
// {data_source: "live", asset, timeframe, start_date, start_time, end_date, end_time, use_current_time,
// redirect_to_output} (UTC), which is read here and turned into the library's form. One schema: the library's; the
// server only adds what belongs to the wire.
import { z } from "zod";

import { type AnalyzeRequest, analyzeRequestSchema, InputError } from "../src/index";
import { symbolSchema, timeframeSchema } from "../src/market/index";
import { MAX_INPUT_BARS } from "../src/pipeline/analyze-request";
import type { JsonShapeLimits } from "./json-shape-limit";
import { legacyFlagSchema, parseLegacyDateRange } from "./legacy-date-range";

/**
 * The body limit of /api/analyze: 10 MiB. JSON escapes every line break and quote of a CSV, so a 5 MiB file makes a
 * body of more than 5 MiB: the limit leaves room for that, and the CSV rules of the library (characters, rows) are
 * what a file is held to.
 */
export const ANALYZE_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** MAX_INPUT_BARS candles of six fields each (seven items with the candle itself), plus the few other fields. */
export const ANALYZE_BODY_SHAPE: JsonShapeLimits = { maxDepth: 4, maxItems: MAX_INPUT_BARS * 7 + 64 };

/** The old client's fields; the dates are read by parseLegacyDateRange, which names each bad one. */
export const legacyForm = z.strictObject({
  // The replaced system fetched live Yahoo data only and refused every other source; so does this form. A CSV is
  // analysed through the {csv, timeframe} form instead.
  data_source: z
    .literal("live", {
      error: 'only "live" (Yahoo Finance) is supported; to analyse your own data, send {csv, timeframe} instead',
    })
    .optional(),
  redirect_to_output: legacyFlagSchema.optional(),
  asset: symbolSchema,
  timeframe: timeframeSchema,
  start_date: z.unknown(),
  start_time: z.unknown(),
  end_date: z.unknown().optional(),
  end_time: z.unknown().optional(),
  use_current_time: z.unknown().optional(),
});

const LEGACY_FIELDS = [
  "data_source",
  "redirect_to_output",
  "start_date",
  "start_time",
  "end_date",
  "end_time",
  "use_current_time",
];

export type AnalyzeBody =
  { form: "library"; request: AnalyzeRequest } | ({ form: "legacy" } & z.output<typeof legacyForm>);

export const analyzeBodySchema = z
  .record(z.string(), z.unknown(), { error: "the body must be a JSON object" })
  .transform((body, context): AnalyzeBody => {
    const legacy = LEGACY_FIELDS.some((field) => field in body);
    const parsed = legacy ? legacyForm.safeParse(body) : analyzeRequestSchema.safeParse(body);
    if (!parsed.success) {
      context.issues.push(...(parsed.error.issues as typeof context.issues));
      return z.NEVER;
    }
    // The library's schema checked the body; the pipeline checks it again as the request it is.
    return legacy
      ? { form: "legacy", ...(parsed.data as z.output<typeof legacyForm>) }
      : { form: "library", request: body as AnalyzeRequest };
  });

export interface ToAnalyzeRequestOptions {
  now?: () => Date;
}

/** True when the old client asked for its /output link ({success, redirect, full_results}) instead of the result. */
export function wantsLegacyRedirect(body: AnalyzeBody): boolean {
  return body.form === "legacy" && body.redirect_to_output === true;
}

/** The library request for a checked body; throws InputError (400) for legacy date fields that cannot be read. */
export function toAnalyzeRequest(body: AnalyzeBody, options: ToAnalyzeRequestOptions): AnalyzeRequest {
  switch (body.form) {
    case "library":
      return body.request;
    case "legacy": {
      const { asset, timeframe, form: _form, data_source: _source, redirect_to_output: _redirect, ...dates } = body;
      const range = parseLegacyDateRange(dates, { now: options.now?.() });
      if (!range.ok) throw new InputError({ message: range.error });
      return { asset, timeframe, start: range.start.toISOString(), end: range.end.toISOString() };
    }
    default: {
      const exhaustive: never = body;
      return exhaustive;
    }
  }
}
