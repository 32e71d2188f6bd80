import { describe, expect, it } from "vitest";

import {
  isIntraday,
  isTimeframe,
  maxLookbackDays,
  timeframeInfo,
  TIMEFRAMES,
  timeframeSchema,
  timeframeTable,
  yahooIntervalFor,
} from "../../src/market/timeframes";

describe("timeframes", () => {
  it("has the lookback table: Yahoo's intraday limits, and 10, 20 and 30 years for daily, weekly and monthly bars", () => {
    const table = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, maxLookbackDays(timeframe)]));
    expect(table).toEqual({
      "1m": 7,
      "5m": 60,
      "15m": 60,
      "30m": 60,
      "1h": 730,
      "4h": 730,
      "1d": 3650,
      "1w": 7300,
      "1mo": 10950,
    });
  });

  it("maps each timeframe to a yahoo-finance2 interval, 4h through 1h", () => {
    const intervals = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, yahooIntervalFor(timeframe)]));
    expect(intervals).toEqual({
      "1m": "1m",
      "5m": "5m",
      "15m": "15m",
      "30m": "30m",
      "1h": "1h",
      "4h": "1h",
      "1d": "1d",
      "1w": "1wk",
      "1mo": "1mo",
    });
    expect(timeframeInfo("4h").aggregated).toBe(true);
    expect(TIMEFRAMES.filter((timeframe) => timeframeInfo(timeframe).aggregated)).toEqual(["4h"]);
  });

  it("gives bar lengths where they are fixed", () => {
    expect(timeframeInfo("5m").barMs).toBe(300_000);
    expect(timeframeInfo("4h").barMs).toBe(14_400_000);
    expect(timeframeInfo("1w").barMs).toBe(604_800_000);
    expect(timeframeInfo("1mo").barMs).toBeUndefined();
  });

  it("validates ids with zod and a type guard", () => {
    expect(timeframeSchema.parse("4h")).toBe("4h");
    expect(timeframeSchema.safeParse("2h").success).toBe(false);
    expect(timeframeSchema.safeParse("2h").error?.issues[0]?.message).toContain("1m, 5m, 15m");
    expect(isTimeframe("1mo")).toBe(true);
    expect(isTimeframe("1M")).toBe(false);
    expect(isTimeframe(undefined)).toBe(false);
  });

  it("tells the intraday timeframes (1m to 4h) from the daily, weekly and monthly ones", () => {
    expect(TIMEFRAMES.filter(isIntraday)).toEqual(["1m", "5m", "15m", "30m", "1h", "4h"]);
    expect(TIMEFRAMES.filter((timeframe) => !isIntraday(timeframe))).toEqual(["1d", "1w", "1mo"]);
  });

  it("lists every timeframe's facts in timeframe order, as copies", () => {
    const table = timeframeTable();
    expect(table.map((row) => row.timeframe)).toEqual([...TIMEFRAMES]);
    expect(table.find((row) => row.timeframe === "4h")).toEqual({
      timeframe: "4h",
      maxDays: 730,
      yahooInterval: "1h",
      aggregated: true,
      barMs: 14_400_000,
    });
    expect(table.find((row) => row.timeframe === "1mo")).toMatchObject({ yahooInterval: "1mo", barMs: undefined });
    (table[0] as { maxDays: number }).maxDays = 1;
    expect(timeframeInfo("1m").maxDays).toBe(7);
  });
});
