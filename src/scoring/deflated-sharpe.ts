// Whether a backtest's Sharpe ratio is more than the best of many tries: the probabilistic Sharpe ratio (the
// probability that the true Sharpe ratio is above a threshold, given the returns' length, skewness and kurtosis) and
// the deflated Sharpe ratio (Bailey and López de Prado, 2014: the same probability against the Sharpe ratio the best
// of N tries would show by luck alone). Per-bar Sharpe ratios throughout (not annualised). Pure.
//
// With SR the per-bar Sharpe ratio of T returns, γ₃ their skewness and γ₄ their kurtosis (a normal's is 3):
//   PSR(SR*) = Φ( (SR − SR*) √(T − 1) / √(1 − γ₃ SR + (γ₄ − 1)/4 SR²) )
//   SR*      = √V ( (1 − γ) Φ⁻¹(1 − 1/N) + γ Φ⁻¹(1 − 1/(N e)) ),  γ ≈ 0.5772 (Euler-Mascheroni)
//   DSR      = PSR(SR*)
// where N is the number of tries (configurations backtested on the same series) and V the variance of their Sharpe
// ratios. With one try there is nothing to deflate: only PSR(0) is given and DSR is null. With several tries but
// fewer than two Sharpe ratios known, V is the variance of the Sharpe ratio's own estimate,
// (1 − γ₃ SR + (γ₄ − 1)/4 SR²) / (T − 1).
import { normalCdf, normalQuantile } from "./normal-distribution";
import { perBarSharpe, returnMoments } from "./return-moments";

const EULER_MASCHERONI = 0.5772156649015329;

export interface DeflatedSharpe {
  /** Per-bar Sharpe ratio of the returns; null when they do not vary. */
  sharpe: number | null;
  trials: number;
  /** SR*: the Sharpe ratio N tries would reach by luck (0 with one try). */
  sharpeThreshold: number;
  /** PSR(0): the probability that the true Sharpe ratio is above 0; null without a Sharpe ratio. */
  psr: number | null;
  /** PSR(SR*); null with one try or without a Sharpe ratio. */
  dsr: number | null;
}

export function probabilisticSharpeRatio(input: {
  sharpe: number;
  threshold: number;
  count: number;
  skewness: number;
  kurtosis: number;
}): number {
  const { sharpe, threshold, count, skewness, kurtosis } = input;
  const spread = 1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (count < 2 || spread <= 0) return sharpe > threshold ? 1 : 0;
  return normalCdf(((sharpe - threshold) * Math.sqrt(count - 1)) / Math.sqrt(spread));
}

/** SR*: the expected largest of N Sharpe ratios of variance V whose true value is 0. */
export function sharpeThreshold(trials: number, variance: number): number {
  if (trials <= 1) return 0;
  return (
    Math.sqrt(variance) *
    ((1 - EULER_MASCHERONI) * normalQuantile(1 - 1 / trials) +
      EULER_MASCHERONI * normalQuantile(1 - 1 / (trials * Math.E)))
  );
}

/**
 * `returns`: the line's per-bar returns; `trials`: how many configurations were tried on the same series (this one
 * included); `trialSharpes`: their per-bar Sharpe ratios, when known.
 */
export function deflatedSharpe(input: {
  returns: readonly number[];
  trials: number;
  trialSharpes?: readonly number[];
}): DeflatedSharpe {
  const trials = Math.max(1, Math.round(input.trials));
  const sharpe = perBarSharpe(input.returns);
  if (sharpe === null) return { sharpe: null, trials, sharpeThreshold: 0, psr: null, dsr: null };
  const { count, skewness, kurtosis } = returnMoments(input.returns);
  const psr = probabilisticSharpeRatio({ sharpe, threshold: 0, count, skewness, kurtosis });
  if (trials === 1) return { sharpe, trials, sharpeThreshold: 0, psr, dsr: null };
  const known = input.trialSharpes ?? [];
  const variance =
    known.length >= 2
      ? returnMoments(known).std ** 2
      : (1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe) / Math.max(1, count - 1);
  const threshold = sharpeThreshold(trials, variance);
  return {
    sharpe,
    trials,
    sharpeThreshold: threshold,
    psr,
    dsr: probabilisticSharpeRatio({ sharpe, threshold, count, skewness, kurtosis }),
  };
}
