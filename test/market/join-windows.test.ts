// joinWindows: overlapping windows become the continuous series they make together, each bar once; a step between
// two bars is taken only where a window holds them side by side; windows that disagree on a bar are refused. Also
// candlesToCsv, read back by parseCsv unchanged, and the longest series the shipped benchmark makes.
import { describe, expect, it } from "vitest";

import { longestBenchmarkSeries } from "../../scripts/join-benchmark-series";
import type { Candle } from "../../src/market/candle";
import { parseCsv } from "../../src/market/csv-source";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { joinWindows } from "../../src/market/join-windows";
import { candlesFromCloses } from "../evaluation/synthetic-candles";

const bars = candlesFromCloses(Array.from({ length: 30 }, (_, index) => 100 + index));
const times = (candles: readonly Candle[]) => candles.map((candle) => bars.indexOf(candle));

describe("joinWindows", () => {
  it("joins overlapping windows into one series, each bar once, and says which windows made it", () => {
    const joined = joinWindows([bars.slice(10, 20), bars.slice(0, 12), bars.slice(18, 25)]);
    expect(joined).toHaveLength(1);
    expect(times(joined[0]!.candles)).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(joined[0]!.windows.sort()).toEqual([0, 1, 2]);
  });

  it("does not bridge a hole between windows that merely come close: the series ends there", () => {
    // Bars 0..9 and 11..19: bar 10 is in no window, so 9 → 11 is not a step any window vouches for.
    const joined = joinWindows([bars.slice(0, 10), bars.slice(11, 20), bars.slice(15, 22)]);
    expect(joined.map((series) => times(series.candles))).toEqual([
      Array.from({ length: 11 }, (_, index) => 11 + index),
      Array.from({ length: 10 }, (_, index) => index),
    ]);
    // Touching windows (bar 9, then bar 10 in the next) are joined only when one window holds both.
    expect(joinWindows([bars.slice(0, 10), bars.slice(10, 20)])).toHaveLength(2);
    expect(joinWindows([bars.slice(0, 10), bars.slice(10, 20), bars.slice(9, 11)])).toHaveLength(1);
  });

  it("refuses windows that disagree on a shared bar, naming its time", () => {
    const other = bars
      .slice(5, 15)
      .map((candle, index) => (index === 2 ? { ...candle, close: candle.close + 1 } : candle));
    expect(() => joinWindows([bars.slice(0, 10), other])).toThrow(
      /The windows disagree on the bar at 2024-01-02T04:00:00\.000Z \(window 2 has other prices\)/,
    );
  });

  it("joins the shipped BTC windows into the 808-bar series, whose every step a window shows", async () => {
    const series = await longestBenchmarkSeries("BTC");
    expect(series.candles).toHaveLength(808);
    expect(series.windows).toHaveLength(21);
    expect(new Date(series.candles[0]!.time).toISOString()).toBe("2023-04-27T00:00:00.000Z");
    expect(series.lengths[0]).toBe(808);
    const steps = new Set(series.candles.slice(1).map((candle, index) => candle.time - series.candles[index]!.time));
    expect([...steps]).toEqual([4 * 3_600_000]); // a 24-hour market: every step is one 4-hour bar
  });
});

describe("candlesToCsv", () => {
  it("writes candles that parseCsv reads back exactly", () => {
    // Prices a third of a whole number: no short decimal form, so only a round-trip form survives.
    const awkward = bars.map((candle, index) => ({
      ...candle,
      open: candle.open / 3,
      high: candle.high / 3,
      low: candle.low / 3,
      close: candle.close / 3,
      volume: index * 0.1,
    }));
    expect(parseCsv(candlesToCsv(awkward))).toEqual(awkward);
  });
});
