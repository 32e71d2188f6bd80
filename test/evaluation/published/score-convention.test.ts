// Scoring conventions on hand-made windows whose answers can be counted by hand: where the entry is, what a flat
// or near-flat move does, a third class, and linear regression's slope against its forecast.
import { describe, expect, it } from "vitest";

import { InputError } from "../../../src/common/input-error";
import type { BenchmarkWindow } from "../../../src/evaluation/decision-points";
import { roundsTo } from "../../../src/evaluation/published/figures";
import {
  type ConventionSpec,
  regressionSign,
  scoreConvention,
  summarise,
} from "../../../src/evaluation/published/score-convention";
import { candlesFromCloses } from "../synthetic-candles";

/** 45 rising closes ending at 100, then `after` (bars 46, 47, 48, 49). */
function window(after: number[]): BenchmarkWindow {
  const history = Array.from({ length: 45 }, (_, index) => 56 + index);
  return { asset: "T", window: 1, candles: candlesFromCloses([...history, ...after]) };
}

const base: ConventionSpec = {
  entryIndex: 44,
  entryPrice: "close",
  horizons: [1, 2, 3],
  neutralBand: 0,
  neutral: "kept",
  classes: 2,
  regression: { bars: 45, rule: "slope" },
  ties: "LONG",
};

describe("scoreConvention", () => {
  // Entry 100; samples 101 (up), 100 (flat), 99.9 (down). The history rises, so regression says LONG.
  const windows = new Map([["T", [window([101, 100, 99.9, 99.9])]]]);

  it("a flat move kept is a miss for both sides: always long 1/3, a fair coin expects (1 + 1) / 2 / 3", () => {
    const scores = scoreConvention(windows, base);
    expect(scores.alwaysLong.T).toBeCloseTo(1 / 3, 12);
    expect(scores.random.T).toBeCloseTo(1 / 3, 12);
    expect(scores.linearRegression.T).toBeCloseTo(1 / 3, 12);
  });

  it("flat moves left out: 1 of 2, and the coin expects exactly one half", () => {
    const scores = scoreConvention(windows, { ...base, neutral: "excluded" });
    expect(scores.alwaysLong.T).toBe(0.5);
    expect(scores.random.T).toBe(0.5);
  });

  it("a ±0.5% band makes +1% the only win for LONG, -0.1% neutral; a HOLD class wins the neutral ones and the die expects 1/3", () => {
    const banded = scoreConvention(windows, { ...base, neutralBand: 0.005 });
    expect(banded.alwaysLong.T).toBeCloseTo(1 / 3, 12);
    expect(banded.random.T).toBeCloseTo(1 / 6, 12); // (1 LONG win + 0 SHORT wins) / 2 / 3
    expect(scoreConvention(windows, { ...base, neutralBand: 0.005, classes: 3 }).random.T).toBeCloseTo(1 / 3, 12);
  });

  it("entry one bar later scores closes 47 to 49 against close 46", () => {
    // Entry 101; samples 100, 99.9, 99.9: all down.
    expect(scoreConvention(windows, { ...base, entryIndex: 45 }).alwaysLong.T).toBe(0);
  });
});

describe("regressionSign", () => {
  const spec = { entryIndex: 4, ties: "LONG" as const };
  it("slope and forecast can disagree: [1, 2, 3, 4, 20] rises (slope 4.5) but its next-bar forecast 19.5 is below 20", () => {
    expect(regressionSign([1, 2, 3, 4, 20], { ...spec, regression: { bars: 5, rule: "slope" } })).toBe(1);
    expect(regressionSign([1, 2, 3, 4, 20], { ...spec, regression: { bars: 5, rule: "forecast" } })).toBe(-1);
  });

  it("a flat slope answers the tie side; too few closes is an error", () => {
    expect(regressionSign([2, 2, 2, 2, 2], { ...spec, regression: { bars: 5, rule: "slope" } })).toBe(1);
    expect(regressionSign([2, 2, 2, 2, 2], { ...spec, ties: "SHORT", regression: { bars: 5, rule: "slope" } })).toBe(
      -1,
    );
    expect(() => regressionSign([1, 2, 3], { ...spec, regression: { bars: 5, rule: "slope" } })).toThrow(InputError);
  });
});

describe("summaries and rounding", () => {
  it("summarise gives the published table's mean, lowest and highest; roundsTo compares as printed", () => {
    expect(summarise({ A: 0.4, B: 0.5, C: 0.6 })).toEqual({ mean: 0.5, low: 0.4, high: 0.6 });
    expect(roundsTo(191 / 300, 63.7)).toBe(true);
    expect(roundsTo(0.46051, 46.1)).toBe(true);
    expect(roundsTo(0.4604, 46.1)).toBe(false);
    expect(roundsTo(null, 46.1)).toBe(false);
  });
});
