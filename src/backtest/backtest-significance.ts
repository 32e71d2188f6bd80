// Whether a backtest's lines made their money by more than luck (the scoring core's tests, applied to the lines).
// Each line that decides is held against buy-and-hold, and the model line against always-LONG too, by a circular
// block bootstrap of the two lines' per-bar returns in blocks of the schedule's step (the bars one decision's
// position runs over depend on each other). And the deflated Sharpe ratio asks how much of the best line's Sharpe
// ratio the number of configurations tried explains: the model line's, deflated by the backtests run on the same
// series; without a model, the best baseline's, deflated by the baselines it was picked from. Pure and seeded: the
// same lines and seed give the same numbers.
import { blockBootstrapComparison, type BootstrapComparison } from "../scoring/block-bootstrap";
import { type DeflatedSharpe, deflatedSharpe } from "../scoring/deflated-sharpe";
import { perBarSharpe } from "../scoring/return-moments";
import type { BacktestLine } from "./backtest-lines";

/** The yardsticks: every deciding line is held against buy-and-hold; the model line against always-LONG as well. */
export const SIGNIFICANCE_AGAINST = ["buy_and_hold", "always_long"] as const;
export type SignificanceAgainst = (typeof SIGNIFICANCE_AGAINST)[number];

export interface LineSignificance extends BootstrapComparison {
  /** The line tested. */
  line: string;
  against: SignificanceAgainst;
}

export interface LineDeflatedSharpe extends DeflatedSharpe {
  /** The line deflated: the model's, or without a model the baseline with the highest Sharpe ratio. */
  line: string;
}

export const DEFAULT_RESAMPLES = 10_000;

/** A line's per-bar returns, from its equity curve (one value a bar, from the first decision bar). */
export function perBarReturns(line: Pick<BacktestLine, "equity">): number[] {
  const values = line.equity.map((point) => point.value);
  return values.slice(1).map((value, index) => value / values[index]! - 1);
}

/**
 * Each line but buy-and-hold against buy-and-hold, and the model line also against always-LONG, in the lines'
 * order; nothing for a series of fewer than 3 bars after the first decision.
 */
export function lineSignificance(
  lines: readonly BacktestLine[],
  options: { step: number; seed: number; resamples?: number },
): LineSignificance[] {
  const byName = new Map(lines.map((line) => [line.name, line]));
  return lines.flatMap((line) => {
    const returns = perBarReturns(line);
    if (returns.length < 2) return [];
    const yardsticks = line.kind === "model" ? SIGNIFICANCE_AGAINST : (["buy_and_hold"] as const);
    return yardsticks.flatMap((against) => {
      const other = byName.get(against);
      if (!other || other === line) return [];
      const comparison = blockBootstrapComparison(returns, perBarReturns(other), {
        blockBars: options.step,
        resamples: options.resamples ?? DEFAULT_RESAMPLES,
        seed: options.seed,
      });
      return [{ line: line.name, against, ...comparison }];
    });
  });
}

/**
 * The deflated Sharpe ratio of the run's best claim. With a model line: its own, `trials` the backtests run on the
 * same series (this one included) and `trials.sharpes` their per-bar Sharpe ratios when known. Without one: the
 * baseline (buy-and-hold aside) with the highest per-bar Sharpe ratio, deflated by the baselines it was picked from.
 * Null when no line has returns that vary.
 */
export function bestDeflatedSharpe(
  lines: readonly BacktestLine[],
  trials: { count: number; sharpes?: readonly number[] } = { count: 1 },
): LineDeflatedSharpe | null {
  const model = lines.find((line) => line.kind === "model");
  if (model) {
    const deflated = deflatedSharpe({
      returns: perBarReturns(model),
      trials: trials.count,
      trialSharpes: trials.sharpes,
    });
    return deflated.sharpe === null ? null : { line: model.name, ...deflated };
  }
  const candidates = lines
    .filter((line) => line.name !== "buy_and_hold")
    .map((line) => ({ line, returns: perBarReturns(line) }))
    .map((entry) => ({ ...entry, sharpe: perBarSharpe(entry.returns) }))
    .filter((entry): entry is typeof entry & { sharpe: number } => entry.sharpe !== null);
  if (candidates.length === 0) return null;
  const best = candidates.reduce((top, entry) => (entry.sharpe > top.sharpe ? entry : top));
  return {
    line: best.line.name,
    ...deflatedSharpe({
      returns: best.returns,
      trials: candidates.length,
      trialSharpes: candidates.map((entry) => entry.sharpe),
    }),
  };
}
