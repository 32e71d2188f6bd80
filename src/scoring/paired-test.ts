// Is one method better than another on the same points? The exact McNemar test: only the points where exactly one
// of the two was right (the discordant pairs) carry evidence; if the methods were equally good, each of those would
// go either way with probability 1/2. Pure functions.
//
// How to read it: `aOnly` points where a was right and b wrong, `bOnly` the reverse; with d = aOnly + bOnly and
// X ~ Binomial(d, 1/2), the two-sided p-value is min(1, 2 * P(X <= min(aOnly, bOnly))), and 1 when d = 0 (no point
// tells the two apart). A small p-value says the difference is unlikely to be luck; which way it goes is read from
// aOnly against bOnly. Points either method left unscored (null: a flat move, a failed analysis) are left out.
import { InputError } from "../common/input-error";

/** One point's score under one method: right, wrong, or null when it was not scored. */
export type PointHit = boolean | null;

export interface PairedTest {
  /** Points both methods scored. */
  n: number;
  aHits: number;
  bHits: number;
  /** Points a called right and b wrong. */
  aOnly: number;
  /** Points b called right and a wrong. */
  bOnly: number;
  /** Exact two-sided McNemar p-value; 1 when no point is discordant. */
  pValue: number;
}

/** The exact McNemar test over two aligned lists of per-point hits (the same point at the same index). */
export function pairedTest(a: readonly PointHit[], b: readonly PointHit[]): PairedTest {
  if (a.length !== b.length)
    throw new InputError({
      code: "invalid_argument",
      message: `A paired test needs one hit per point from each method, aligned by point (got ${a.length} and ${b.length})`,
      details: { a_points: a.length, b_points: b.length },
    });
  let n = 0;
  let aHits = 0;
  let bHits = 0;
  let aOnly = 0;
  let bOnly = 0;
  for (let index = 0; index < a.length; index++) {
    const left = hitAt(a, index, "a");
    const right = hitAt(b, index, "b");
    if (left === null || right === null) continue;
    n += 1;
    if (left) aHits += 1;
    if (right) bHits += 1;
    if (left && !right) aOnly += 1;
    if (right && !left) bOnly += 1;
  }
  return { n, aHits, bHits, aOnly, bOnly, pValue: mcnemarExactPValue(aOnly, bOnly) };
}

/**
 * min(1, 2 * P(X <= min(aOnly, bOnly))) with X ~ Binomial(aOnly + bOnly, 1/2); 1 when both are 0.
 *
 * Sound for thousands of discordant pairs: 2^-d and C(d, k) overflow a double long before that, so the tail is
 * summed relative to its largest term C(d, m) (terms shrink away from m, by the ratio k / (d - k + 1)), and that
 * term is scaled back once, in log space. A p-value below about 1e-308 reads 0.
 */
export function mcnemarExactPValue(aOnly: number, bOnly: number): number {
  for (const [field, count] of [
    ["aOnly", aOnly],
    ["bOnly", bOnly],
  ] as const) {
    if (!Number.isInteger(count) || count < 0)
      throw new InputError({
        code: "invalid_argument",
        message: `${field} must be a whole number of points, 0 or more (got ${count})`,
        details: { field },
      });
  }
  const discordant = aOnly + bOnly;
  if (discordant === 0) return 1;
  const smaller = Math.min(aOnly, bOnly);
  // log(C(d, m) / 2^d), C(d, m) = prod over i = 1..m of (d - m + i) / i.
  let logLargest = -discordant * Math.LN2;
  for (let step = 1; step <= smaller; step++) logLargest += Math.log((discordant - smaller + step) / step);
  let relativeSum = 0;
  let term = 1;
  for (let k = smaller; k >= 0; k--) {
    relativeSum += term;
    term *= k / (discordant - k + 1);
  }
  return Math.min(1, 2 * Math.exp(logLargest) * relativeSum);
}

function hitAt(hits: readonly PointHit[], index: number, side: "a" | "b"): PointHit {
  const hit = hits[index];
  if (hit === true || hit === false || hit === null) return hit;
  throw new InputError({
    code: "invalid_argument",
    message: `Point ${index} of ${side} must be true, false or null for unscored (got ${typeof hit})`,
    details: { side, index },
  });
}
