// Warm-up: each series has the input's length, null before TA-Lib's first bar (never 0 or NaN), numbers after.
import { describe, expect, it } from "vitest";

import {
  computeMacd,
  computeRoc,
  computeRsi,
  computeStochastic,
  computeWilliamsR,
  type IndicatorSeries,
} from "../../src/indicators";

const length = 60;
const close = Array.from({ length }, (_, index) => 100 + 10 * Math.sin(index / 3) + index * 0.2);
const series = { high: close.map((price) => price + 1), low: close.map((price) => price - 1), close };

function firstValueIndex(values: IndicatorSeries): number {
  return values.findIndex((value) => value !== null);
}

function expectWarmUp(values: IndicatorSeries, firstIndex: number): void {
  expect(values).toHaveLength(length);
  expect(firstValueIndex(values)).toBe(firstIndex);
  values.slice(0, firstIndex).forEach((value) => expect(value).toBeNull());
  values.slice(firstIndex).forEach((value) => expect(Number.isFinite(value)).toBe(true));
}

describe("warm-up and alignment", () => {
  it("starts each indicator where TA-Lib does with the default periods", () => {
    expectWarmUp(computeRsi(close), 14);
    const macd = computeMacd(close);
    expectWarmUp(macd.macd, 33);
    expectWarmUp(macd.signal, 33);
    expectWarmUp(macd.histogram, 33);
    const stochastic = computeStochastic(series);
    expectWarmUp(stochastic.k, 14 - 1 + 3 - 1 + 3 - 1);
    expectWarmUp(stochastic.d, 17);
    expectWarmUp(computeRoc(close), 10);
    expectWarmUp(computeWilliamsR(series), 13);
  });

  it("moves the first value with the periods", () => {
    expect(firstValueIndex(computeRsi(close, { period: 5 }))).toBe(5);
    expect(firstValueIndex(computeMacd(close, { fastPeriod: 3, slowPeriod: 8, signalPeriod: 4 }).signal)).toBe(10);
    expect(firstValueIndex(computeStochastic(series, { kPeriod: 5, kSlowingPeriod: 1, dPeriod: 2 }).d)).toBe(5);
    expect(firstValueIndex(computeRoc(close, { period: 1 }))).toBe(1);
    expect(firstValueIndex(computeWilliamsR(series, { period: 2 }))).toBe(1);
  });

  it("answers all nulls for a series shorter than the warm-up, and empty for empty input", () => {
    const short = close.slice(0, 20);
    expect(computeMacd(short).macd).toEqual(new Array(20).fill(null));
    expect(computeRsi(close.slice(0, 14))).toEqual(new Array(14).fill(null));
    expect(computeRsi([])).toEqual([]);
    expect(computeWilliamsR({ high: [], low: [], close: [] })).toEqual([]);
  });

  it("follows TA-Lib on series without movement or range (0, not 100, -100 or NaN)", () => {
    const flat = new Array(30).fill(50);
    const flatBars = { high: flat, low: flat, close: flat };
    expect(computeRsi(flat).slice(14)).toEqual(new Array(16).fill(0));
    expect(
      computeWilliamsR(flatBars)
        .slice(13)
        .every((value) => value === 0),
    ).toBe(true);
    expect(computeStochastic(flatBars).k.slice(17)).toEqual(new Array(13).fill(0));
    expect(computeRoc(flat).slice(10)).toEqual(new Array(20).fill(0));
  });

  it("gives ROC 0 against a zero reference price, as TA-Lib", () => {
    expect(computeRoc([0, 1, 2], { period: 1 })).toEqual([null, 0, 100]);
  });
});
