// Baselines: momentum, linear regression and always-long on synthetic series (hand-checked), the seeded random
// generator, and all of them on the real benchmark shipped in datasets/benchmark.
import { describe, expect, it } from "vitest";

import { readBenchmarkWindows } from "../../src/evaluation/benchmark-data";
import { decisionPoints } from "../../src/evaluation/decision-points";
import { findScore, scoreEvaluation } from "../../src/evaluation/score-evaluation";
import { linearRegressionDirective, momentumDirective, olsSlope, randomDirectives } from "../../src/scoring/baselines";
import { mulberry32 } from "../../src/scoring/seeded-random";
import { candlesFromCloses } from "../evaluation/synthetic-candles";
import { benchmarkRoot } from "../support/benchmark";

function pointWithHistory(closes: number[]) {
  const candles = candlesFromCloses([...closes, closes.at(-1)!]);
  return decisionPoints({ asset: "T", window: 1, candles }, { historyBars: closes.length, horizons: [1] })[0]!;
}

describe("deterministic baselines", () => {
  it("momentum: the sign of close[t] - close[t-k]", () => {
    const point = pointWithHistory([10, 9, 10, 12, 11]);
    expect(momentumDirective(point, 1)).toBe("SHORT"); // 11 - 12
    expect(momentumDirective(point, 2)).toBe("LONG"); // 11 - 10
    expect(momentumDirective(point, 3)).toBe("LONG"); // 11 - 9
    expect(momentumDirective(pointWithHistory([5, 5]), 1)).toBe("LONG"); // a tie answers LONG
  });

  it("OLS slope by hand: [1, 2, 3] -> 1; [3, 1, 2] -> cov -1 / var 2 = -0.5", () => {
    expect(olsSlope([1, 2, 3])).toBeCloseTo(1, 12);
    expect(olsSlope([3, 1, 2])).toBeCloseTo(-0.5, 12);
    expect(linearRegressionDirective(pointWithHistory([3, 1, 2]))).toBe("SHORT");
    expect(linearRegressionDirective(pointWithHistory([1, 3, 2, 4]))).toBe("LONG");
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
