// Timeframes and date ranges: the lookback table the page's pickers follow, one timeframe's limit in the shape the
// replaced system's API answered, and the range check, in this API's form ({timeframe, start, end}) and in the old
// client's ({timeframe, start_date, start_time, end_date, end_time}, UTC).
import type Router from "@koa/router";
import { z } from "zod";

import { DateRangeError } from "../../src/errors";
import { InputError, timeframeTable } from "../../src/index";
import { timeframeInfo, timeframeSchema } from "../../src/market/index";
import {
  type timeframeLimitsAnswerSchema,
  wireDateRange,
  type WireLegacyTimeframeLimit,
  wireLegacyTimeframeLimit,
  wireTimeframeLimit,
} from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { parseLegacyDateRange } from "../legacy-date-range";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const dateField = z.union([z.string().max(64), z.number()], {
  error: "must be a date such as 2024-01-31T14:30:00Z, or epoch milliseconds",
});

const timeframeField = z.string({ error: "timeframe must be a string such as 1h" }).max(8, "timeframe is too long");

export const libraryForm = z.strictObject({ timeframe: timeframeField, start: dateField, end: dateField });

/** The old client's form; its dates are read by parseLegacyDateRange, which names each bad one. */
export const legacyForm = z.strictObject({
  timeframe: timeframeField,
  start_date: z.unknown(),
  start_time: z.unknown(),
  end_date: z.unknown().optional(),
  end_time: z.unknown().optional(),
  use_current_time: z.unknown().optional(),
});

/** Either form, told apart by start_date: a mistake is reported against the fields of the form the caller meant. */
export const validateDateRangeBodySchema = z
  .record(z.string(), z.unknown(), { error: "the body must be a JSON object" })
  .transform((body, context) => {
    const parsed = "start_date" in body ? legacyForm.safeParse(body) : libraryForm.safeParse(body);
    if (!parsed.success) {
      context.issues.push(...(parsed.error.issues as typeof context.issues));
      return z.NEVER;
    }
    return parsed.data;
  });

const timeframeParameterSchema = z
  .strictObject({ timeframe: z.string().max(8, "is too long") })
  .transform((parameters, context) => {
    const parsed = timeframeSchema.safeParse(parameters.timeframe);
    if (!parsed.success) {
      context.addIssue({
        code: "custom",
        message: `timeframe: ${parsed.error.issues[0]?.message ?? "unknown timeframe"}`,
      });
      return z.NEVER;
    }
    return parsed.data;
  });

export function createTimeframeRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.get("/timeframe-limits", (context) => {
    context.body = { timeframes: timeframeTable().map(wireTimeframeLimit) } satisfies z.infer<
      typeof timeframeLimitsAnswerSchema
    >;
  });

  // The replaced system answered an unknown timeframe with a default limit; a clear 400 serves a caller better.
  router.get("/timeframe-limits/:timeframe", (context) => {
    const parsed = timeframeParameterSchema.safeParse(context.params);
    if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid timeframe");
    context.body = wireLegacyTimeframeLimit(timeframeInfo(parsed.data)) satisfies WireLegacyTimeframeLimit;
  });

  router.post(
    "/validate-date-range",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", validateDateRangeBodySchema, (context, input) => {
      const validation = pipeline.validateDateRange("start" in input ? input : legacyRange(input, settings.now()));
      // A range that is too long, reversed or in the future is an answer (200, valid: false), like validate-api-key.
      // A timeframe or date that cannot be read at all is bad input (400); validateDateRange marks exactly those
      // answers with current_days: null, since it could not measure the range.
      if (!validation.ok && validation.currentDays === null) {
        throw new DateRangeError({
          message: validation.error,
          maxDays: validation.maxDays,
          currentDays: validation.currentDays,
        });
      }
      context.body = wireDateRange(validation);
    }),
  );

  return router;
}

/** The old client's range as {timeframe, start, end}; its fields are UTC dates and times (legacy-date-range.ts). */
function legacyRange(
  input: { timeframe: string } & Record<string, unknown>,
  now: Date | undefined,
): { timeframe: string; start: Date; end: Date } {
  const { timeframe, ...dates } = input;
  const range = parseLegacyDateRange(dates, { now });
  if (!range.ok) throw new DateRangeError({ message: range.error, maxDays: null, currentDays: null });
  return { timeframe, start: range.start, end: range.end };
}
