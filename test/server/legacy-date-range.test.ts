import { describe, expect, it } from "vitest";

import { parseLegacyDateRange } from "../../server/legacy-date-range";
import { validateDateRange } from "../../src/market/date-range";

const now = Date.UTC(2025, 5, 1, 12, 34, 56);

describe("parseLegacyDateRange", () => {
  it("reads dates and times as UTC", () => {
    const result = parseLegacyDateRange(
      {
        start_date: "2025-05-01",
        start_time: "09:30",
        end_date: "2025-05-03",
        end_time: "16:00",
        use_current_time: false,
      },
      { now },
    );
    expect(result).toEqual({
      ok: true,
      start: new Date("2025-05-01T09:30:00Z"),
      end: new Date("2025-05-03T16:00:00Z"),
    });
  });

  it("uses now as the end when use_current_time is true, ignoring end_date and end_time", () => {
    const result = parseLegacyDateRange(
      {
        start_date: "2025-05-30",
        start_time: "00:00",
        end_date: "1999-01-01",
        end_time: "bogus",
        use_current_time: true,
      },
      { now },
    );
    // end_time "bogus" is still a field error: the form is checked as a whole before use_current_time applies.
    expect(result.ok).toBe(false);
    const clean = parseLegacyDateRange(
      { start_date: "2025-05-30", start_time: "00:00", use_current_time: true },
      { now },
    );
    expect(clean).toEqual({ ok: true, start: new Date("2025-05-30T00:00:00Z"), end: new Date(now) });
    const asText = parseLegacyDateRange(
      { start_date: "2025-05-30", start_time: "00:00", use_current_time: "true" },
      { now },
    );
    expect(asText).toEqual(clean);
  });

  it("accepts seconds in times", () => {
    const result = parseLegacyDateRange({
      start_date: "2025-05-01",
      start_time: "09:30:15",
      end_date: "2025-05-01",
      end_time: "10:00:00",
    });
    expect(result).toMatchObject({ ok: true, start: new Date("2025-05-01T09:30:15Z") });
  });

  it("feeds validateDateRange so both request forms get the same rules", () => {
    const result = parseLegacyDateRange({
      start_date: "2025-05-01",
      start_time: "00:00",
      end_date: "2025-05-10",
      end_time: "00:00",
    });
    if (!result.ok) throw new Error(result.error);
    expect(validateDateRange({ timeframe: "1m", start: result.start, end: result.end }, { now })).toMatchObject({
      ok: false,
      error: "Date range too long for 1m: 9 days requested, at most 7 days allowed.",
    });
  });

  it.each([
    [
      { start_time: "09:30", end_date: "2025-05-03", end_time: "16:00" },
      "start_date: must be a date written YYYY-MM-DD",
    ],
    [
      { start_date: "2025-05-01", end_date: "2025-05-03", end_time: "16:00" },
      "start_time: must be a time written HH:MM (UTC)",
    ],
    [
      { start_date: "05/01/2025", start_time: "09:30", end_date: "2025-05-03", end_time: "16:00" },
      "start_date: must be a date written YYYY-MM-DD",
    ],
    [
      { start_date: "2025-05-01", start_time: "9:30", end_date: "2025-05-03", end_time: "16:00" },
      "start_time: must be a time written HH:MM (UTC)",
    ],
    [
      { start_date: "2025-05-01", start_time: "09:30", use_current_time: "yes" },
      "use_current_time: must be true or false",
    ],
    [
      { start_date: "2025-02-30", start_time: "09:30", end_date: "2025-05-03", end_time: "16:00" },
      "start_date and start_time are not a real date and time",
    ],
    [
      { start_date: "2025-05-01", start_time: "09:30", end_date: "2025-05-03", end_time: "25:00" },
      "end_date and end_time are not a real date and time",
    ],
    [
      { start_date: "2025-05-01", start_time: "09:30", end_time: "16:00" },
      "end_date is missing (send end_date and end_time, or use_current_time: true)",
    ],
    [
      { start_date: "2025-05-01", start_time: "09:30", end_date: "2025-05-03", use_current_time: false },
      "end_time is missing",
    ],
  ])("rejects %j", (form, message) => {
    const result = parseLegacyDateRange(form, { now });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.startsWith("Invalid date range: ")).toBe(true);
    expect(result.error).toContain(message);
  });

  it("rejects input that is not an object", () => {
    expect(parseLegacyDateRange(null)).toMatchObject({ ok: false });
    expect(parseLegacyDateRange("2025-05-01")).toMatchObject({ ok: false });
  });
});
