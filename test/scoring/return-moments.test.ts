// Moments of per-bar returns (src/scoring/return-moments.ts) against values worked by hand, and the per-bar Sharpe
// ratio's edges: too few returns, and returns that do not vary.
import { describe, expect, it } from "vitest";

import { perBarSharpe, returnMoments } from "../../src/scoring/return-moments";

describe("return moments", () => {
  it("reads mean, sample standard deviation, skewness and kurtosis of a small series", () => {
    // 1, 2, 3, 10: mean 4; deviations -3, -2, -1, 6; Σd² = 50, Σd³ = 180, Σd⁴ = 1394.
    const moments = returnMoments([1, 2, 3, 10]);
    expect(moments.mean).toBe(4);
    expect(moments.std).toBeCloseTo(Math.sqrt(50 / 3), 12);
    expect(moments.skewness).toBeCloseTo(180 / 4 / (50 / 4) ** 1.5, 12);
    expect(moments.kurtosis).toBeCloseTo(1394 / 4 / (50 / 4) ** 2, 12);
    // Its mirror has the opposite skew and the same kurtosis.
    const mirrored = returnMoments([-1, -2, -3, -10]);
    expect(mirrored.skewness).toBeCloseTo(-moments.skewness, 12);
    expect(mirrored.kurtosis).toBeCloseTo(moments.kurtosis, 12);
  });

  it("reads a flat series as a normal's shape, and has no Sharpe ratio for it or for one return", () => {
    expect(returnMoments([0.5, 0.5, 0.5])).toEqual({ count: 3, mean: 0.5, std: 0, skewness: 0, kurtosis: 3 });
    expect(returnMoments([])).toMatchObject({ count: 0, kurtosis: 3 });
    expect(perBarSharpe([0.5, 0.5])).toBeNull();
    expect(perBarSharpe([0.5])).toBeNull();
    expect(perBarSharpe([0.01, 0.03])).toBeCloseTo(0.02 / Math.sqrt(0.0002), 12);
    expect(perBarSharpe([-0.01, -0.03])).toBeCloseTo(-0.02 / Math.sqrt(0.0002), 12);
  });
});
