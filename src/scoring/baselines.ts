// The baselines a directive is compared with, each answering at the same decision as the model from the closes
// that decision saw (oldest first, the decision bar last), so the evaluation's points and the backtest's steps call
// them alike: random (seeded coin flips; the evaluation averages many seeds), always long and always short (the
// market's drift and its mirror: read any accuracy against them), momentum (sign of the last k-bar move) and linear
// regression (sign of the OLS slope of those closes). Pure functions.
//
// Ties (a zero move or a flat slope) answer LONG: a rule must answer something, and LONG is the side of the drift
// most of these markets had over the benchmark's years. Ties are rare on real prices.
import { InputError } from "../common/input-error";
import { leastSquaresLine } from "../common/least-squares";
import type { Directive } from "./directive";
import { mulberry32 } from "./seeded-random";

export type BaselineId = "random" | "always_long" | "always_short" | "momentum" | "linear_regression";
export const baselineIds: readonly BaselineId[] = [
  "random",
  "always_long",
  "always_short",
  "momentum",
  "linear_regression",
];

export const baselineLabels: Record<BaselineId, string> = {
  random: "Random",
  always_long: "Always long",
  always_short: "Always short",
  momentum: "Momentum",
  linear_regression: "Linear regression",
};

export function alwaysLongDirective(): Directive {
  return "LONG";
}

export function alwaysShortDirective(): Directive {
  return "SHORT";
}

/** The sign of close[t] - close[t-k], t the last of the closes the decision saw. */
export function momentumDirective(closes: readonly number[], horizon: number): Directive {
  const last = closes.length - 1;
  if (horizon > last)
    throw new InputError({
      code: "invalid_argument",
      message: `Momentum over ${horizon} bars needs at least ${horizon + 1} closes (got ${closes.length})`,
    });
  const latest = closes[last];
  const earlier = closes[last - horizon];
  if (latest === undefined || earlier === undefined)
    throw new InputError({
      code: "invalid_argument",
      message: `Momentum needs a whole, non-negative number of bars (got ${horizon})`,
    });
  return latest - earlier >= 0 ? "LONG" : "SHORT";
}

/** The slope of the least-squares line through the values over x = 0..n-1. */
export function olsSlope(values: readonly number[]): number {
  return leastSquaresLine(values).slope;
}

/** LONG when the OLS line through the closes the decision saw rises. The same answer for every horizon. */
export function linearRegressionDirective(closes: readonly number[]): Directive {
  return olsSlope(closes) >= 0 ? "LONG" : "SHORT";
}

/** One coin flip per point, in order, from `seed`. */
export function randomDirectives(count: number, seed: number): Directive[] {
  const next = mulberry32(seed);
  return Array.from({ length: count }, () => (next() < 0.5 ? "LONG" : "SHORT"));
}

/**
 * The directive of a deterministic baseline (everything but random) from the closes one decision saw. `lookback` is
 * momentum's k: the horizon scored, or the longest horizon when one directive answers for several.
 */
export function deterministicBaselineDirective(
  baseline: Exclude<BaselineId, "random">,
  closes: readonly number[],
  lookback: number,
): Directive {
  switch (baseline) {
    case "always_long":
      return alwaysLongDirective();
    case "always_short":
      return alwaysShortDirective();
    case "momentum":
      return momentumDirective(closes, lookback);
    case "linear_regression":
      return linearRegressionDirective(closes);
    default: {
      const exhaustive: never = baseline;
      return exhaustive;
    }
  }
}
