// The blind window: last close exactly 100 with every price ratio kept, volume as a share of the window's mean, bars
// numbered from 1 instead of dated, and nothing of the original level or dates left in the numbers.
import { describe, expect, it } from "vitest";

import { BLIND_LAST_CLOSE, blindCandles } from "../../src/market/blind-candles";
import { readCsvFile } from "../../src/market/csv-source";

describe("blindCandles", () => {
  it("rescales so the last close is exactly 100 and keeps every ratio between prices", async () => {
    const window = (await readCsvFile("datasets/benchmark/btc/BTC_4h_7.csv")).slice(0, 45);
    const { candles, priceScale } = blindCandles(window);
    expect(candles.at(-1)!.close).toBe(BLIND_LAST_CLOSE);
    expect(priceScale).toBeCloseTo(100 / window.at(-1)!.close, 15);
    candles.forEach((bar, index) => {
      const original = window[index]!;
      for (const field of ["open", "high", "low", "close"] as const)
        expect(bar[field] / bar.close).toBeCloseTo(original[field] / original.close, 12);
      if (index > 0)
        expect(bar.close / candles[index - 1]!.close).toBeCloseTo(original.close / window[index - 1]!.close, 12);
    });
    // Bitcoin at tens of thousands now reads as prices around 100.
    expect(Math.max(...candles.map((bar) => bar.high))).toBeLessThan(200);
  });

  it("numbers the bars from 1 instead of dating them", async () => {
    const window = (await readCsvFile("datasets/benchmark/spx/SPX_4h_3.csv")).slice(10, 55);
    const { candles } = blindCandles(window);
    expect(candles.map((bar) => bar.time)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
  });

  it("shows volume as a share of the window's mean volume, and an index's zero volumes as zeros", () => {
    const bar = (close: number, volume: number) => ({
      time: close,
      open: close,
      high: close,
      low: close,
      close,
      volume,
    });
    const { candles, volumeScale } = blindCandles([bar(10, 100), bar(11, 300), bar(12, 200)]);
    expect(candles.map((candle) => candle.volume)).toEqual([0.5, 1.5, 1]);
    expect(volumeScale).toBe(1 / 200);
    expect(blindCandles([bar(10, 0), bar(11, 0)]).candles.map((candle) => candle.volume)).toEqual([0, 0]);
  });

  it("refuses an empty window", () => {
    expect(() => blindCandles([])).toThrow(/at least one candle/);
  });
});
