import { describe, expect, it } from "vitest";

import {
  CLOCK_SKEW_TOLERANCE_MS,
  countDays,
  DateRangeError,
  dateRangeRequestSchema,
  resolveDateRange,
  validateDateRange,
} from "../../src/market/date-range";
import { maxLookbackDays, TIMEFRAMES } from "../../src/market/timeframes";

const DAY = 86_400_000;
const now = Date.UTC(2025, 5, 1, 12, 0, 0);

describe("validateDateRange", () => {
  describe.each(TIMEFRAMES.map((timeframe) => [timeframe, maxLookbackDays(timeframe)] as const))(
    "%s (max %i days)",
    (timeframe, maxDays) => {
      it("accepts a range exactly at the limit", () => {
        const result = validateDateRange({ timeframe, start: now - maxDays * DAY, end: now }, { now });
        expect(result).toEqual({ ok: true, days: maxDays });
      });

      it("rejects a range one day past the limit with the numbers", () => {
        const result = validateDateRange({ timeframe, start: now - (maxDays + 1) * DAY, end: now }, { now });
        expect(result).toEqual({
          ok: false,
          error: `Date range too long for ${timeframe}: ${maxDays + 1} days requested, at most ${maxDays} days allowed.`,
          maxDays: maxDays,
          currentDays: maxDays + 1,
        });
      });
    },
  );

  it("counts partial days as whole days (rounded up)", () => {
    expect(countDays(0, 1)).toBe(1);
    expect(countDays(0, DAY)).toBe(1);
    expect(countDays(0, DAY + 1)).toBe(2);
    expect(countDays(0, 0)).toBe(0);
    expect(Object.is(countDays(DAY / 2, 0), 0)).toBe(true); // never -0
    const justOver = validateDateRange({ timeframe: "1m", start: now - 7 * DAY - 60_000, end: now }, { now });
    expect(justOver).toMatchObject({ ok: false, currentDays: 8, maxDays: 7 });
    expect(validateDateRange({ timeframe: "1m", start: now - 2 * 3_600_000, end: now }, { now })).toEqual({
      ok: true,
      days: 1,
    });
  });

  it("accepts Dates, ISO strings and epoch milliseconds alike", () => {
    const expected = { ok: true, days: 3 };
    expect(
      validateDateRange(
        { timeframe: "1h", start: new Date("2025-05-01T00:00:00Z"), end: new Date("2025-05-04T00:00:00Z") },
        { now },
      ),
    ).toEqual(expected);
    expect(validateDateRange({ timeframe: "1h", start: "2025-05-01", end: "2025-05-04" }, { now })).toEqual(expected);
    expect(
      validateDateRange({ timeframe: "1h", start: "2025-05-01 00:00", end: Date.UTC(2025, 4, 4) }, { now }),
    ).toEqual(expected);
  });

  it.each([
    ["1d", 3650],
    ["1w", 7300],
    ["1mo", 10950],
  ] as const)("allows %s ranges up to %i days and refuses one day more", (timeframe, maxDays) => {
    const end = Date.UTC(2025, 4, 1);
    expect(validateDateRange({ timeframe, start: end - maxDays * DAY, end }, { now })).toEqual({
      ok: true,
      days: maxDays,
    });
    expect(validateDateRange({ timeframe, start: end - (maxDays + 1) * DAY, end }, { now })).toMatchObject({
      ok: false,
      error: `Date range too long for ${timeframe}: ${maxDays + 1} days requested, at most ${maxDays} days allowed.`,
      maxDays,
    });
  });

  it("rejects a reversed range", () => {
    const result = validateDateRange({ timeframe: "1d", start: "2025-05-10", end: "2025-05-01" }, { now });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe(
      "Start 2025-05-10T00:00:00.000Z is after end 2025-05-01T00:00:00.000Z: the start must be before the end.",
    );
    expect(result.maxDays).toBe(3650); // 1d's lookback
    expect(result.currentDays).toBe(-9);
  });

  it("rejects equal start and end", () => {
    const result = validateDateRange({ timeframe: "1d", start: "2025-05-01", end: Date.UTC(2025, 4, 1) }, { now });
    expect(result).toEqual({
      ok: false,
      error: "Start and end are the same instant (2025-05-01T00:00:00.000Z): the start must be before the end.",
      maxDays: 3650, // 1d's lookback
      currentDays: 0,
    });
  });

  it("rejects an end in the future beyond the clock-skew tolerance, and allows it within", () => {
    const withinSkew = validateDateRange(
      { timeframe: "1h", start: now - DAY, end: now + CLOCK_SKEW_TOLERANCE_MS },
      { now },
    );
    expect(withinSkew.ok).toBe(true);
    const future = validateDateRange(
      { timeframe: "1h", start: now - DAY, end: now + CLOCK_SKEW_TOLERANCE_MS + 1 },
      { now },
    );
    expect(future).toMatchObject({ ok: false, maxDays: 730 });
    if (!future.ok)
      expect(future.error).toMatch(
        /^End 2025-06-01T12:05:00.001Z is in the future \(now is 2025-06-01T12:00:00.000Z\)\.$/,
      );
    const farFuture = validateDateRange({ timeframe: "1d", start: "2030-01-01", end: "2030-02-01" }, { now });
    expect(farFuture.ok).toBe(false);
  });

  it("uses the real clock when no now is given", () => {
    expect(validateDateRange({ timeframe: "1d", start: Date.now() - 10 * DAY, end: Date.now() }).ok).toBe(true);
    expect(validateDateRange({ timeframe: "1d", start: Date.now() - 10 * DAY, end: Date.now() + 3_600_000 }).ok).toBe(
      false,
    );
  });

  it.each(["2h", "", "1M", "4H", undefined])("rejects the unknown timeframe %j", (timeframe) => {
    const result = validateDateRange({ timeframe: timeframe as string, start: now - DAY, end: now }, { now });
    expect(result).toEqual({
      ok: false,
      error: `Unknown timeframe ${JSON.stringify(timeframe ?? null)}: use one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo.`,
      maxDays: null,
      currentDays: null,
    });
  });

  it.each([
    // Text that is not a short plain name or date-like is not repeated back (quote-input.ts); a date written the
    // American way is, beside the form expected.
    ["start", { start: "not a date", end: now }, "Invalid start date (not shown)"],
    ["start", { start: "2025-02-30", end: now }, 'Invalid start date "2025-02-30"'],
    ["end", { start: now - DAY, end: "01/06/2025" }, 'Invalid end date "01/06/2025": use an ISO date, YYYY-MM-DD,'],
    ["end", { start: now - DAY, end: new Date("garbage") }, "Invalid end date Invalid Date"],
    ["end", { start: now - DAY, end: Number.NaN }, "Invalid end date NaN"],
    ["start", { start: null, end: now }, "Invalid start date null"],
  ])("rejects an unparseable %s", (_field, range, message) => {
    const result = validateDateRange({ timeframe: "1h", ...(range as { start: string; end: number }) }, { now });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.startsWith(message)).toBe(true);
    expect(result.error).toContain("ISO date, YYYY-MM-DD, such as 2024-01-31");
    expect(result.maxDays).toBe(730);
    expect(result.currentDays).toBeNull();
  });
});

describe("resolveDateRange", () => {
  it("answers Dates for a valid range", () => {
    expect(resolveDateRange({ timeframe: "4h", start: "2025-05-01", end: "2025-05-08" }, { now })).toEqual({
      timeframe: "4h",
      start: new Date("2025-05-01T00:00:00Z"),
      end: new Date("2025-05-08T00:00:00Z"),
      days: 7,
    });
  });

  it("throws DateRangeError with the same message and numbers", () => {
    const attempt = () => resolveDateRange({ timeframe: "1m", start: now - 9 * DAY, end: now }, { now });
    expect(attempt).toThrow(DateRangeError);
    expect(attempt).toThrow("Date range too long for 1m: 9 days requested, at most 7 days allowed.");
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ maxDays: 7, currentDays: 9 });
    }
  });
});

describe("the date range's typed error and request schema", () => {
  it("is an input error with the stable code date_range and the numbers in its safe details", () => {
    const attempt = () => resolveDateRange({ timeframe: "1m", start: now - 9 * DAY, end: now }, { now });
    expect(attempt).toThrow(expect.objectContaining({ name: "DateRangeError", code: "date_range", kind: "input" }));
    expect(attempt).toThrow(expect.objectContaining({ details: { maxDays: 7, currentDays: 9 } }));
  });

  it("answers a missing request as an unknown timeframe rather than failing", () => {
    const missing = validateDateRange(undefined as never, { now });
    expect(missing).toMatchObject({ ok: false, maxDays: null, currentDays: null });
    expect(missing.ok === false && missing.error).toMatch(/^Unknown timeframe null: use one of 1m, /);
  });

  it("keeps the three fields of a request and says what a timeframe must be", () => {
    const request = { timeframe: "4h", start: "2025-05-01", end: 1_746_662_400_000 };
    expect(dateRangeRequestSchema.parse(request)).toEqual(request);
    const wrong = dateRangeRequestSchema.safeParse({ ...request, timeframe: 4 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe("timeframe must be a string such as 1h");
  });
});
