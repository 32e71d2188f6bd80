// Timeframes and date ranges: the lookback table the page's pickers follow, and the range check.
import type Router from "@koa/router";
import { apiRouter } from "./api-router";
import { z } from "zod";
import { timeframeTable } from "../../src/index";
import { DateRangeError } from "../../src/errors";
import type { RouteSettings } from "../app-dependencies";
import { wireDateRange, wireTimeframeLimit, wireTimeframeLimitSchema } from "../wire";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";

const dateField = z.union([z.string(), z.number()], {
  error: "must be a date such as 2024-01-31T14:30:00Z, or epoch milliseconds",
});

export const validateDateRangeBodySchema = z.strictObject({
  timeframe: z.string({ error: "timeframe must be a string such as 1h" }),
  start: dateField,
  end: dateField,
});

export const timeframeLimitsAnswerSchema = z.object({ timeframes: z.array(wireTimeframeLimitSchema) });

export function createTimeframeRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.get("/timeframe-limits", (context) => {
    context.body = { timeframes: timeframeTable().map(wireTimeframeLimit) } satisfies z.infer<typeof timeframeLimitsAnswerSchema>;
  });

  router.post(
    "/validate-date-range",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", validateDateRangeBodySchema, (context, input) => {
      const validation = pipeline.validateDateRange(input);
      // A range that is too long, reversed or in the future is an answer (200, valid: false), like validate-api-key.
      // A timeframe or date that cannot be read at all is bad input (400); validateDateRange marks exactly those
      // answers with current_days: null, since it could not measure the range.
      if (!validation.ok && validation.currentDays === null) {
        throw new DateRangeError({ message: validation.error, maxDays: validation.maxDays, currentDays: validation.currentDays });
      }
      context.body = wireDateRange(validation);
    }),
  );

  return router;
}
