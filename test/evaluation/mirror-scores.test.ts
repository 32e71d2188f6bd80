// The mirrored run's figures: mirrored points move the other way by the same log size; always-LONG's balanced
// accuracy is exactly 50% when no move is flat (on the real benchmark too); chart-following baselines flip, constant
// ones never; the agents' figures are counted by hand on a small case.
import { describe, expect, it } from "vitest";

import { decisionPoints } from "../../src/evaluation/decision-points";
import { mirrorDecisionPoint } from "../../src/evaluation/mirror-points";
import { findMirrorRow, scoreMirror } from "../../src/evaluation/mirror-scores";
import { readBenchmarkWindows } from "../../src/market/benchmark-data";
import type { Directive } from "../../src/scoring/directive";
import { candlesFromCloses } from "./synthetic-candles";

const point = (asset: string, window: number, closes: number[]) =>
  decisionPoints({ asset, window, candles: candlesFromCloses(closes) }, { historyBars: 4, horizons: [1, 2] })[0]!;

describe("mirrorDecisionPoint", () => {
  it("keeps the entry and turns each move into the opposite move of the same log size", () => {
    const original = point("BTC", 1, [100, 102, 101, 104, 106, 103]);
    const mirrored = mirrorDecisionPoint(original);
    expect(mirrored.entryClose).toBe(104);
    expect(mirrored.history.at(-1)!.close).toBeCloseTo(104, 10);
    expect(mirrored.history[0]!.close).toBeCloseTo((104 * 104) / 100, 10);
    original.outcomes.forEach((outcome, index) => {
      const twin = mirrored.outcomes[index]!;
      expect(Math.log(1 + twin.move)).toBeCloseTo(-Math.log(1 + outcome.move), 12);
      expect(twin.exitClose).toBeCloseTo((104 * 104) / outcome.exitClose, 10);
    });
  });
});

describe("scoreMirror", () => {
  it("scores always-LONG at exactly 50% balanced accuracy on a benchmark with no flat move, and never flips it", async () => {
    const windows = await readBenchmarkWindows("datasets/benchmark", "BTC", { windows: 40 });
    const points = windows.flatMap((window) => decisionPoints(window, { horizons: [1, 3] }));
    const moves = points.flatMap((entry) => entry.outcomes.map((outcome) => outcome.move));
    expect(moves.every((move) => move !== 0)).toBe(true); // the premise: no flat move in these windows
    const rows = scoreMirror(points, points.map(mirrorDecisionPoint), { horizons: [1, 3], randomSeeds: 50 });
    for (const horizon of [1, 3]) {
      const long = findMirrorRow(rows, { asset: "ALL", method: "always_long", horizon })!;
      expect(long).toMatchObject({ points: 40, flipRate: 0, longRate: 1, balancedAccuracy: 0.5, scored: 80 });
      // Its two halves are the up share and the down share: they sum to one.
      expect(long.originalAccuracy! + long.mirroredAccuracy!).toBeCloseTo(1, 12);
      expect(findMirrorRow(rows, { asset: "BTC", method: "always_short", horizon })).toMatchObject({
        flipRate: 0,
        longRate: 0,
        balancedAccuracy: 0.5,
      });
      // Momentum and the regression read the closes: on the mirrored closes they answer the opposite.
      expect(findMirrorRow(rows, { asset: "ALL", method: "momentum", horizon })!.flipRate).toBe(1);
      expect(findMirrorRow(rows, { asset: "ALL", method: "linear_regression", horizon })!.flipRate).toBe(1);
      const random = findMirrorRow(rows, { asset: "ALL", method: "random", horizon })!;
      expect(random.flipRate!).toBeGreaterThan(0.4);
      expect(random.flipRate!).toBeLessThan(0.6);
    }
  });

  it("counts the agents' flips, longs and hits over both runs, on the points both runs answered", () => {
    // Entry 103; next closes: up (BTC/1), down (BTC/2), up (SPX/1).
    const points = [
      point("BTC", 1, [100, 101, 102, 103, 105, 106]),
      point("BTC", 2, [100, 101, 102, 103, 101, 100]),
      point("SPX", 1, [100, 101, 102, 103, 104, 108]),
      point("SPX", 2, [100, 101, 102, 103, 104, 108]), // its mirrored analysis failed: left out everywhere
    ];
    const original = new Map<string, Directive>([
      ["BTC/1/0", "LONG"], // right
      ["BTC/2/0", "LONG"], // wrong
      ["SPX/1/0", "SHORT"], // wrong
      ["SPX/2/0", "LONG"],
    ]);
    const mirrored = new Map<string, Directive>([
      ["BTC/1/0", "SHORT"], // flipped, right (the mirror falls)
      ["BTC/2/0", "LONG"], // not flipped, right (the mirror rises)
      ["SPX/1/0", "SHORT"], // not flipped, right
    ]);
    const rows = scoreMirror(points, points.map(mirrorDecisionPoint), {
      horizons: [1, 2],
      directives: { original, mirrored },
      randomSeeds: 10,
    });
    expect(findMirrorRow(rows, { asset: "ALL", method: "agents", horizon: 1 })).toEqual({
      asset: "ALL",
      method: "agents",
      horizon: 1,
      points: 3,
      flipRate: 1 / 3,
      longRate: 3 / 6,
      balancedAccuracy: 4 / 6,
      originalAccuracy: 1 / 3,
      mirroredAccuracy: 3 / 3,
      scored: 6,
    });
    expect(findMirrorRow(rows, { asset: "BTC", method: "agents", horizon: 1 })).toMatchObject({
      points: 2,
      flipRate: 0.5,
      balancedAccuracy: 3 / 4,
    });
    expect(findMirrorRow(rows, { asset: "ALL", method: "always_long", horizon: 1 })!.points).toBe(3);
  });
});
