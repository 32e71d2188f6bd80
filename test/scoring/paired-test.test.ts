// The exact McNemar test against hand-worked values. Provenance: the small cases are worked out by hand below from
// p = min(1, 2 * P(X <= min(aOnly, bOnly))), X ~ Binomial(aOnly + bOnly, 1/2), and agree with
// scipy.stats.binomtest(k, d, 0.5).pvalue (scipy 1.17); the large ones are checked against an exact sum in BigInt
// written here, a different computation from the library's log-space one.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import { mcnemarExactPValue, pairedTest, type PointHit } from "../../src/scoring/paired-test";

/** 2 * P(X <= smaller) for X ~ Bin(d, 1/2), exactly as a fraction of 2^d, then rounded once to a double. */
function exactTwoSided(smaller: number, discordant: number): number {
  let coefficient = 1n; // C(d, 0)
  let tail = 0n;
  for (let k = 0; k <= smaller; k++) {
    tail += coefficient;
    coefficient = (coefficient * BigInt(discordant - k)) / BigInt(k + 1);
  }
  const scale = 10n ** 30n;
  const scaled = (2n * tail * scale) / 2n ** BigInt(discordant);
  return Math.min(1, Number(scaled) / 1e30);
}

/** Aligned hit lists with the given counts of each pairing, in that order. */
function hits(pairs: { both: number; aOnly: number; bOnly: number; neither: number }): [PointHit[], PointHit[]] {
  const a: PointHit[] = [];
  const b: PointHit[] = [];
  const push = (count: number, left: boolean, right: boolean) => {
    for (let index = 0; index < count; index++) {
      a.push(left);
      b.push(right);
    }
  };
  push(pairs.both, true, true);
  push(pairs.aOnly, true, false);
  push(pairs.bOnly, false, true);
  push(pairs.neither, false, false);
  return [a, b];
}

describe("pairedTest", () => {
  it("counts only the points both scored: a = [T, T, T, F, null, T], b = [F, T, F, F, T, null]", () => {
    // Both scored points 0..3: a right on 0, 1, 2; b right on 1. a alone right on 0 and 2; b alone never.
    // d = 2, m = 0: P(X <= 0) = 1/4, p = 2/4 = 0.5.
    const result = pairedTest([true, true, true, false, null, true], [false, true, false, false, true, null]);
    expect(result).toMatchObject({ n: 4, aHits: 3, bHits: 1, aOnly: 2, bOnly: 0 });
    expect(result.pValue).toBeCloseTo(0.5, 14);
  });

  it("a alone right once, b alone nine times: p = 2 * (C(10,0) + C(10,1)) / 2^10 = 22 / 1024", () => {
    const [a, b] = hits({ both: 4, aOnly: 1, bOnly: 9, neither: 6 });
    const result = pairedTest(a, b);
    expect(result).toMatchObject({ n: 20, aHits: 5, bHits: 13, aOnly: 1, bOnly: 9 });
    expect(result.pValue).toBeCloseTo(22 / 1024, 14);
  });

  it("2 against 8: p = 2 * (1 + 10 + 45) / 1024 = 0.109375; the same with a and b swapped", () => {
    const [a, b] = hits({ both: 0, aOnly: 2, bOnly: 8, neither: 0 });
    expect(pairedTest(a, b).pValue).toBeCloseTo(0.109375, 14);
    const swapped = pairedTest(b, a);
    expect(swapped).toMatchObject({ aOnly: 8, bOnly: 2 });
    expect(swapped.pValue).toBeCloseTo(0.109375, 14);
  });

  it("0 against 5: p = 2 / 2^5 = 0.0625, the smallest five discordant points can give", () => {
    expect(mcnemarExactPValue(0, 5)).toBeCloseTo(0.0625, 14);
    expect(mcnemarExactPValue(5, 0)).toBeCloseTo(0.0625, 14);
  });

  it("an even split is capped at 1: 3 against 3 gives 2 * (1 + 6 + 15 + 20) / 64 = 84 / 64, so 1", () => {
    expect(mcnemarExactPValue(3, 3)).toBe(1);
  });

  it("no discordant point: p = 1 (nothing tells the methods apart), also with no point at all", () => {
    const [a, b] = hits({ both: 7, aOnly: 0, bOnly: 0, neither: 3 });
    expect(pairedTest(a, b)).toEqual({ n: 10, aHits: 7, bHits: 7, aOnly: 0, bOnly: 0, pValue: 1 });
    expect(pairedTest([], [])).toEqual({ n: 0, aHits: 0, bHits: 0, aOnly: 0, bOnly: 0, pValue: 1 });
    expect(pairedTest([null, true], [false, null])).toMatchObject({ n: 0, pValue: 1 });
  });

  it("is sound for thousands of points, where C(d, k) and 2^d overflow a double", () => {
    // scipy.stats.binomtest(1420, 3000, 0.5).pvalue = 0.0036898275059919507
    const [a, b] = hits({ both: 4000, aOnly: 1420, bOnly: 1580, neither: 1000 });
    const result = pairedTest(a, b);
    expect(result).toMatchObject({ n: 8000, aHits: 5420, bHits: 5580, aOnly: 1420, bOnly: 1580 });
    expect(result.pValue).toBeCloseTo(exactTwoSided(1420, 3000), 12);
    expect(result.pValue / 0.0036898275059919507).toBeCloseTo(1, 10);
    // scipy.stats.binomtest(2450, 5000, 0.5).pvalue = 0.16148522239737798; 480 of 1000: 0.2174482932041415
    expect(mcnemarExactPValue(2450, 2550) / 0.16148522239737798).toBeCloseTo(1, 10);
    expect(mcnemarExactPValue(520, 480) / 0.2174482932041415).toBeCloseTo(1, 10);
    expect(mcnemarExactPValue(2500, 2500)).toBe(1);
    for (const [smaller, discordant] of [
      [10, 100],
      [37, 101],
      [900, 2000],
      [1990, 4000],
    ] as const)
      expect(mcnemarExactPValue(smaller, discordant - smaller) / exactTwoSided(smaller, discordant)).toBeCloseTo(1, 10);
  });

  it("a lopsided split of thousands gives a tiny p-value or 0 below a double's range, never NaN", () => {
    // 2 * 2^-1000 = 2^-999, about 1.87e-301: still a double.
    expect(mcnemarExactPValue(0, 1000) / 2 ** -999).toBeCloseTo(1, 10);
    expect(mcnemarExactPValue(0, 3000)).toBe(0);
    expect(mcnemarExactPValue(3, 3000)).toBe(0);
  });
});

describe("pairedTest refuses misaligned or malformed input with an input error that says what to pass", () => {
  const caught = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error("expected an error");
  };

  it("lists of different lengths", () => {
    const error = caught(() => pairedTest([true, false], [true]));
    expect(error).toBeInstanceOf(QuantAgentError);
    expect(error).toMatchObject({
      kind: "input",
      code: "invalid_argument",
      message: "A paired test needs one hit per point from each method, aligned by point (got 2 and 1)",
    });
  });

  it("a hit that is not true, false or null (undefined from a flat move, a number)", () => {
    expect(caught(() => pairedTest([true, undefined as unknown as PointHit], [true, true]))).toMatchObject({
      kind: "input",
      message: "Point 1 of a must be true, false or null for unscored (got undefined)",
    });
    expect(caught(() => pairedTest([true], [1 as unknown as PointHit]))).toMatchObject({
      message: "Point 0 of b must be true, false or null for unscored (got number)",
    });
  });

  it("discordant counts that are not whole and non-negative", () => {
    expect(caught(() => mcnemarExactPValue(-1, 3))).toMatchObject({ kind: "input", details: { field: "aOnly" } });
    expect(caught(() => mcnemarExactPValue(2, 1.5))).toMatchObject({ kind: "input", details: { field: "bOnly" } });
  });
});
