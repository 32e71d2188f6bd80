// The average true range the risk step measures stops in, against values worked out by hand from Wilder's
// definition (true range with gaps; first average a plain mean of `period` true ranges; then Wilder's smoothing).
import { describe, expect, it } from "vitest";

import type { Candle } from "../../src/market/candle";
import { averageTrueRange, trueRanges } from "../../src/stages/average-true-range";

const bar = (time: number, open: number, high: number, low: number, close: number): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume: 0,
});

// Bar 1 gaps up over bar 0's close (10): its true range runs from that close to its high (13 - 10 = 3), not its own
// range (13 - 12 = 1). Bar 2 gaps down below bar 1's close (12.5): 12.5 - 9 = 3.5. Bar 3 stays inside: 11 - 10 = 1.
const candles = [
  bar(0, 9.5, 10.5, 9, 10),
  bar(1, 12, 13, 12, 12.5),
  bar(2, 10, 10.5, 9, 10),
  bar(3, 10.2, 11, 10, 10.5),
  bar(4, 10.5, 12, 10.5, 11.5),
];

describe("true range and ATR", () => {
  it("counts gaps from the previous close", () => {
    expect(trueRanges(candles)).toEqual([3, 3.5, 1, 1.5]);
  });

  it("starts from the mean of the first `period` true ranges, then smooths the Wilder way", () => {
    // period 2: mean(3, 3.5) = 3.25; then (3.25 * 1 + 1) / 2 = 2.125; then (2.125 + 1.5) / 2 = 1.8125.
    expect(averageTrueRange(candles, 2)).toBeCloseTo(1.8125, 12);
    // period 4 uses all four true ranges once: (3 + 3.5 + 1 + 1.5) / 4.
    expect(averageTrueRange(candles, 4)).toBeCloseTo(2.25, 12);
  });

  it("is null until there are period + 1 bars, and 0 for a flat series", () => {
    expect(averageTrueRange(candles, 5)).toBeNull();
    const flat = Array.from({ length: 20 }, (_, index) => bar(index, 5, 5, 5, 5));
    expect(averageTrueRange(flat)).toBe(0);
  });
});
