// Baselines from plain closes (hand-checked on short series), and the seeded random generator. Their scores on the
// real benchmark are in test/evaluation/score-evaluation.test.ts.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import {
  deterministicBaselineDirective,
  linearRegressionDirective,
  momentumDirective,
  olsSlope,
  randomDirectives,
} from "../../src/scoring/baselines";
import { mulberry32 } from "../../src/scoring/seeded-random";

describe("deterministic baselines", () => {
  it("momentum: the sign of close[t] - close[t-k]", () => {
    const closes = [10, 9, 10, 12, 11];
    expect(momentumDirective(closes, 1)).toBe("SHORT"); // 11 - 12
    expect(momentumDirective(closes, 2)).toBe("LONG"); // 11 - 10
    expect(momentumDirective(closes, 3)).toBe("LONG"); // 11 - 9
    expect(momentumDirective(closes, 4)).toBe("LONG"); // 11 - 10, the first close
    expect(momentumDirective([5, 5], 1)).toBe("LONG"); // a tie answers LONG
  });

  it("momentum over k bars needs k + 1 closes and a whole k: an input error saying so", () => {
    const tooShort = (() => {
      try {
        return momentumDirective([10, 11, 12], 3);
      } catch (error) {
        return error;
      }
    })();
    expect(tooShort).toBeInstanceOf(QuantAgentError);
    expect(tooShort).toMatchObject({ kind: "input", message: "Momentum over 3 bars needs at least 4 closes (got 3)" });
    expect(() => momentumDirective([10, 11, 12], 1.5)).toThrow(/whole, non-negative number of bars \(got 1.5\)/);
    expect(() => momentumDirective([10, 11, 12], -1)).toThrow(/whole, non-negative number of bars \(got -1\)/);
  });

  it("OLS slope by hand: [1, 2, 3] -> 1; [3, 1, 2] -> cov -1 / var 2 = -0.5", () => {
    expect(olsSlope([1, 2, 3])).toBeCloseTo(1, 12);
    expect(olsSlope([3, 1, 2])).toBeCloseTo(-0.5, 12);
    expect(linearRegressionDirective([3, 1, 2])).toBe("SHORT");
    // [1, 3, 2, 4]: mean x 1.5, mean y 2.5; cov (-1.5)(-1.5) + (-0.5)(0.5) + (0.5)(-0.5) + (1.5)(1.5) = 4 > 0
    expect(linearRegressionDirective([1, 3, 2, 4])).toBe("LONG");
    expect(linearRegressionDirective([7, 7, 7])).toBe("LONG"); // a flat line answers LONG
  });

  it("deterministicBaselineDirective answers each baseline from the same closes", () => {
    // [12, 11, 13, 10]: last 3-bar move 10 - 12 < 0; 1-bar move 10 - 13 < 0; OLS cov (-1.5)(0.5) + (-0.5)(-0.5)
    // + (0.5)(1.5) + (1.5)(-1.5) = -2 < 0.
    const closes = [12, 11, 13, 10];
    expect(deterministicBaselineDirective("always_long", closes, 3)).toBe("LONG");
    expect(deterministicBaselineDirective("always_short", closes, 3)).toBe("SHORT");
    expect(deterministicBaselineDirective("linear_regression", closes, 3)).toBe("SHORT");
    expect(deterministicBaselineDirective("momentum", closes, 3)).toBe("SHORT");
    // [10, 12, 11, 13, 12]: 1-bar move 12 - 13 < 0 but 2-bar move 12 - 11 > 0: the lookback decides.
    expect(deterministicBaselineDirective("momentum", [10, 12, 11, 13, 12], 1)).toBe("SHORT");
    expect(deterministicBaselineDirective("momentum", [10, 12, 11, 13, 12], 2)).toBe("LONG");
  });
});

describe("seeded random", () => {
  it("the same seed gives the same sequence; different seeds differ; flips are balanced", () => {
    expect(randomDirectives(20, 7)).toEqual(randomDirectives(20, 7));
    expect(randomDirectives(20, 7)).not.toEqual(randomDirectives(20, 8));
    const flips = randomDirectives(20_000, 1);
    const longShare = flips.filter((flip) => flip === "LONG").length / flips.length;
    expect(longShare).toBeGreaterThan(0.49);
    expect(longShare).toBeLessThan(0.51);
    const next = mulberry32(42);
    const values = Array.from({ length: 1000 }, next);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});
