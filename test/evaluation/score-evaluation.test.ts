// Scoring on hand-built points: every method on the same points, a failed point left out of every column,
// relative gain against random on those points, pooled "ALL" rows.
import { describe, expect, it } from "vitest";

import { type DecisionPoint, decisionPoints } from "../../src/evaluation/decision-points";
import { findScore, scoreEvaluation } from "../../src/evaluation/score-evaluation";
import { candlesFromCloses } from "./synthetic-candles";

/** A point whose history rises (LR and momentum say LONG) and whose next close is `next`. */
function point(asset: string, window: number, next: number): DecisionPoint {
  const closes = [100, 101, 102, 103, next];
  return decisionPoints({ asset, window, candles: candlesFromCloses(closes) }, { historyBars: 4, horizons: [1] })[0]!;
}

const points = [point("A", 1, 104), point("A", 2, 102), point("B", 1, 101), point("B", 2, 105)];

describe("scoreEvaluation", () => {
  it("baselines alone score every point; always long is right on rises (A1, B2) and wrong on falls (A2, B1)", () => {
    const rows = scoreEvaluation(points, { horizons: [1], randomSeeds: 200 });
    expect(findScore(rows, { asset: "ALL", method: "always_long", horizon: 1 })).toMatchObject({
      scored: 4,
      correct: 2,
      accuracy: 0.5,
    });
    expect(findScore(rows, { asset: "A", method: "momentum", horizon: 1 })).toMatchObject({ scored: 2, correct: 1 });
    expect(findScore(rows, { asset: "ALL", method: "agents", horizon: 1 })).toBeUndefined();
    expect(findScore(rows, { asset: "ALL", method: "random", horizon: 1 })!.relativeGain).toBe(0);
  });

  it("with model directives: a point without a directive is left out of every method; gain is against random on the rest", () => {
    const directives = new Map([
      ["A/1/0", "LONG"], // right (+1/103)
      ["A/2/0", "SHORT"], // right (-1/103)
      ["B/1/0", "SHORT"], // right (-2/103)
      // B/2/0 failed: no directive
    ] as const);
    const rows = scoreEvaluation(points, { horizons: [1], directives: new Map(directives), randomSeeds: 500 });
    const agents = findScore(rows, { asset: "ALL", method: "agents", horizon: 1 })!;
    expect(agents).toMatchObject({ scored: 3, correct: 3, accuracy: 1 });
    expect(findScore(rows, { asset: "ALL", method: "always_long", horizon: 1 })).toMatchObject({
      scored: 3,
      correct: 1,
    });
    const random = findScore(rows, { asset: "ALL", method: "random", horizon: 1 })!;
    expect(random.scored).toBe(3);
    expect(agents.relativeGain).toBeCloseTo((1 - random.accuracy!) / random.accuracy!, 12);
    const expectedMean = (1 / 103 + 1 / 103 + 2 / 103) / 3;
    expect(agents.meanReturn).toBeCloseTo(expectedMean, 12);
    expect(findScore(rows, { asset: "B", method: "agents", horizon: 1 })).toMatchObject({ scored: 1, correct: 1 });
  });

  it("the random baseline is the same for the same seeds and averages near one half", () => {
    const first = scoreEvaluation(points, { horizons: [1], randomSeeds: 1000 });
    const second = scoreEvaluation(points, { horizons: [1], randomSeeds: 1000 });
    expect(first).toEqual(second);
    const random = findScore(first, { asset: "ALL", method: "random", horizon: 1 })!;
    expect(random.accuracy).toBeGreaterThan(0.45);
    expect(random.accuracy).toBeLessThan(0.55);
  });
});
