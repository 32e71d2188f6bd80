// One trendline through a fixed pivot, pure: the slope with the least squared distance to the series such
// that no value is on the wrong side of the line.
//
// The rule this replaces reached it by a step search (step towards lower error, halve the step, stop at 1e-4 of the
// price range per bar). That search's limit can be computed directly: the squared error is a parabola in the slope, and
// the slopes that keep every value on its side form an interval (each value bounds the slope from one side), so the
// optimum is the parabola's bottom clamped to the interval. Computed this way the line touches a second bar exactly
// when the constraint binds, with no gap left by a step size.
import { InputError } from "../common/input-error";
import type { StraightLine } from "./straight-line";

export type TrendlineSide = "support" | "resistance";

/** The slope through `pivot` that minimises the squared distance to `values` with no value on the wrong side. */
export function fitTrendline(values: readonly number[], options: { side: TrendlineSide; pivot: number }): StraightLine {
  const { side, pivot } = options;
  const pivotValue = Number.isInteger(pivot) ? values[pivot] : undefined;
  if (pivotValue === undefined) {
    throw new InputError({
      code: "invalid_argument",
      message: `pivot must be a bar index from 0 to ${values.length - 1} (got ${pivot})`,
    });
  }
  if (values.length < 2)
    throw new InputError({
      code: "invalid_argument",
      message: `A trendline needs at least 2 values (got ${values.length})`,
    });
  const { lowest, highest } = feasibleSlopes(values, pivot, pivotValue, side);
  const slope = Math.min(Math.max(parabolaBottom(values, pivot, pivotValue), lowest), highest);
  return { slope, intercept: pivotValue - slope * pivot };
}

/** The slope through the pivot with the least squared error, ignoring the constraint (least squares through a point). */
function parabolaBottom(values: readonly number[], pivot: number, pivotValue: number): number {
  let numerator = 0;
  let denominator = 0;
  for (let index = 0; index < values.length; index += 1) {
    numerator += (index - pivot) * (values[index]! - pivotValue);
    denominator += (index - pivot) * (index - pivot);
  }
  return numerator / denominator;
}

/**
 * The slopes through the pivot that keep every value on the right side: support needs values[i] >= line(i), so
 * bars after the pivot cap the slope and bars before it floor it; resistance is the mirror image.
 */
function feasibleSlopes(values: readonly number[], pivot: number, pivotValue: number, side: TrendlineSide) {
  let lowest = -Infinity;
  let highest = Infinity;
  for (let index = 0; index < values.length; index += 1) {
    if (index === pivot) continue;
    const touchSlope = (values[index]! - pivotValue) / (index - pivot);
    const capsSlope = side === "support" ? index > pivot : index < pivot;
    if (capsSlope) highest = Math.min(highest, touchSlope);
    else lowest = Math.max(lowest, touchSlope);
  }
  return { lowest, highest };
}
