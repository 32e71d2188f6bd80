// The circular block bootstrap of two lines' per-bar returns (src/scoring/block-bootstrap.ts) on series whose answer
// is known: identical lines (no excess, an interval at zero, p = 1), a line that is the other plus a constant per bar
// (the constant times the bars, inside a narrow interval, p at its floor), the sign of the excess both ways, blocks
// that wrap around the end, and the same numbers for the same seed.
import { describe, expect, it } from "vitest";

import { blockBootstrapComparison } from "../../src/scoring/block-bootstrap";
import { mulberry32 } from "../../src/scoring/seeded-random";

function noise(count: number, seed: number, scale = 0.01): number[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => (random() - 0.5) * 2 * scale);
}

describe("block bootstrap of two lines", () => {
  const market = noise(500, 7);

  it("finds nothing between identical lines: excess 0, an interval at 0, p = 1", () => {
    const result = blockBootstrapComparison(market, [...market], { blockBars: 3, resamples: 2000, seed: 1 });
    expect(result.excessReturn).toBe(0);
    expect(result.ciLow).toBe(0);
    expect(result.ciHigh).toBe(0);
    expect(result.pValue).toBe(1);
    expect(result.sharpeDifference).toBe(0);
    expect(result).toMatchObject({ blockBars: 3, resamples: 2000 });
  });

  it("finds the constant times the bars for a line that is the other plus a constant, in a narrow interval, both ways", () => {
    const constant = 0.0004;
    const above = market.map((value) => value + constant);
    const result = blockBootstrapComparison(above, market, { blockBars: 3, resamples: 2000, seed: 1 });
    expect(result.excessReturn).toBeCloseTo(constant * market.length, 10);
    expect(result.ciLow).toBeCloseTo(constant * market.length, 10);
    expect(result.ciHigh).toBeCloseTo(constant * market.length, 10);
    // No resample moves the excess at all: the p-value is at its floor, 1 / (resamples + 1).
    expect(result.pValue).toBeCloseTo(1 / 2001, 12);
    expect(result.sharpeDifference).toBeGreaterThan(0);
    expect(result.sharpeCiLow!).toBeGreaterThan(0);
    // The mirror: the other line against this one.
    const below = blockBootstrapComparison(market, above, { blockBars: 3, resamples: 2000, seed: 1 });
    expect(below.excessReturn).toBeCloseTo(-constant * market.length, 10);
    expect(below.ciHigh).toBeCloseTo(-constant * market.length, 10);
    expect(below.pValue).toBeCloseTo(1 / 2001, 12);
    expect(below.sharpeDifference).toBeLessThan(0);
    expect(below.sharpeCiHigh!).toBeLessThan(0);
  });

  it("gives a wide interval and a large p-value to a difference that is noise", () => {
    const other = noise(500, 8);
    const result = blockBootstrapComparison(market, other, { blockBars: 5, resamples: 4000, seed: 3 });
    const observed = market.reduce((sum, value, index) => sum + value - other[index]!, 0);
    expect(result.excessReturn).toBeCloseTo(observed, 12);
    expect(result.ciLow).toBeLessThan(observed);
    expect(result.ciHigh).toBeGreaterThan(observed);
    expect(result.pValue).toBeGreaterThan(0.05);
  });

  it("repeats itself for a seed and differs for another; draws blocks that wrap around the end", () => {
    const other = noise(500, 9);
    const first = blockBootstrapComparison(market, other, { blockBars: 4, resamples: 500, seed: 11 });
    expect(blockBootstrapComparison(market, other, { blockBars: 4, resamples: 500, seed: 11 })).toEqual(first);
    expect(blockBootstrapComparison(market, other, { blockBars: 4, resamples: 500, seed: 12 }).ciLow).not.toBe(
      first.ciLow,
    );
    // Three bars, blocks of three: every resample is a rotation of the series, so its sum is the series' sum.
    const rotated = blockBootstrapComparison([0.01, 0.02, -0.04], [0, 0, 0], { blockBars: 3, resamples: 200, seed: 2 });
    expect(rotated.ciLow).toBeCloseTo(-0.01, 12);
    expect(rotated.ciHigh).toBeCloseTo(-0.01, 12);
  });

  it("refuses lines of different lengths, fewer than two bars, and a block longer than the series is cut to it", () => {
    expect(() => blockBootstrapComparison([0.1, 0.2], [0.1], { blockBars: 1 })).toThrow(/same bars \(2 and 1\)/);
    expect(() => blockBootstrapComparison([0.1], [0.1], { blockBars: 1 })).toThrow(/at least 2 bars/);
    expect(blockBootstrapComparison([0.1, 0.2], [0, 0], { blockBars: 50, resamples: 10 }).blockBars).toBe(2);
    expect(() => blockBootstrapComparison([0.1, 0.2], [0, 0], { blockBars: 1, resamples: 0 })).toThrow(/resamples/);
  });
});
