// The figures of an equity curve against values worked out by hand (the arithmetic is in the comments).
import { describe, expect, it } from "vitest";

import { barReturns, barsPerYear, maxDrawdown, sharpeRatio } from "../../src/backtest/equity-metrics";

const HOUR = 3_600_000;
const fourHourly = (count: number) => Array.from({ length: count }, (_, index) => index * 4 * HOUR);

describe("maxDrawdown", () => {
  it("is the largest fall from a running peak, as a positive fraction", () => {
    // Peaks 1.1 then 1.21: falls to 0.99 (1 - 0.99 / 1.1 = 0.1) and to 0.968 (1 - 0.968 / 1.21 = 0.2).
    expect(maxDrawdown([1.1, 0.99, 1.21, 0.968])).toBeCloseTo(0.2, 14);
    // The starting capital of 1 is a peak: a curve that opens at 0.9 has fallen 10%.
    expect(maxDrawdown([0.9, 0.95])).toBeCloseTo(0.1, 14);
    expect(maxDrawdown([1, 1.05, 1.2])).toBe(0);
  });
});

describe("barsPerYear", () => {
  it("reads the bars a year holds from the series' own span", () => {
    // 3 intervals over 12 hours: 3 / (12 / 8,766) = 2,191.5 bars a year (a 365.25-day year has 8,766 hours).
    expect(barsPerYear(fourHourly(4))).toBeCloseTo(2191.5, 9);
    // Two 4-hour bars a day on weekdays only: 10 bars over one week less the last interval's length.
    const session = [0, 1, 2, 3, 4].flatMap((day) => [day * 24 * HOUR, day * 24 * HOUR + 4 * HOUR]);
    // 9 intervals over 4 days and 4 hours = 100 hours: 9 × 8,766 / 100 = 788.94.
    expect(barsPerYear(session)).toBeCloseTo(788.94, 9);
    expect(barsPerYear([0])).toBeNull();
  });
});

describe("sharpeRatio", () => {
  it("annualises the mean over the standard deviation of the bar-to-bar returns", () => {
    // Returns +2%, -1%, +3%: mean 0.0133333, sample sd 0.0208167, ratio 0.6405126; × √2,191.5 = 29.984611.
    const equity = [1, 1.02, 1.02 * 0.99, 1.02 * 0.99 * 1.03];
    expect(barReturns(equity).map((value) => Number(value.toFixed(12)))).toEqual([0.02, -0.01, 0.03]);
    expect(sharpeRatio(equity, barsPerYear(fourHourly(4)))).toBeCloseTo(29.984611437817954, 9);
  });

  it("counts a cost paid at the first bar: the first return is measured from the capital of 1", () => {
    // Entered at a cost of 0.1% (0.999), then flat: returns -0.1% and 0, mean -0.0005, sd 0.000707107, ratio -0.707107.
    expect(sharpeRatio([0.999, 0.999, 0.999], 1)).toBeCloseTo(-Math.SQRT1_2, 9);
  });

  it("is null when it cannot be told: one return, a curve that never moved, no span", () => {
    expect(sharpeRatio([1, 1.01], 2191.5)).toBeNull();
    expect(sharpeRatio([1, 1, 1, 1], 2191.5)).toBeNull();
    expect(sharpeRatio([1, 1.02, 1.01], null)).toBeNull();
  });
});
