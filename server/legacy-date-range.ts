// Reads the date-range form of the old web client ({start_date, start_time, end_date, end_time, use_current_time},
// UTC) into two instants. A server concern: the library takes dates as Date, ISO text or epoch milliseconds.
import { z } from "zod";

import { formatZodError } from "../src/common/index";
import { parseUtcTimestamp } from "../src/market/index";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}(:\d{2})?$/;

const dateField = z
  .string({ error: "must be a date written YYYY-MM-DD" })
  .max(32, "must be a date written YYYY-MM-DD")
  .trim()
  .regex(DATE_PATTERN, "must be a date written YYYY-MM-DD");
const timeField = z
  .string({ error: "must be a time written HH:MM (UTC)" })
  .max(32, "must be a time written HH:MM (UTC)")
  .trim()
  .regex(TIME_PATTERN, "must be a time written HH:MM (UTC)");

// Older clients post HTML form values, so "true" / "false" strings count as booleans too.
export const legacyFlagSchema = z.union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")], {
  error: "must be true or false",
});
const flagField = legacyFlagSchema.optional();

export const legacyDateRangeSchema = z.object({
  start_date: dateField,
  start_time: timeField,
  end_date: dateField.optional(),
  end_time: timeField.optional(),
  use_current_time: flagField,
});
export type LegacyDateRange = z.input<typeof legacyDateRangeSchema>;

export type LegacyDateRangeResult = { ok: true; start: Date; end: Date } | { ok: false; error: string };

export interface LegacyDateRangeOptions {
  /** The end when use_current_time is true; defaults to the clock. */
  now?: Date | number;
}

/**
 * Turns the legacy form into {start, end}. Dates and times are UTC. With use_current_time true the end is now and
 * end_date / end_time are ignored; otherwise both are required. The range itself (order, length, future end) is
 * checked afterwards by validateDateRange, so both request forms get the same rules and messages.
 */
export function parseLegacyDateRange(input: unknown, options: LegacyDateRangeOptions = {}): LegacyDateRangeResult {
  const parsed = legacyDateRangeSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: formatZodError(parsed.error, { subject: "Invalid date range" }) };
  }
  const form = parsed.data;
  const start = combine(form.start_date, form.start_time);
  if (start === undefined) {
    const error = "Invalid date range: start_date and start_time are not a real date and time.";
    return { ok: false, error };
  }
  if (form.use_current_time === true) {
    const now = options.now ?? Date.now();
    return { ok: true, start: new Date(start), end: new Date(now instanceof Date ? now.getTime() : now) };
  }
  if (form.end_date === undefined || form.end_time === undefined) {
    const missing = form.end_date === undefined ? "end_date" : "end_time";
    return {
      ok: false,
      error: `Invalid date range: ${missing} is missing (send end_date and end_time, or use_current_time: true).`,
    };
  }
  const end = combine(form.end_date, form.end_time);
  if (end === undefined) {
    const error = "Invalid date range: end_date and end_time are not a real date and time.";
    return { ok: false, error };
  }
  return { ok: true, start: new Date(start), end: new Date(end) };
}

function combine(date: string, time: string): number | undefined {
  return parseUtcTimestamp(`${date}T${time}Z`);
}
