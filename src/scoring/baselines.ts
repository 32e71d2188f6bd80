// The baselines a directive is compared with, each computed on the same decision points as the model:
// random (seeded coin flips, averaged over many seeds), always long and always short (the market's drift and its
// mirror: read any accuracy against them), momentum (sign of the last k-bar move) and linear regression (sign of the
// OLS slope of the closes the analysis saw). Pure functions.
//
// Ties (a zero move or a flat slope) answer LONG: a rule must answer something, and LONG is the side of the drift
// most of these markets had over the benchmark's years. Ties are rare on real prices.
import { InputError } from "../common/input-error";
import { leastSquaresLine } from "../common/least-squares";
import type { DecisionPoint } from "../evaluation/decision-points";
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

/** The sign of close[t] - close[t-k] over the history the analysis saw. */
export function momentumDirective(point: DecisionPoint, horizon: number): Directive {
  const closes = point.history.map((candle) => candle.close);
  const last = closes.length - 1;
  if (horizon > last)
    throw new InputError({
      code: "invalid_argument",
      message: `Momentum over ${horizon} bars needs more than ${closes.length} bars of history`,
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

/** LONG when the OLS line through the history's closes rises. The same answer for every horizon. */
export function linearRegressionDirective(point: DecisionPoint): Directive {
  return olsSlope(point.history.map((candle) => candle.close)) >= 0 ? "LONG" : "SHORT";
}

/** One coin flip per point, in order, from `seed`. */
export function randomDirectives(count: number, seed: number): Directive[] {
  const next = mulberry32(seed);
  return Array.from({ length: count }, () => (next() < 0.5 ? "LONG" : "SHORT"));
}

/**
 * The directive of a deterministic baseline (everything but random) at one point. `lookback` is momentum's k: the
 * horizon scored, or the longest horizon when one directive answers for several (the published protocol).
 */
export function deterministicBaselineDirective(
  baseline: Exclude<BaselineId, "random">,
  point: DecisionPoint,
  lookback: number,
): Directive {
  switch (baseline) {
    case "always_long":
      return alwaysLongDirective();
    case "always_short":
      return alwaysShortDirective();
    case "momentum":
      return momentumDirective(point, lookback);
    case "linear_regression":
      return linearRegressionDirective(point);
    default: {
      const exhaustive: never = baseline;
      return exhaustive;
    }
  }
}
