// The moments of a series of per-bar returns that the Sharpe ratio tests read: mean, standard deviation (n - 1),
// skewness and kurtosis (not excess: a normal's is 3), and the per-bar Sharpe ratio (mean over standard deviation,
// not annualised). Pure.

export interface ReturnMoments {
  count: number;
  mean: number;
  /** Sample standard deviation (n - 1); 0 for fewer than two returns. */
  std: number;
  /** Third standardised moment (population); 0 when the returns do not vary. */
  skewness: number;
  /** Fourth standardised moment (population, a normal's is 3); 3 when the returns do not vary. */
  kurtosis: number;
}

export function returnMoments(returns: ArrayLike<number>): ReturnMoments {
  const count = returns.length;
  if (count === 0) return { count, mean: 0, std: 0, skewness: 0, kurtosis: 3 };
  const mean = meanOf(returns);
  let second = 0;
  let third = 0;
  let fourth = 0;
  for (let index = 0; index < count; index += 1) {
    const deviation = returns[index]! - mean;
    const squared = deviation * deviation;
    second += squared;
    third += squared * deviation;
    fourth += squared * squared;
  }
  const std = count > 1 ? Math.sqrt(second / (count - 1)) : 0;
  const populationVariance = second / count;
  // A flat series has no shape: read as a normal's, so the tests degrade to their plain form.
  if (populationVariance <= 0) return { count, mean, std, skewness: 0, kurtosis: 3 };
  return {
    count,
    mean,
    std,
    skewness: third / count / populationVariance ** 1.5,
    kurtosis: fourth / count / populationVariance ** 2,
  };
}

/**
 * Mean over sample standard deviation, per bar; null when the returns do not vary (or are fewer than two). Two passes
 * and nothing else: a bootstrap calls it twenty thousand times.
 */
export function perBarSharpe(returns: ArrayLike<number>): number | null {
  const count = returns.length;
  if (count < 2) return null;
  const mean = meanOf(returns);
  let second = 0;
  for (let index = 0; index < count; index += 1) second += (returns[index]! - mean) ** 2;
  const std = Math.sqrt(second / (count - 1));
  return std > 0 ? mean / std : null;
}

function meanOf(returns: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < returns.length; index += 1) sum += returns[index]!;
  return sum / returns.length;
}
