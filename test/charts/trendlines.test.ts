// Trendline fits on seeded random series and on benchmark windows: no bar crosses a fitted line, each line
// passes through its pivot, and its squared error is no worse than a fine brute-force scan of slopes through the
// same pivot that keep the constraint.
import { describe, expect, it } from "vitest";

import { leastSquaresLine, lineValueAt, lineValues, type StraightLine } from "../../src/charts/straight-line";
import {
  fitCandleTrendlines,
  fitHighLowTrendlines,
  fitTrendlines,
  resistanceLine,
  supportLine,
  type TrendlineFit,
  TrendlineInputError,
} from "../../src/charts/trendlines";
import { benchmarkSamples, readBenchmarkCandles } from "../support/benchmark";

type Side = "support" | "resistance";

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function randomBars(seed: number, length: number) {
  const random = seededRandom(seed);
  const close: number[] = [];
  const high: number[] = [];
  const low: number[] = [];
  let price = 50 + random() * 5000;
  const drift = (random() - 0.5) * 0.01;
  for (let index = 0; index < length; index += 1) {
    const open = price;
    price *= 1 + drift + (random() - 0.5) * 0.05;
    close.push(price);
    high.push(Math.max(open, price) * (1 + random() * 0.02));
    low.push(Math.min(open, price) * (1 - random() * 0.02));
  }
  return { close, high, low };
}

function squaredError(values: readonly number[], line: StraightLine): number {
  return values.reduce((sum, value, index) => sum + (lineValueAt(line, index) - value) ** 2, 0);
}

function crosses(values: readonly number[], line: StraightLine, side: Side, tolerance: number): boolean {
  return values.some((value, index) => {
    const difference = lineValueAt(line, index) - value;
    return side === "support" ? difference > tolerance : difference < -tolerance;
  });
}

/**
 * Best feasible error over slopes through the pivot: a coarse scan, then a fine one around its best. Candidates
 * must not cross at all: a tolerance here would let the scan lean past a touch point and beat the exact optimum.
 */
function bruteForceBestError(values: readonly number[], pivot: number, side: Side): number {
  const unit = (Math.max(...values) - Math.min(...values)) / values.length;
  const center = leastSquaresLine(values).slope;
  const scan = (from: number, to: number, points: number) => {
    let best = { slope: Number.NaN, error: Infinity };
    for (let step = 0; step <= points; step += 1) {
      const slope = from + ((to - from) * step) / points;
      const line = { slope, intercept: values[pivot]! - slope * pivot };
      if (crosses(values, line, side, 0)) continue;
      const error = squaredError(values, line);
      if (error < best.error) best = { slope, error };
    }
    return best;
  };
  const coarse = scan(center - 10 * unit, center + 10 * unit, 2000);
  const coarseStep = (20 * unit) / 2000;
  const fine = scan(coarse.slope - 2 * coarseStep, coarse.slope + 2 * coarseStep, 4000);
  return Math.min(coarse.error, fine.error);
}

function expectGoodLine(values: readonly number[], line: StraightLine, pivot: number, side: Side): void {
  const scale = Math.max(...values.map(Math.abs));
  const tolerance = 1e-9 * scale;
  expect(crosses(values, line, side, tolerance), `${side} crosses a bar`).toBe(false);
  expect(Math.abs(lineValueAt(line, pivot) - values[pivot]!)).toBeLessThanOrEqual(tolerance);
  const bruteForce = bruteForceBestError(values, pivot, side);
  expect(squaredError(values, line)).toBeLessThanOrEqual(bruteForce * (1 + 1e-9) + 1e-12 * scale * scale);
}

function expectGoodFits(bars: { close: number[]; high: number[]; low: number[] }) {
  const onCloses = fitTrendlines(bars.close);
  expectGoodLine(bars.close, supportLine(onCloses), onCloses.supportPivot, "support");
  expectGoodLine(bars.close, resistanceLine(onCloses), onCloses.resistancePivot, "resistance");
  const onHighLow = fitHighLowTrendlines(bars);
  expectGoodLine(bars.low, supportLine(onHighLow), onHighLow.supportPivot, "support");
  expectGoodLine(bars.high, resistanceLine(onHighLow), onHighLow.resistancePivot, "resistance");
  return { onCloses, onHighLow };
}

describe("trendlines on random series", () => {
  it.each(Array.from({ length: 25 }, (_, seed) => [seed + 1, [5, 20, 45, 100][seed % 4]!]))(
    "seed %i, %i bars",
    (seed, length) => {
      expectGoodFits(randomBars(seed, length));
    },
  );

  it("puts each pivot on the bar furthest from the closes' least-squares line", () => {
    const bars = randomBars(99, 45);
    const leastSquares = leastSquaresLine(bars.close);
    const offsets = (values: number[]) => values.map((value, index) => value - lineValueAt(leastSquares, index));
    const fit = fitHighLowTrendlines(bars);
    const lowOffsets = offsets(bars.low);
    const highOffsets = offsets(bars.high);
    expect(fit.supportPivot).toBe(lowOffsets.indexOf(Math.min(...lowOffsets)));
    expect(fit.resistancePivot).toBe(highOffsets.indexOf(Math.max(...highOffsets)));
  });
});

describe("trendlines on benchmark windows", () => {
  it.each(benchmarkSamples)("%s (whole window and the last 45 bars)", (file) => {
    const candles = readBenchmarkCandles(file);
    for (const window of [candles, candles.slice(-45)]) {
      const bars = {
        close: window.map((candle) => candle.close),
        high: window.map((candle) => candle.high),
        low: window.map((candle) => candle.low),
      };
      const { onCloses, onHighLow } = expectGoodFits(bars);
      expect(fitCandleTrendlines(window)).toEqual({ close: onCloses, highLow: onHighLow });
    }
  });
});

describe("trendline edge cases and helpers", () => {
  it("fits a flat series with flat lines through it", () => {
    const fit: TrendlineFit = fitTrendlines([10, 10, 10, 10]);
    expect(lineValues(supportLine(fit), 4)).toEqual([10, 10, 10, 10]);
    expect(lineValues(resistanceLine(fit), 4)).toEqual([10, 10, 10, 10]);
  });

  it("touches a second bar exactly when the constraint binds (no gap left by the step size)", () => {
    // Resistance through the last bar wants to be steeper than the line to the first bar allows.
    const values = [10, 9, 8, 7, 1, 1.5, 2, 20, 30, 40];
    const fit = fitTrendlines(values);
    expect(fit.resistancePivot).toBe(9);
    const line = resistanceLine(fit);
    const touches = values.flatMap((value, index) =>
      Math.abs(lineValueAt(line, index) - value) < 1e-12 ? [index] : [],
    );
    expect(touches).toEqual([0, 9]);
  });

  it("rejects series that cannot hold a line", () => {
    expect(() => fitTrendlines([1])).toThrow(TrendlineInputError);
    expect(() => fitTrendlines([1, Number.NaN, 2])).toThrow("values must hold finite numbers only");
    expect(() => fitHighLowTrendlines({ high: [2, 3], low: [1], close: [1, 2] })).toThrow(TrendlineInputError);
  });

  it("evaluates lines at bar indexes", () => {
    const line = { slope: 2, intercept: 1 };
    expect(lineValueAt(line, 3)).toBe(7);
    expect(lineValues(line, 3)).toEqual([1, 3, 5]);
    expect(leastSquaresLine([1, 3, 5])).toEqual({ slope: 2, intercept: 1 });
  });
});
