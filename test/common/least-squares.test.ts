import { describe, expect, it } from "vitest";

import { InputError } from "../../src/common/input-error";
import { leastSquaresLine } from "../../src/common/least-squares";

describe("leastSquaresLine", () => {
  it("fits values over their index, by hand: y = 2 + 0.5x through (0,2) (1,3) (2,3) (3,4)", () => {
    // meanX 1.5, meanY 3; covariance (-1.5)(-1) + (-0.5)(0) + (0.5)(0) + (1.5)(1) = 3; variance 5: slope 0.6, intercept 2.1.
    const line = leastSquaresLine([2, 3, 3, 4]);
    expect(line.slope).toBeCloseTo(0.6, 12);
    expect(line.intercept).toBeCloseTo(2.1, 12);
    expect(leastSquaresLine([5, 5])).toEqual({ slope: 0, intercept: 5 });
  });

  it("refuses fewer than two values with a typed error", () => {
    expect(() => leastSquaresLine([1])).toThrow(InputError);
    expect(() => leastSquaresLine([])).toThrow("A least-squares line needs at least 2 values (got 0).");
  });
});
