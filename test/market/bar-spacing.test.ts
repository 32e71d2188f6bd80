// Whether bars fit the timeframe they are said to have: at least half of the gaps at most one bar long are one bar
// long. Real 4-hour data has shorter gaps (a session's first bar, a change of daylight saving) and must pass; hourly
// bars called 4h, and 4-hour bars called 1h, must not.
import { describe, expect, it } from "vitest";

import { assertBarSpacing, timeframeOfBars, typicalGapMs } from "../../src/market/bar-spacing";
import { listBenchmarkAssets, readBenchmarkWindows } from "../../src/market/benchmark-data";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import type { Candle } from "../../src/market/candle";

const HOUR = 3_600_000;
const start = Date.UTC(2024, 0, 1);

/** Bars at these offsets from a fixed start (hours). */
const bars = (hours: number[]): Candle[] =>
  hours.map((offset) => ({ time: start + offset * HOUR, open: 1, high: 1, low: 1, close: 1, volume: 0 }));
/** Bars at these gaps after one another (hours). */
const spaced = (gaps: number[]): Candle[] => bars(gaps.reduce((times, gap) => [...times, times.at(-1)! + gap], [0]));

describe("the bars of the shipped benchmark", () => {
  it("every 4-hour window of every asset fits 4h, and not 1h or 1d", async () => {
    const assets = await listBenchmarkAssets(BENCHMARK_DIR);
    expect(assets).toHaveLength(8);
    let windows = 0;
    for (const asset of assets) {
      for (const { window, candles } of await readBenchmarkWindows(BENCHMARK_DIR, asset)) {
        windows += 1;
        expect(() => assertBarSpacing(candles, "4h"), `${asset} ${window}`).not.toThrow();
        expect(timeframeOfBars(candles), `${asset} ${window}`).toBe("4h");
        expect(() => assertBarSpacing(candles, "1h")).toThrow(/but 1h bars are 1 hour apart/);
        expect(() => assertBarSpacing(candles, "1d")).toThrow(/but 1d bars are 1 day apart/);
      }
    }
    expect(windows).toBe(800);
  });
});

describe("assertBarSpacing", () => {
  it("takes a session's short bar: VIX's 4-hour bars at 03:15, 07:15, 09:30 and 13:30", () => {
    // Gaps of 4 h, 2 h 15, 4 h, then the night: one short gap in three at most one bar long.
    const day = [3.25, 7.25, 9.5, 13.5];
    const vix = bars([...day, ...day.map((hour) => hour + 24), ...day.map((hour) => hour + 48)]);
    expect(() => assertBarSpacing(vix, "4h")).not.toThrow();
  });

  it("takes short gaps up to half of those at most a bar long, and refuses more", () => {
    expect(() => assertBarSpacing(spaced([4, 3, 4, 3]), "4h")).not.toThrow(); // half
    expect(() => assertBarSpacing(spaced([4, 3, 3, 4, 3]), "4h")).toThrow(
      "The bars of the data are mostly 3 hours apart, but 4h bars are 4 hours apart. To analyse them, supply 4h bars.",
    );
  });

  it("refuses hourly bars called 4h, naming 1h, and 4-hour bars called 1h, naming 4h", () => {
    const hourly = spaced(Array.from({ length: 30 }, () => 1));
    expect(() => assertBarSpacing(hourly, "4h", "the CSV")).toThrow(
      "The bars of the CSV are mostly 1 hour apart, but 4h bars are 4 hours apart. To analyse them, choose the timeframe 1h, which matches them, or supply 4h bars.",
    );
    const fourHourly = spaced(Array.from({ length: 30 }, () => 4));
    expect(() => assertBarSpacing(fourHourly, "1h", "the CSV")).toThrow(
      "The bars of the CSV are mostly 4 hours apart, but 1h bars are 1 hour apart. To analyse them, choose the timeframe 4h, which matches them, or supply 1h bars.",
    );
  });

  it("lets nights and weekends be longer: eight hourly bars a day fit 1h, and not 4h", () => {
    const sessions = bars(Array.from({ length: 40 }, (_, index) => Math.floor(index / 8) * 24 + (index % 8)));
    expect(() => assertBarSpacing(sessions, "1h")).not.toThrow();
    expect(() => assertBarSpacing(sessions, "4h")).toThrow(/mostly 1 hour apart/);
  });

  it("takes daily bars moved an hour by daylight saving, and weekends; refuses them as weekly", () => {
    const daily = spaced([24, 24, 23, 24, 72, 24, 25, 24]);
    expect(() => assertBarSpacing(daily, "1d")).not.toThrow();
    expect(timeframeOfBars(daily)).toBe("1d");
    expect(() => assertBarSpacing(daily, "1w")).toThrow(/mostly 1 day apart, but 1w bars are 7 days apart/);
  });

  it("has nothing to check in fewer than two bars, and checks two", () => {
    expect(() => assertBarSpacing(bars([0]), "1h")).not.toThrow();
    expect(() => assertBarSpacing([], "1h")).not.toThrow();
    expect(() => assertBarSpacing(bars([0, 4]), "4h")).not.toThrow();
    expect(() => assertBarSpacing(bars([0, 4]), "1h")).toThrow(/mostly 4 hours apart/);
  });
});

describe("typicalGapMs and timeframeOfBars", () => {
  it("the most common gap, the shorter of a tie; none for fewer than two bars", () => {
    expect(typicalGapMs(spaced([4, 4, 20, 4]))).toBe(4 * HOUR);
    expect(typicalGapMs(spaced([4, 1, 4, 1]))).toBe(1 * HOUR);
    expect(typicalGapMs(bars([0]))).toBeUndefined();
  });

  it("no timeframe for bars spaced as none is", () => {
    expect(timeframeOfBars(spaced([3, 3, 3]))).toBeUndefined();
    expect(timeframeOfBars(bars([0]))).toBeUndefined();
  });
});
