// The exact binomial test against hand-worked values. Provenance: the small cases are worked out by hand in the
// comments from P(X = i) = C(n, i) p^i (1 - p)^(n - i); they agree with scipy.stats.binom.sf(k - 1, n, p) (upper)
// and binom.cdf(k, n, p) (lower). The larger ones are checked against an exact sum in rational BigInt arithmetic
// written here, a different computation from the library's log-space one.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import { binomialLowerTail, binomialTest, binomialUpperTail } from "../../src/scoring/binomial-test";

/** P(from <= X <= to) for X ~ Bin(n, num/den), exactly as a fraction, rounded once to a double. */
function exactTail(from: number, to: number, n: number, numerator: number, denominator: number): number {
  let sum = 0n;
  let coefficient = 1n; // C(n, 0)
  for (let count = 0; count <= n; count++) {
    if (count >= from && count <= to)
      sum += coefficient * BigInt(numerator) ** BigInt(count) * BigInt(denominator - numerator) ** BigInt(n - count);
    coefficient = (coefficient * BigInt(n - count)) / BigInt(count + 1);
  }
  const scale = 10n ** 30n;
  return Number((sum * scale) / BigInt(denominator) ** BigInt(n)) / 1e30;
}

describe("binomialUpperTail: P(X >= k), small when the count is better than chance", () => {
  it("hand-worked small cases", () => {
    // n = 3, p = 1/2, k = 2: (C(3,2) + C(3,3)) / 8 = 4/8.
    expect(binomialUpperTail(2, 3, 0.5)).toBeCloseTo(0.5, 14);
    // n = 4, p = 1/4, k = 3: 4 (1/4)^3 (3/4) + (1/4)^4 = 12/256 + 1/256 = 13/256.
    expect(binomialUpperTail(3, 4, 0.25)).toBeCloseTo(13 / 256, 14);
    // n = 5, p = 1/2, k = 5: all five right, 1/32: the smallest p-value five coin flips can give.
    expect(binomialUpperTail(5, 5, 0.5)).toBeCloseTo(1 / 32, 14);
    // k = 0 is certain; a count no try can reach under p = 0 is impossible.
    expect(binomialUpperTail(0, 7, 0.3)).toBe(1);
    expect(binomialUpperTail(1, 7, 0)).toBe(0);
  });

  it("agrees with an exact rational sum on larger cases", () => {
    for (const [k, n, numerator, denominator] of [
      [2, 26, 2, 13],
      [10, 26, 2, 13],
      [30, 120, 1, 13],
      [60, 100, 1, 2],
      [400, 1000, 1, 3],
    ] as const) {
      const exact = exactTail(k, n, n, numerator, denominator);
      expect(binomialUpperTail(k, n, numerator / denominator) / exact, `${k} of ${n}`).toBeCloseTo(1, 10);
    }
  });
});

describe("binomialLowerTail: P(X <= k), small when the count is worse than chance", () => {
  it("hand-worked small cases", () => {
    // n = 3, p = 1/2, k = 2: 1 - P(X = 3) = 7/8.
    expect(binomialLowerTail(2, 3, 0.5)).toBeCloseTo(7 / 8, 14);
    // n = 4, p = 1/4, k = 1: (3/4)^4 + 4 (1/4)(3/4)^3 = 81/256 + 108/256 = 189/256.
    expect(binomialLowerTail(1, 4, 0.25)).toBeCloseTo(189 / 256, 14);
    // n = 10, p = 1/10, k = 0: 0.9^10.
    expect(binomialLowerTail(0, 10, 0.1)).toBeCloseTo(0.3486784401, 12);
    expect(binomialLowerTail(7, 7, 0.3)).toBe(1);
  });

  it("agrees with an exact rational sum on larger cases", () => {
    for (const [k, n, numerator, denominator] of [
      [0, 26, 2, 13],
      [40, 100, 1, 2],
      [300, 1000, 1, 3],
    ] as const) {
      const exact = exactTail(0, k, n, numerator, denominator);
      expect(binomialLowerTail(k, n, numerator / denominator) / exact, `${k} of ${n}`).toBeCloseTo(1, 10);
    }
  });

  it("the two tails overlap at k: P(X >= k) + P(X <= k) = 1 + P(X = k)", () => {
    // n = 4, p = 1/4, k = 1: P(X = 1) = 108/256.
    expect(binomialUpperTail(1, 4, 0.25) + binomialLowerTail(1, 4, 0.25)).toBeCloseTo(1 + 108 / 256, 14);
  });
});

describe("binomialTest", () => {
  it("gives both tails with the counts it was asked about", () => {
    expect(binomialTest(3, 4, 0.25)).toEqual({
      n: 4,
      hits: 3,
      chance: 0.25,
      above: binomialUpperTail(3, 4, 0.25),
      below: binomialLowerTail(3, 4, 0.25),
    });
  });

  it("no try is no evidence either way", () => {
    expect(binomialTest(0, 0, 0.5)).toMatchObject({ above: 1, below: 1 });
  });

  it("refuses counts and rates that are not counts and rates, as input errors", () => {
    for (const [hits, n, chance] of [
      [3, 2, 0.5],
      [-1, 2, 0.5],
      [1.5, 2, 0.5],
      [1, 2, 1.5],
      [1, 2, Number.NaN],
    ] as const) {
      let caught: unknown;
      try {
        binomialTest(hits, n, chance);
      } catch (error) {
        caught = error;
      }
      expect(QuantAgentError.isInstance(caught), `${hits} of ${n} at ${chance}`).toBe(true);
      expect(caught).toMatchObject({ code: "invalid_argument", kind: "input" });
    }
  });
});
