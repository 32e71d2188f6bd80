// Is a hit count better (or worse) than a chance rate would give? The exact binomial test: with n independent tries
// each right with probability p, the count X is Binomial(n, p), and the p-value is the probability of a count at
// least as extreme as the one seen. The chart-reading probe uses it for every score it holds against a chance rate.
// Pure functions.
//
// How to read it: `above` is P(X >= hits), small when the count is too high for luck (the one-sided test of "better
// than chance"); `below` is P(X <= hits), small when it is too low (worse than chance: an answer that avoids the
// right one). Both are 1 for n = 0: no try, no evidence.
import { InputError } from "../common/input-error";

export interface BinomialTest {
  /** Tries scored. */
  n: number;
  hits: number;
  /** The probability of a hit under chance. */
  chance: number;
  /** P(X >= hits) for X ~ Binomial(n, chance): small when the count is better than chance. */
  above: number;
  /** P(X <= hits): small when the count is worse than chance. */
  below: number;
}

export function binomialTest(hits: number, n: number, chance: number): BinomialTest {
  checkCounts(hits, n, chance);
  return {
    n,
    hits,
    chance,
    above: binomialUpperTail(hits, n, chance),
    below: binomialLowerTail(hits, n, chance),
  };
}

/** P(X >= k) for X ~ Binomial(n, p). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  checkCounts(k, n, p);
  if (k === 0) return 1;
  return tailSum(k, n, n, p);
}

/** P(X <= k) for X ~ Binomial(n, p). */
export function binomialLowerTail(k: number, n: number, p: number): number {
  checkCounts(k, n, p);
  if (k === n) return 1;
  return tailSum(0, k, n, p);
}

/**
 * The sum of P(X = i) for i from `from` to `to`. Each term is worked out in log space (log C(n, i) from a running
 * sum of logs), so n in the thousands neither overflows C(n, i) nor underflows p^i before the terms are scaled by
 * the largest; a tail below about 1e-308 reads 0.
 */
function tailSum(from: number, to: number, n: number, p: number): number {
  if (p === 0) return from === 0 ? 1 : 0;
  if (p === 1) return to === n ? 1 : 0;
  const logFactorials = [0];
  for (let value = 1; value <= n; value++) logFactorials.push(logFactorials[value - 1]! + Math.log(value));
  const logTerm = (count: number) =>
    logFactorials[n]! -
    logFactorials[count]! -
    logFactorials[n - count]! +
    count * Math.log(p) +
    (n - count) * Math.log1p(-p);
  const logs: number[] = [];
  for (let count = from; count <= to; count++) logs.push(logTerm(count));
  const largest = logs.reduce((most, log) => Math.max(most, log), -Infinity);
  const sum = logs.reduce((total, log) => total + Math.exp(log - largest), 0);
  return Math.min(1, Math.exp(largest) * sum);
}

function checkCounts(hits: number, n: number, chance: number): void {
  if (!Number.isInteger(n) || n < 0)
    throw new InputError({
      code: "invalid_argument",
      message: `A binomial test needs a whole number of tries, 0 or more (got ${n})`,
      details: { field: "n" },
    });
  if (!Number.isInteger(hits) || hits < 0 || hits > n)
    throw new InputError({
      code: "invalid_argument",
      message: `A binomial test needs a whole number of hits from 0 to the ${n} tries (got ${hits})`,
      details: { field: "hits" },
    });
  if (!(chance >= 0 && chance <= 1))
    throw new InputError({
      code: "invalid_argument",
      message: `A binomial test needs a chance rate from 0 to 1 (got ${chance})`,
      details: { field: "chance" },
    });
}
