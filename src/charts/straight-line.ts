// A straight line over bar indexes (x = 0..n-1, slope in price per bar): least squares and evaluation helpers.
export interface StraightLine {
  slope: number;
  intercept: number;
}

/** Ordinary least squares of values over x = 0..n-1; needs at least 2 values. */
export function leastSquaresLine(values: readonly number[]): StraightLine {
  const meanX = (values.length - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / values.length;
  let covariance = 0;
  let variance = 0;
  values.forEach((value, index) => {
    covariance += (index - meanX) * (value - meanY);
    variance += (index - meanX) * (index - meanX);
  });
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

export function lineValueAt(line: StraightLine, x: number): number {
  return line.intercept + line.slope * x;
}

/** The line at bars 0..length-1. */
export function lineValues(line: StraightLine, length: number): number[] {
  return Array.from({ length }, (_, index) => lineValueAt(line, index));
}
