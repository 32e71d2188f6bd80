// The standard normal distribution's CDF and quantile, for the tests that end in a z-score (the probabilistic and
// deflated Sharpe ratios) or start from one (an interval's z). The only module that knows jStat.
import { jStat } from "jstat";

const { normal } = jStat;

/** P(Z <= x) for a standard normal Z. */
export function normalCdf(x: number): number {
  return normal.cdf(x, 0, 1);
}

/** The x with P(Z <= x) = p, for p strictly between 0 and 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`A normal quantile needs a probability between 0 and 1 (got ${p})`);
  return normal.inv(p, 0, 1);
}
