// Timeframes and date ranges (SPEC 8, 10): the lookback table the page's pickers follow, and the range check.
import type Router from "@koa/router";
import { apiRouter } from "./api-router";
import { z } from "zod";
import { DateRangeError } from "../../src/index";
import type { RouteSettings } from "../app-dependencies";
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

export function createTimeframeRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.get("/timeframe-limits", (context) => {
    context.body = { timeframes: pipeline.timeframeLimits() };
  });

  router.post(
    "/validate-date-range",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", validateDateRangeBodySchema, (context, input) => {
      const validation = pipeline.validateDateRange(input);
      // A range that is too long, reversed or in the future is an answer (200, valid: false), like validate-api-key.
      // A timeframe or date that cannot be read at all is bad input (400); validateDateRange marks exactly those
      // answers with current_days: null, since it could not measure the range.
      if (!validation.valid && validation.current_days === null) throw new DateRangeError(validation);
      context.body = validation;
    }),
  );

  return router;
}
