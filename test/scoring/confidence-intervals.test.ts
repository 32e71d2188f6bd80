// Confidence intervals against hand-computed values. Provenance: the Wilson bounds were worked out by hand from the
// formula in src/scoring/confidence-intervals.ts (shown next to each) and agree with
// statsmodels.stats.proportion.proportion_confint(method="wilson") to the digits given.
import { describe, expect, it } from "vitest";

import { meanWithInterval, wilsonInterval, Z_95 } from "../../src/scoring/confidence-intervals";

describe("wilsonInterval", () => {
  it("5 of 10: centre 0.5, half-width (z / (1 + z²/n)) * sqrt(p(1-p)/n + z²/4n²) = 0.263407", () => {
    const interval = wilsonInterval(5, 10);
    expect(interval.low).toBeCloseTo(0.236593, 5);
    expect(interval.high).toBeCloseTo(0.763407, 5);
  });

  it("8 of 10: centre (0.8 + z²/2n) / (1 + z²/n) = 0.716742, half-width 0.226577", () => {
    const interval = wilsonInterval(8, 10);
    expect(interval.low).toBeCloseTo(0.490165, 5);
    expect(interval.high).toBeCloseTo(0.943319, 5);
  });

  it("0 of 10 stays inside [0, 1] (the normal approximation would give [0, 0])", () => {
    const interval = wilsonInterval(0, 10);
    expect(interval.low).toBeCloseTo(0, 6);
    expect(interval.low).toBeGreaterThanOrEqual(0);
    expect(interval.high).toBeCloseTo(0.277533, 5);
  });

  it("is symmetric around 1/2 and narrows with more trials", () => {
    const small = wilsonInterval(3, 10);
    const mirrored = wilsonInterval(7, 10);
    expect(small.low).toBeCloseTo(1 - mirrored.high, 12);
    const large = wilsonInterval(300, 1000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });

  it("no trials: the whole range; z is the 95% two-sided quantile", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
    expect(Z_95).toBeCloseTo(1.959964, 6);
  });
});

describe("meanWithInterval", () => {
  it("mean of (1, 2, 3, 4) is 2.5; sample sd sqrt(5/3); half-width z * sd / sqrt(4)", () => {
    const { mean, interval } = meanWithInterval([1, 2, 3, 4]);
    expect(mean).toBe(2.5);
    const halfWidth = (Z_95 * Math.sqrt(5 / 3)) / 2;
    expect(interval!.low).toBeCloseTo(2.5 - halfWidth, 12);
    expect(interval!.high).toBeCloseTo(2.5 + halfWidth, 12);
  });

  it("no interval below two values; mean of nothing is null", () => {
    expect(meanWithInterval([])).toEqual({ mean: null, interval: null });
    expect(meanWithInterval([0.5])).toEqual({ mean: 0.5, interval: null });
  });
});
