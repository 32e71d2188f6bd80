// Options an LLM agent picks through tool calls: defaults, and clear errors for periods that make no sense.
import { describe, expect, it } from "vitest";

import {
  computeMacd,
  computeRoc,
  computeRsi,
  computeStochastic,
  computeWilliamsR,
  IndicatorInputError,
  MAX_INDICATOR_PERIOD,
  rsiOptionsSchema,
} from "../../src/indicators";

const close = Array.from({ length: 40 }, (_, index) => 100 + index);
const series = { high: close, low: close, close };

describe("indicator options", () => {
  it("fills in the standard periods as defaults", () => {
    expect(rsiOptionsSchema.parse({})).toEqual({ period: 14 });
    expect(computeRsi(close)).toEqual(computeRsi(close, { period: 14 }));
  });

  it.each([
    ["zero", 0],
    ["negative", -3],
    ["fractional", 2.5],
    ["too long", MAX_INDICATOR_PERIOD + 1],
    ["not a number", "14" as unknown as number],
    ["NaN", Number.NaN],
  ])("rejects a %s period with a message naming the value", (_, period) => {
    expect(() => computeRsi(close, { period })).toThrow(IndicatorInputError);
    expect(() => computeRsi(close, { period })).toThrow(/RSI options: period: must be an integer from 2 to 500 \(got/);
  });

  it("accepts the smallest periods each indicator defines", () => {
    expect(() => computeRsi(close, { period: 2 })).not.toThrow();
    expect(() => computeMacd(close, { fastPeriod: 2, slowPeriod: 3, signalPeriod: 1 })).not.toThrow();
    expect(() => computeStochastic(series, { kPeriod: 1, kSlowingPeriod: 1, dPeriod: 1 })).not.toThrow();
    expect(() => computeRoc(close, { period: 1 })).not.toThrow();
    expect(() => computeWilliamsR(series, { period: 2 })).not.toThrow();
    expect(() => computeRsi(close, { period: 1 })).toThrow(/from 2 to 500 \(got 1\)/);
    expect(() => computeWilliamsR(series, { period: 1 })).toThrow(/Williams %R options: period/);
  });

  it("rejects a MACD whose fast period is not shorter than its slow one", () => {
    expect(() => computeMacd(close, { fastPeriod: 26, slowPeriod: 12 })).toThrow(
      "MACD options: fastPeriod (26) must be less than slowPeriod (12)",
    );
  });

  it("rejects unknown option names (a model's misspelling)", () => {
    expect(() => computeStochastic(series, { kperiod: 5 } as never)).toThrow(
      /Stochastic options: unknown field: kperiod/,
    );
  });

  it("rejects input that is not finite numbers, or of unequal lengths", () => {
    expect(() => computeRoc([1, Number.NaN, 3])).toThrow("close[1] must be a finite number (got NaN)");
    expect(() => computeWilliamsR({ high: [1, 2], low: [1], close: [1, 2] })).toThrow(
      "high, low and close must have the same length (got 2, 1, 2)",
    );
  });
});
