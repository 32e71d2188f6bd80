// The evaluation's figures: accuracy bars with every method's Wilson interval and the up-move share, and mean
// returns per decision with their intervals, recomputed here from the points' moves (never compounded).
import { describe, expect, it } from "vitest";

import { accuracyFigure, type BarTrace, meanReturnFigure } from "../../src/evaluation/evaluation-figures";
import { wilsonInterval } from "../../src/scoring/confidence-intervals";
import { handMadeEvaluation } from "./hand-made-evaluation";

const result = handMadeEvaluation();
const bars = (traces: ReturnType<typeof accuracyFigure>["data"]) =>
  traces.filter((trace): trace is BarTrace => trace.type === "bar");

describe("accuracyFigure", () => {
  it("one bar trace per method, each with asymmetric Wilson error bars, and the up-move share as markers", () => {
    const figure = accuracyFigure(result, 1);
    expect(figure.data.map((trace) => trace.name)).toEqual([
      "Agents",
      "Random",
      "Always long",
      "Always short",
      "Momentum",
      "Linear regression",
      "Up-moves (drift)",
    ]);
    // The title names both marks apart: the up-move share's black bars, and the dashed line at 50%.
    expect(figure.layout.title).toMatchObject({
      text: expect.stringContaining("black bars: share of up-moves; dashed line: 50%"),
    });
    const agents = bars(figure.data)[0]!;
    expect(agents.x).toEqual(["BTC", "SPX", "All"]);
    expect(agents.y[0]).toBe(100); // BTC: 2 of 2
    const interval = wilsonInterval(2, 2);
    expect(agents.error_y!.arrayminus[0]).toBeCloseTo((1 - interval.low) * 100, 12);
    expect(agents.error_y!.array[0]).toBeCloseTo(0, 12);
    for (const trace of bars(figure.data)) expect(trace.error_y, trace.name).toBeDefined();
    // BTC's scored moves: +1/103 and -1/103: one of two rose.
    expect(figure.data.at(-1)!.y[0]).toBe(50);
  });
});

describe("meanReturnFigure", () => {
  it("bars are the mean return per decision with 95% intervals; the pooled bar averages every decision, nothing compounded", () => {
    const figure = meanReturnFigure(result, 1);
    expect(figure.layout.title).toMatchObject({ text: expect.stringContaining("not compounded") });
    const alwaysLong = bars(figure.data).find((trace) => trace.name === "Always long")!;
    // The agents scored BTC/1 (+1/103), BTC/2 (-1/103) and SPX/1 (-2/103): always-long earns exactly those moves.
    const moves = result.points.filter((point) => point.decision).map((point) => point.outcomes[0]!.move);
    const mean = moves.reduce((sum, move) => sum + move, 0) / moves.length;
    expect(alwaysLong.y[2]).toBeCloseTo(mean * 100, 12);
    const compounded = moves.reduce((growth, move) => growth * (1 + move), 1) - 1;
    expect(alwaysLong.y[2]).not.toBeCloseTo(compounded * 100, 6);
    const sd = Math.sqrt(moves.reduce((sum, move) => sum + (move - mean) ** 2, 0) / (moves.length - 1));
    expect(alwaysLong.error_y!.array[2]).toBeCloseTo((1.959964 * sd * 100) / Math.sqrt(moves.length), 9);
    expect(alwaysLong.y[0]).toBeCloseTo(((1 / 103 - 1 / 103) / 2) * 100, 12);
  });
});
