// Checks a requested date range against the timeframe's lookback limit, with the answer shape of the API.
import { z } from "zod";

import { InputError } from "../common/input-error";
import { quoteInput } from "../common/quote-input";
import { type DateInput, dateInputSchema, formatUtc, toEpochMs } from "./parse-timestamp";
import { DAY_MS, isTimeframe, maxLookbackDays, type Timeframe, TIMEFRAMES } from "./timeframes";

/**
 * How far past `now` an end may lie. Browsers and servers disagree on the time by seconds to minutes, and a user
 * who picks "now" in the page sends a time that is already a little in the past or future by the time it lands.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

export const dateRangeRequestSchema = z.object({
  timeframe: z.string({ error: "timeframe must be a string such as 1h" }),
  start: dateInputSchema,
  end: dateInputSchema,
});
export interface DateRangeRequest {
  timeframe: string;
  start: DateInput;
  end: DateInput;
}

/** What every candle source is asked besides its symbol: the bars, the range, and how to fetch them. */
export interface CandleFetchOptions {
  timeframe: Timeframe;
  start: DateInput;
  end: DateInput;
  signal?: AbortSignal;
  /** Per request; the sources' HTTP clients have no timeout of their own. @default 20000 */
  timeoutMs?: number;
  /** Replaces the global fetch for every request (a proxy-aware fetch, or a fake in tests). */
  fetch?: typeof fetch;
}

/** `maxDays` is null when the timeframe is unknown; `currentDays` is null when the dates could not be read. */
export type DateRangeValidation =
  { ok: true; days: number } | { ok: false; error: string; maxDays: number | null; currentDays: number | null };

export interface DateRangeOptions {
  /** The present, for the future-end check; defaults to the clock. */
  now?: Date | number;
  /** The longest range allowed, in days; default the timeframe's Yahoo lookback (an exchange keeps more). */
  maxDays?: number;
}

/**
 * Days are counted as the length of the range in days, rounded up: 7 days exactly is 7 days, 7 days and one minute
 * is 8. So a range exactly at the limit is valid and anything longer is not, even by a minute, which matches what
 * Yahoo enforces per request for 1m bars.
 */
export function countDays(startMs: number, endMs: number): number {
  return Math.ceil((endMs - startMs) / DAY_MS) + 0; // "+ 0" turns -0 into 0 for JSON and equality checks
}

export function validateDateRange(request: DateRangeRequest, options: DateRangeOptions = {}): DateRangeValidation {
  const nowMs = toEpochMs(options.now ?? Date.now()) ?? Date.now();
  const timeframe: unknown = request?.timeframe;
  if (!isTimeframe(timeframe)) {
    return invalid(`Unknown timeframe ${quoteInput(timeframe ?? null)}: use one of ${TIMEFRAMES.join(", ")}.`);
  }
  const maxDays = options.maxDays ?? maxLookbackDays(timeframe);
  const startMs = toEpochMs(request.start);
  if (startMs === undefined) return invalid(unparseableMessage("start", request.start), maxDays);
  const endMs = toEpochMs(request.end);
  if (endMs === undefined) return invalid(unparseableMessage("end", request.end), maxDays);
  const days = countDays(startMs, endMs);
  if (startMs === endMs) {
    const error = `Start and end are the same instant (${formatUtc(startMs)}): the start must be before the end.`;
    return invalid(error, maxDays, days);
  }
  if (startMs > endMs) {
    const error = `Start ${formatUtc(startMs)} is after end ${formatUtc(endMs)}: the start must be before the end.`;
    return invalid(error, maxDays, days);
  }
  if (endMs > nowMs + CLOCK_SKEW_TOLERANCE_MS) {
    return invalid(`End ${formatUtc(endMs)} is in the future (now is ${formatUtc(nowMs)}).`, maxDays, days);
  }
  if (days > maxDays) {
    return invalid(
      `Date range too long for ${timeframe}: ${days} days requested, at most ${maxDays} days allowed.`,
      maxDays,
      days,
    );
  }
  return { ok: true, days };
}

function invalid(error: string, maxDays: number | null = null, currentDays: number | null = null): DateRangeValidation {
  return { ok: false, error, maxDays, currentDays };
}

/**
 * A typed date is shown back whole when it is short and made only of digits and date punctuation (01/02/2025 holds a
 * slash, which quoteInput's rule for names would hide): the user sees what was refused beside the form expected.
 * Letters are never echoed (only the T and Z of an ISO time), so no caller text of another kind comes back.
 */
function quoteDate(value: unknown): string {
  return typeof value === "string" && /^[0-9:./+TZ -]{1,40}$/.test(value) ? JSON.stringify(value) : quoteInput(value);
}

function unparseableMessage(field: "start" | "end", value: unknown): string {
  return `Invalid ${field} date ${quoteDate(value ?? null)}: use an ISO date, YYYY-MM-DD, such as 2024-01-31 or 2024-01-31T14:30:00Z, or epoch milliseconds.`;
}

/** The typed error of resolveDateRange(), carrying the same facts as an invalid DateRangeValidation. */
export class DateRangeError extends InputError {
  override name = "DateRangeError";
  readonly maxDays: number | null;
  readonly currentDays: number | null;

  constructor(options: { message: string; maxDays: number | null; currentDays: number | null }) {
    super({
      code: "date_range",
      message: options.message,
      details: { maxDays: options.maxDays, currentDays: options.currentDays },
    });
    this.maxDays = options.maxDays;
    this.currentDays = options.currentDays;
  }
}

export interface ResolvedDateRange {
  timeframe: Timeframe;
  start: Date;
  end: Date;
  days: number;
}

/** validateDateRange() for code that wants Dates back or a thrown DateRangeError. */
export function resolveDateRange(request: DateRangeRequest, options: DateRangeOptions = {}): ResolvedDateRange {
  const validation = validateDateRange(request, options);
  if (!validation.ok)
    throw new DateRangeError({
      message: validation.error,
      maxDays: validation.maxDays,
      currentDays: validation.currentDays,
    });
  return {
    timeframe: request.timeframe as Timeframe,
    start: new Date(toEpochMs(request.start) as number),
    end: new Date(toEpochMs(request.end) as number),
    days: validation.days,
  };
}
