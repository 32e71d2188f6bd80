// The mirror transform: double mirror is the identity, a rise becomes a fall of the same log size, high and low swap,
// volume and time are kept, and a price at or below zero is refused before anything is done with it.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import type { Candle } from "../../src/market/candle";
import { readCsvFile } from "../../src/market/csv-source";
import { mirrorCandles, mirrorPrice } from "../../src/market/mirror-candles";

const HOUR = 3_600_000;
const candle = (index: number, open: number, high: number, low: number, close: number, volume = 10): Candle => ({
  time: Date.UTC(2024, 0, 2) + index * 4 * HOUR,
  open,
  high,
  low,
  close,
  volume,
});

const series: Candle[] = [
  candle(0, 50, 55, 48, 52, 1200),
  candle(1, 52, 60, 51, 58, 900),
  candle(2, 58, 59, 40, 44, 3000),
  candle(3, 44, 47.5, 43, 47, 15),
];

describe("mirrorCandles", () => {
  it("mirrors each price p to c² / p around the last close, which keeps its price", () => {
    const mirrored = mirrorCandles(series);
    const center = 47;
    expect(mirrored.at(-1)!.close).toBeCloseTo(47, 12);
    expect(mirrored[0]).toEqual({
      time: series[0]!.time,
      open: (center * center) / 50,
      high: (center * center) / 48, // the lowest price becomes the highest
      low: (center * center) / 55,
      close: (center * center) / 52,
      volume: 1200,
    });
  });

  it("swaps high and low, keeps volume and time, and gives valid candles (high above open, close and low)", () => {
    const mirrored = mirrorCandles(series);
    mirrored.forEach((bar, index) => {
      const original = series[index]!;
      expect(bar.high).toBeCloseTo(mirrorPrice(original.low, 47), 12);
      expect(bar.low).toBeCloseTo(mirrorPrice(original.high, 47), 12);
      expect(bar.volume).toBe(original.volume);
      expect(bar.time).toBe(original.time);
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close, bar.low));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close, bar.high));
    });
  });

  it("turns every rise into a fall of the same log size", () => {
    const mirrored = mirrorCandles(series);
    for (let index = 1; index < series.length; index++) {
      const original = Math.log(series[index]!.close / series[index - 1]!.close);
      const flipped = Math.log(mirrored[index]!.close / mirrored[index - 1]!.close);
      expect(flipped).toBeCloseTo(-original, 12);
      expect(Math.sign(flipped)).toBe(-Math.sign(original));
    }
  });

  it("is its own inverse: mirrored twice, a real benchmark window comes back to within 1e-12 of each price", async () => {
    const window = await readCsvFile("datasets/benchmark/btc/BTC_4h_1.csv");
    const twice = mirrorCandles(mirrorCandles(window));
    expect(twice).toHaveLength(window.length);
    twice.forEach((bar, index) => {
      const original = window[index]!;
      for (const field of ["open", "high", "low", "close"] as const)
        expect(Math.abs(bar[field] / original[field] - 1)).toBeLessThan(1e-12);
      expect(bar.volume).toBe(original.volume);
      expect(bar.time).toBe(original.time);
    });
  });

  it("around another centre gives the same series up to one constant factor (every ratio kept)", () => {
    const around47 = mirrorCandles(series);
    const around10 = mirrorCandles(series, { center: 10 });
    const factor = around47[0]!.close / around10[0]!.close;
    around10.forEach((bar, index) => expect(around47[index]!.low / bar.low).toBeCloseTo(factor, 10));
  });

  it("refuses a zero or negative price with an input error naming the bar, and a centre at or below zero", () => {
    const zero = [...series.slice(0, 2), { ...series[2]!, low: 0 }, series[3]!];
    const refusal = (() => {
      try {
        mirrorCandles(zero);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(QuantAgentError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({ kind: "input", details: { bar: 3, field: "low" } });
    expect((refusal as Error).message).toMatch(/^Cannot mirror a series with a price that is zero, negative/);
    expect((refusal as Error).message).toContain("2024-01-02 08:00 UTC");
    expect(() => mirrorCandles([{ ...series[0]!, close: -5, low: -6 }])).toThrow(/has low -6/);
    expect(() => mirrorCandles(series, { center: 0 })).toThrow(/centre must be a price above zero/);
    expect(() => mirrorCandles([])).toThrow(/at least one candle/);
  });
});
