// The mirror figure: one marker per method and asset at (accuracy on the originals, accuracy on the mirrors), so a
// drift follower lies on the falling diagonal x + y = 100, drawn with the rising one; plain JSON.
import { describe, expect, it } from "vitest";

import { decisionPoints } from "../../src/evaluation/decision-points";
import type { EvaluationResult } from "../../src/evaluation/evaluation-result";
import { mirrorFigure } from "../../src/evaluation/mirror-figure";
import { mirrorDecisionPoint } from "../../src/evaluation/mirror-points";
import { scoreRun } from "../../src/evaluation/score-run";
import { readBenchmarkWindows } from "../../src/market/benchmark-data";
import { handMadeEvaluation } from "./hand-made-evaluation";

async function baselinesMirrored(): Promise<EvaluationResult> {
  const windows = [
    ...(await readBenchmarkWindows("datasets/benchmark", "BTC", { windows: 20 })),
    ...(await readBenchmarkWindows("datasets/benchmark", "NQ", { windows: 20 })),
  ];
  const points = windows.flatMap((window) => decisionPoints(window, { horizons: [1] }));
  const base = handMadeEvaluation();
  return {
    ...base,
    settings: { ...base.settings, assets: ["BTC", "NQ"], horizons: [1], models: null, mirror: true },
    points: [],
    ...scoreRun(points, points.map(mirrorDecisionPoint), [], {
      horizons: [1],
      protocol: "per-horizon",
      randomSeeds: 20,
      firstSeed: 1,
    }),
  };
}

describe("mirrorFigure", () => {
  it("puts always-long and always-short on x + y = 100 for every asset, and draws both diagonals", async () => {
    const result = await baselinesMirrored();
    const flats = result.drift.filter((row) => row.asset !== "ALL").reduce((sum, row) => sum + row.flat, 0);
    expect(flats).toBe(0); // the premise
    const figure = mirrorFigure(result, 1);
    const traces = figure.data;
    expect(traces.map((trace) => trace.name)).toEqual([
      "Random",
      "Always long",
      "Always short",
      "Momentum",
      "Linear regression",
    ]);
    for (const name of ["Always long", "Always short"]) {
      const trace = traces.find((entry) => entry.name === name)!;
      expect(trace.text).toEqual(["BTC", "NQ"]);
      trace.x.forEach((x, index) => expect(x + trace.y[index]!).toBeCloseTo(100, 9));
    }
    // Random's markers carry no labels; the others are labelled with their asset.
    expect(traces[0]!.mode).toBe("markers");
    expect(traces[3]!.mode).toBe("markers+text");
    const shapes = figure.layout.shapes as { x0: number; y0: number; x1: number; y1: number }[];
    expect(shapes.map((shape) => shape.x0 + shape.y0 === shape.x1 + shape.y1)).toEqual([true, false]);
    expect(JSON.parse(JSON.stringify(figure))).toEqual(figure);
  });
});
