// Directional scores against hand-computed values. Provenance: every expected number below was worked out by hand
// from the formulas in src/scoring/directional-score.ts (shown next to each); Wilson bounds as in
// confidence-intervals.test.ts.
import { describe, expect, it } from "vitest";

import { wilsonInterval, Z_95 } from "../../src/scoring/confidence-intervals";
import { averageScores, relativeGain, scoreDirectives } from "../../src/scoring/directional-score";

describe("relativeGain", () => {
  it("(acc - random) / random, as the published table defines it", () => {
    expect(relativeGain(0.558, 0.461)).toBeCloseTo(0.097 / 0.461, 12);
    expect(relativeGain(0.45, 0.5)).toBeCloseTo(-0.1, 12);
    expect(relativeGain(0.5, 0.5)).toBe(0);
  });

  it("is null when either accuracy is missing or random is 0", () => {
    expect(relativeGain(null, 0.5)).toBeNull();
    expect(relativeGain(0.5, null)).toBeNull();
    expect(relativeGain(0.5, 0)).toBeNull();
  });
});

describe("scoreDirectives on a small synthetic series", () => {
  // closes 100 -> 102 (+2%), 100 -> 101 (+1%), 100 -> 97 (-3%), 100 -> 98 (-2%), 100 -> 100 (flat)
  const series = [
    { directive: "LONG", moves: [0.02] },
    { directive: "SHORT", moves: [0.01] },
    { directive: "LONG", moves: [-0.03] },
    { directive: "SHORT", moves: [-0.02] },
    { directive: "LONG", moves: [0] },
  ] as const;

  it("counts 2 correct of 4 scored, the flat move apart", () => {
    const score = scoreDirectives(series);
    expect(score).toMatchObject({ scored: 4, correct: 2, flat: 1, accuracy: 0.5, decisions: 4 });
    expect(score.interval?.low).toBeCloseTo(0.150036, 5); // Wilson(2, 4)
    expect(score.interval?.high).toBeCloseTo(0.849964, 5);
  });

  it("a flat move counted as a miss stays in the sample: 2 correct of 5, and the decision earns 0", () => {
    const score = scoreDirectives(series, { flatMoves: "miss" });
    expect(score).toMatchObject({ scored: 5, correct: 2, flat: 1, accuracy: 0.4, decisions: 5 });
    expect(score.meanReturn).toBeCloseTo((0.02 - 0.01 - 0.03 + 0.02 + 0) / 5, 12);
  });

  it("mean of the earned returns (+0.02 -0.01 -0.03 +0.02) / 4 = 0, its 95% interval from their spread; nothing compounded", () => {
    const score = scoreDirectives(series);
    expect(score.meanReturn).toBeCloseTo(0, 12);
    // Sample sd of (+0.02, -0.01, -0.03, +0.02): sqrt((4 + 1 + 9 + 4)e-4 / 3) = sqrt(6e-4); half-width z * sd / sqrt(4).
    const halfWidth = (Z_95 * Math.sqrt(6e-4)) / 2;
    expect(score.meanReturnInterval!.low).toBeCloseTo(-halfWidth, 12);
    expect(score.meanReturnInterval!.high).toBeCloseTo(halfWidth, 12);
    expect(score).not.toHaveProperty("cumulativeReturn");
  });

  it("a decision scored on several moves counts each as a sample and earns their mean", () => {
    // LONG against +1%, +2%, -3%: 2 of 3 samples right; the decision earns (0.01 + 0.02 - 0.03) / 3 = 0.
    // SHORT against -1%, -1%, +4%: 2 of 3 right; it earns (0.01 + 0.01 - 0.04) / 3 = -0.02 / 3.
    const score = scoreDirectives([
      { directive: "LONG", moves: [0.01, 0.02, -0.03] },
      { directive: "SHORT", moves: [-0.01, -0.01, 0.04] },
    ]);
    expect(score).toMatchObject({ scored: 6, correct: 4, decisions: 2 });
    expect(score.meanReturn).toBeCloseTo((0 + -0.02 / 3) / 2, 12);
  });

  it("nothing scored gives nulls, not NaN", () => {
    expect(scoreDirectives([{ directive: "LONG", moves: [0] }])).toEqual({
      scored: 0,
      correct: 0,
      flat: 1,
      accuracy: null,
      interval: null,
      decisions: 0,
      meanReturn: null,
      meanReturnInterval: null,
    });
  });

  it("averageScores averages accuracy, correct count and returns over seeds", () => {
    const right = scoreDirectives([
      { directive: "LONG", moves: [0.01] },
      { directive: "LONG", moves: [0.03] },
    ]);
    const half = scoreDirectives([
      { directive: "LONG", moves: [0.01] },
      { directive: "SHORT", moves: [0.03] },
    ]);
    const average = averageScores([right, half]);
    expect(average.accuracy).toBeCloseTo(0.75, 12);
    expect(average.correct).toBeCloseTo(1.5, 12);
    expect(average.meanReturn).toBeCloseTo((0.02 + -0.01) / 2, 12);
    expect(average.interval?.low).toBeCloseTo(wilsonInterval(1.5, 2).low, 12);
    const halfWidth = (score: typeof right) => (score.meanReturnInterval!.high - score.meanReturnInterval!.low) / 2;
    expect(average.meanReturnInterval!.high - average.meanReturn!).toBeCloseTo(
      (halfWidth(right) + halfWidth(half)) / 2,
      12,
    );
  });
});
