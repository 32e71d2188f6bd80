// Scoring on hand-built points: every method on the same points, a failed point left out of every column,
// relative gain against random on those points, pooled "ALL" rows; then every baseline on the real benchmark shipped
// in datasets/benchmark.
import { describe, expect, it } from "vitest";

import { type DecisionPoint, decisionPoints } from "../../src/evaluation/decision-points";
import { findScore, scoreEvaluation } from "../../src/evaluation/score-evaluation";
import { readBenchmarkWindows } from "../../src/market/benchmark-data";
import { benchmarkRoot } from "../support/benchmark";
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

const ASSETS = ["BTC", "CL", "DJI", "ES", "NQ", "QQQ", "SPX", "VIX"];

describe("baselines on the real benchmark (800 windows)", () => {
  it("random lands near 50%, always-long equals the share of rising moves, the rest stay in a sane band", async () => {
    const points = [];
    for (const asset of ASSETS) {
      for (const window of await readBenchmarkWindows(benchmarkRoot, asset))
        points.push(...decisionPoints(window, { horizons: [1, 3] }));
    }
    expect(points).toHaveLength(800);
    const rows = scoreEvaluation(points, { horizons: [1, 3] });
    for (const horizon of [1, 3]) {
      const random = findScore(rows, { asset: "ALL", method: "random", horizon })!;
      expect(random.accuracy).toBeGreaterThan(0.49);
      expect(random.accuracy).toBeLessThan(0.51);
      for (const asset of ASSETS) {
        const perAsset = findScore(rows, { asset, method: "random", horizon })!;
        expect(perAsset.accuracy).toBeGreaterThan(0.47);
        expect(perAsset.accuracy).toBeLessThan(0.53);
      }
      const rising = points.filter(
        (point) => point.outcomes.find((outcome) => outcome.horizon === horizon)!.move > 0,
      ).length;
      const moving = points.filter(
        (point) => point.outcomes.find((outcome) => outcome.horizon === horizon)!.move !== 0,
      ).length;
      expect(findScore(rows, { asset: "ALL", method: "always_long", horizon })!.accuracy).toBeCloseTo(
        rising / moving,
        12,
      );
      for (const method of ["momentum", "linear_regression"] as const) {
        const score = findScore(rows, { asset: "ALL", method, horizon })!;
        expect(score.accuracy).toBeGreaterThan(0.4);
        expect(score.accuracy).toBeLessThan(0.6);
      }
      console.log(
        `benchmark k=${horizon}: ` +
          ["random", "always_long", "momentum", "linear_regression"]
            .map(
              (method) =>
                `${method} ${(findScore(rows, { asset: "ALL", method: method as "random", horizon })!.accuracy! * 100).toFixed(1)}%`,
            )
            .join(", "),
      );
    }
  });
});
