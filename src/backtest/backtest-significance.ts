// Whether a backtest's model line made its money by more than luck (the scoring core's tests, applied to the lines):
// against buy-and-hold and against always-LONG, a circular block bootstrap of the two lines' per-bar returns in
// blocks of the schedule's step (the bars a decision's position runs over depend on each other); and the deflated
// Sharpe ratio, which asks how much of the model line's Sharpe ratio the number of configurations tried on the same
// series explains. Pure and seeded: the same result and seed give the same numbers.
import { blockBootstrapComparison, type BootstrapComparison } from "../scoring/block-bootstrap";
import { type DeflatedSharpe, deflatedSharpe } from "../scoring/deflated-sharpe";
import type { BacktestLine } from "./backtest-lines";

/** The lines the model line is held against. */
export const SIGNIFICANCE_AGAINST = ["buy_and_hold", "always_long"] as const;
export type SignificanceAgainst = (typeof SIGNIFICANCE_AGAINST)[number];

export interface LineSignificance extends BootstrapComparison {
  against: SignificanceAgainst;
}

export const DEFAULT_RESAMPLES = 10_000;

/** A line's per-bar returns, from its equity curve (one value a bar, from the first decision bar). */
export function perBarReturns(line: Pick<BacktestLine, "equity">): number[] {
  const values = line.equity.map((point) => point.value);
  return values.slice(1).map((value, index) => value / values[index]! - 1);
}

/** The model line against buy-and-hold and against always-LONG; none without a model line or with fewer than 3 bars. */
export function lineSignificance(
  lines: readonly BacktestLine[],
  options: { step: number; seed: number; resamples?: number },
): LineSignificance[] {
  const model = lines.find((line) => line.kind === "model");
  if (!model) return [];
  const returns = perBarReturns(model);
  if (returns.length < 2) return [];
  return SIGNIFICANCE_AGAINST.flatMap((against) => {
    const other = lines.find((line) => line.name === against);
    if (!other) return [];
    return [
      {
        against,
        ...blockBootstrapComparison(returns, perBarReturns(other), {
          blockBars: options.step,
          resamples: options.resamples ?? DEFAULT_RESAMPLES,
          seed: options.seed,
        }),
      },
    ];
  });
}

/**
 * The model line's deflated Sharpe ratio: `trials` the backtests run on the same series (this one included) and
 * `trialSharpes` their model lines' per-bar Sharpe ratios when known. Null without a model line.
 */
export function modelDeflatedSharpe(
  lines: readonly BacktestLine[],
  trials: { count: number; sharpes?: readonly number[] },
): DeflatedSharpe | null {
  const model = lines.find((line) => line.kind === "model");
  if (!model) return null;
  return deflatedSharpe({ returns: perBarReturns(model), trials: trials.count, trialSharpes: trials.sharpes });
}
