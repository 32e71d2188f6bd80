// How far back a fetch reaches to fill an analysis window: enough calendar time for the bars at the shortest
// sessions, closures included, never past the timeframe's lookback, and never later than the requested start.
import { describe, expect, it } from "vitest";

import { maxLookbackDays, TIMEFRAMES } from "../../src/market/timeframes";
import { calendarDaysForBars, windowFetchStart } from "../../src/market/window-fetch-range";

const DAY = 86_400_000;
const end = new Date("2025-06-20T00:00:00Z");

describe("calendarDaysForBars", () => {
  // Hand-counted from the rule: sessions of 6.5 hours, 5 trading days in 7, and the closure margins.
  it.each([
    ["1m", 45, 6], // 1 session -> 2 calendar days + 4
    ["1h", 45, 14], // 7 bars a session: 7 sessions -> 10 days + 4
    ["4h", 45, 37], // 2 bars a session: 23 sessions -> 33 days + 4
    ["1d", 45, 77], // 63 days + 14
    ["1w", 45, 329], // 47 weeks
    ["1mo", 45, 1426], // 46 months of 31 days
  ] as const)("%s, %i bars: %i days", (timeframe, bars, days) => {
    expect(calendarDaysForBars(timeframe, bars)).toBe(days);
  });

  it("holds the default window of every timeframe within its lookback, so a short range can always be filled", () => {
    for (const timeframe of TIMEFRAMES.filter((candidate) => candidate !== "1m")) {
      expect(calendarDaysForBars(timeframe, 45), timeframe).toBeLessThanOrEqual(maxLookbackDays(timeframe));
    }
  });

  it("covers a real US calendar: 45 daily bars before 2025-06-20 start on or after the day it reaches back to", () => {
    // NYSE holidays in the span: 2025-04-18 (Good Friday), 2025-05-26 (Memorial Day), 2025-06-19 (Juneteenth).
    const holidays = new Set(["2025-04-18", "2025-05-26", "2025-06-19"]);
    const sessions: string[] = [];
    for (let time = end.getTime() - DAY; sessions.length < 45; time -= DAY) {
      const date = new Date(time);
      const iso = date.toISOString().slice(0, 10);
      if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6 && !holidays.has(iso)) sessions.push(iso);
    }
    const firstNeeded = Date.parse(sessions.at(-1)!);
    const start = windowFetchStart({ timeframe: "1d", start: new Date(end.getTime() - 30 * DAY), end, bars: 45 });
    expect(start.getTime()).toBeLessThanOrEqual(firstNeeded);
  });
});

describe("windowFetchStart", () => {
  it("keeps a requested start that already reaches far enough", () => {
    const start = new Date(end.getTime() - 100 * DAY);
    expect(windowFetchStart({ timeframe: "1d", start, end, bars: 45 })).toEqual(start);
  });

  it("moves a later start back by the calendar days the window needs", () => {
    const start = new Date(end.getTime() - 30 * DAY);
    expect(windowFetchStart({ timeframe: "1d", start, end, bars: 45 })).toEqual(new Date(end.getTime() - 77 * DAY));
  });

  it("never reaches past the timeframe's lookback", () => {
    const start = new Date(end.getTime() - 30 * DAY);
    // 500 monthly bars would need 15531 days; 1mo allows 10950.
    expect(windowFetchStart({ timeframe: "1mo", start, end, bars: 500 })).toEqual(
      new Date(end.getTime() - 10_950 * DAY),
    );
    // 1000 one-minute bars: 3 sessions, 5 calendar days and a holiday weekend make 9; Yahoo serves 7 at most.
    const lastHour = new Date(end.getTime() - 3_600_000);
    expect(calendarDaysForBars("1m", 1000)).toBe(9);
    expect(windowFetchStart({ timeframe: "1m", start: lastHour, end, bars: 1000 })).toEqual(
      new Date(end.getTime() - 7 * DAY),
    );
  });
});
