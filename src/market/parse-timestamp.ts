// Parses the date-time inputs the market modules accept (Date, ISO-like text, epoch ms) into UTC epoch ms.
import { z } from "zod";

/** What callers may pass as a point in time: a Date, an ISO-like string, or UTC epoch milliseconds. */
export const dateInputSchema = z.union([z.date(), z.string().max(64), z.number()], {
  error: "must be a date: an ISO string such as 2024-01-31T14:30:00Z, or epoch milliseconds",
});
export type DateInput = z.infer<typeof dateInputSchema>;

// YYYY-MM-DD, optionally followed by a time (T or space) with optional seconds, fraction and zone.
const TIMESTAMP_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Parses `2024-01-31`, `2024-01-31 14:30`, `2024-01-31T14:30:00.123Z`, `2024-01-31 09:30:00-05:00` and the like.
 * A time without a zone is taken as UTC (JavaScript's Date would read it as the machine's local time, which would
 * make results depend on where the code runs). Impossible dates such as 2024-02-30 are rejected, not rolled over.
 * Returns undefined when the text is not such a timestamp.
 */
export function parseUtcTimestamp(text: string): number | undefined {
  const match = TIMESTAMP_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText, zoneText] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = hourText === undefined ? 0 : Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  const second = secondText === undefined ? 0 : Number(secondText);
  const milliseconds = fractionText === undefined ? 0 : Number(fractionText.slice(0, 3).padEnd(3, "0"));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  // Date.UTC reads years 0-99 as 1900-1999, so the year is set on its own; a date that does not exist (2024-02-30)
  // rolls over into the next month, and the round trip of the day of month catches it.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, milliseconds));
  date.setUTCFullYear(year);
  if (date.getUTCDate() !== day) return undefined;
  const time = date.getTime();
  const offsetMinutes = zoneText === undefined ? 0 : parseZoneOffsetMinutes(zoneText);
  if (offsetMinutes === undefined) return undefined;
  return time - offsetMinutes * 60_000;
}

function parseZoneOffsetMinutes(zone: string): number | undefined {
  if (zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 14 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

/** UTC epoch ms of a Date, ISO-like string or epoch-ms number; undefined when it is not a valid point in time. */
export function toEpochMs(input: unknown): number | undefined {
  if (input instanceof Date) {
    const time = input.getTime();
    return Number.isFinite(time) ? time : undefined;
  }
  if (typeof input === "number") {
    // Beyond ±8.64e15 ms a Date cannot represent the instant.
    return Number.isFinite(input) && Math.abs(input) <= 8.64e15 ? input : undefined;
  }
  if (typeof input === "string") return parseUtcTimestamp(input);
  return undefined;
}

/** `2024-01-31T14:30:00.000Z`: the one spelling of instants used in this folder's messages. */
export function formatUtc(time: number): string {
  return new Date(time).toISOString();
}
