// 95% intervals for the two kinds of figure a score reports: a proportion (accuracy, hit rate: Wilson's score
// interval) and a mean (returns: the normal approximation from the spread of the values). Pure functions.

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal. */
export const Z_95 = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for a binomial proportion. Unlike the normal approximation it stays inside [0, 1] and is
 * sensible for small samples and accuracies near 0 or 1. `successes` may be fractional (a baseline averaged over
 * seeds). No trials: the whole range [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const proportion = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = (proportion + zSquared / (2 * trials)) / denominator;
  const halfWidth =
    (z / denominator) * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials));
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth) };
}

/**
 * Mean and its 95% interval (normal approximation, sample standard deviation); no interval below 2 values. Fair
 * for the tens to hundreds of values a score has, too narrow below about 30.
 */
export function meanWithInterval(
  values: readonly number[],
  z: number = Z_95,
): { mean: number | null; interval: Interval | null } {
  if (values.length === 0) return { mean: null, interval: null };
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length < 2) return { mean, interval: null };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  const halfWidth = z * Math.sqrt(variance / values.length);
  return { mean, interval: { low: mean - halfWidth, high: mean + halfWidth } };
}
