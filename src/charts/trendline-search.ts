// SPEC 9's slope search for one trendline through a fixed pivot, pure. Start from a given slope (the least-squares
// one), step in the direction that lowers the squared distance to the series, halve the step when a move does not
// help, stop below 1e-4 of the price range per bar.
//
// Two refinements, both because the search alone stops anywhere within its last step of the optimum (a relative
// error of ~1e-6 on real windows, and a visible gap where the line should touch a second bar):
// - a step that would push the line through a bar is cut short at the slope where the line touches that bar (the
//   allowed slopes form an interval, computed once below), so a binding constraint is met exactly;
// - the squared error is a parabola in the slope, so after the search one last move goes to its exact bottom
//   (clamped to the interval) when that is better. The result is then the exact constrained optimum, and does not
//   depend on the step sizes.
import { z } from "zod";
import type { StraightLine } from "./straight-line";

export type TrendlineSide = "support" | "resistance";

export const trendlineSearchOptionsSchema = z.strictObject({
  /** First step, as a fraction of the price range per bar. */
  initialStepFraction: z.number().positive().default(1),
  /** The search stops once the step is below this fraction of the price range per bar (SPEC: 1e-4). */
  minimumStepFraction: z.number().positive().default(1e-4),
});
export type TrendlineSearchOptions = z.input<typeof trendlineSearchOptionsSchema>;

/** The slope through `pivot` that minimises the squared distance to `values` with no value on the wrong side. */
export function fitTrendline(
  values: readonly number[],
  options: { side: TrendlineSide; pivot: number; initialSlope: number } & TrendlineSearchOptions,
): StraightLine {
  const { side, pivot } = options;
  if (!Number.isInteger(pivot) || pivot < 0 || pivot >= values.length) {
    throw new RangeError(`pivot must be a bar index from 0 to ${values.length - 1} (got ${pivot})`);
  }
  const { initialStepFraction, minimumStepFraction } = trendlineSearchOptionsSchema.parse({
    initialStepFraction: options.initialStepFraction,
    minimumStepFraction: options.minimumStepFraction,
  });
  const pivotValue = values[pivot];
  const { lowest, highest } = feasibleSlopes(values, pivot, side);
  const clamp = (slope: number) => Math.min(Math.max(slope, lowest), highest);
  const squaredError = (slope: number) => {
    let sum = 0;
    for (let index = 0; index < values.length; index += 1) {
      const difference = pivotValue + slope * (index - pivot) - values[index];
      sum += difference * difference;
    }
    return sum;
  };

  const unit = (Math.max(...values) - Math.min(...values)) / values.length;
  const minimumStep = unit * minimumStepFraction;
  let step = unit * initialStepFraction;
  let bestSlope = clamp(options.initialSlope);
  let bestError = squaredError(bestSlope);
  // As in the system this replaces, the direction is re-probed with a minimum step after every accepted move;
  // 0 means neither direction helps (the parabola's bottom or a touch point is within a minimum step).
  const improvingDirection = () => {
    if (squaredError(clamp(bestSlope + minimumStep)) < bestError) return 1;
    if (squaredError(clamp(bestSlope - minimumStep)) < bestError) return -1;
    return 0;
  };
  let direction = unit > 0 ? improvingDirection() : 0;
  while (direction !== 0 && step > minimumStep) {
    const candidate = clamp(bestSlope + direction * step);
    const candidateError = squaredError(candidate);
    if (candidateError < bestError) {
      bestSlope = candidate;
      bestError = candidateError;
      direction = improvingDirection();
    } else {
      step /= 2;
    }
  }
  const bottom = clamp(parabolaBottom(values, pivot));
  if (squaredError(bottom) < bestError) bestSlope = bottom;
  return { slope: bestSlope, intercept: pivotValue - bestSlope * pivot };
}

/** The slope through the pivot with the least squared error, ignoring the constraint (ordinary least squares). */
function parabolaBottom(values: readonly number[], pivot: number): number {
  let numerator = 0;
  let denominator = 0;
  for (let index = 0; index < values.length; index += 1) {
    numerator += (index - pivot) * (values[index] - values[pivot]);
    denominator += (index - pivot) * (index - pivot);
  }
  return numerator / denominator;
}

/**
 * The slopes through the pivot that keep every value on the right side: support needs values[i] >= line(i), so
 * bars after the pivot cap the slope and bars before it floor it; resistance is the mirror image.
 */
function feasibleSlopes(values: readonly number[], pivot: number, side: TrendlineSide) {
  let lowest = -Infinity;
  let highest = Infinity;
  for (let index = 0; index < values.length; index += 1) {
    if (index === pivot) continue;
    const touchSlope = (values[index] - values[pivot]) / (index - pivot);
    const capsSlope = side === "support" ? index > pivot : index < pivot;
    if (capsSlope) highest = Math.min(highest, touchSlope);
    else lowest = Math.max(lowest, touchSlope);
  }
  return { lowest, highest };
}
