// A straight line over bar indexes (x = 0..n-1, slope in price per bar): the least-squares fit (common/) and
// evaluating a line along the window.
export { leastSquaresLine, type StraightLine } from "../common/least-squares";
import type { StraightLine } from "../common/least-squares";

export function lineValueAt(line: StraightLine, x: number): number {
  return line.intercept + line.slope * x;
}

/** The line at bars 0..length-1. */
export function lineValues(line: StraightLine, length: number): number[] {
  return Array.from({ length }, (_, index) => lineValueAt(line, index));
}
