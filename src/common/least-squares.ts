// The one least-squares line of the project: values over their index (x = 0..n-1). The trend chart's lines, the
// linear-regression baseline and the volume analyst's slopes all stand on it.
import { InputError } from "./input-error";

export interface StraightLine {
  /** Change per bar. */
  slope: number;
  /** Value at x = 0. */
  intercept: number;
}

/** Ordinary least squares of values over x = 0..n-1; needs at least 2 values. */
export function leastSquaresLine(values: readonly number[]): StraightLine {
  const count = values.length;
  if (count < 2) throw new InputError({ message: `A least-squares line needs at least 2 values (got ${count}).` });
  const meanX = (count - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / count;
  let covariance = 0;
  let variance = 0;
  values.forEach((value, index) => {
    covariance += (index - meanX) * (value - meanY);
    variance += (index - meanX) ** 2;
  });
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}
