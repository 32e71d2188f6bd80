// Decision points: the 45 bars the analysis sees end at bar t, the outcome is close[t+k] / close[t] - 1.
import { describe, expect, it } from "vitest";

import { InputError } from "../../src/common/input-error";
import { decisionPoints, outcomeAt } from "../../src/evaluation/decision-points";
import { candlesFromCloses } from "./synthetic-candles";

// closes 100, 101, ..., 159: bar i closes at 100 + i
const window = {
  asset: "TEST",
  window: 7,
  candles: candlesFromCloses(Array.from({ length: 60 }, (_, index) => 100 + index)),
};

describe("decisionPoints", () => {
  it("one point by default: history bars 0..44, outcomes 1 and 3 bars after bar 44", () => {
    const [first, ...rest] = decisionPoints(window);
    expect(rest).toHaveLength(0);
    const point = first!;
    expect(point.id).toBe("TEST/7/0");
    expect(point.barIndex).toBe(44);
    expect(point.history).toHaveLength(45);
    expect(point.history[0]!.close).toBe(100);
    expect(point.history[44]!.close).toBe(144);
    expect(point.entryClose).toBe(144);
    expect(outcomeAt(point, 1).move).toBeCloseTo(145 / 144 - 1, 12);
    expect(outcomeAt(point, 3).move).toBeCloseTo(147 / 144 - 1, 12);
    expect(outcomeAt(point, 3).exitTime).toBe(window.candles[47]!.time);
  });

  it("several points per window move `stride` bars on, and stop where the longest horizon would leave the window", () => {
    const points = decisionPoints(window, { pointsPerWindow: 5, stride: 5, horizons: [1, 3] });
    // bar 44, 49, 54 fit (54 + 3 = 57 < 60); bar 59 + 3 would not
    expect(points.map((point) => point.barIndex)).toEqual([44, 49, 54]);
    expect(points[2]!.history[0]!.close).toBe(110);
    expect(points[2]!.id).toBe("TEST/7/2");
  });

  it("a shorter history and other horizons", () => {
    const point = decisionPoints(window, { historyBars: 10, horizons: [2] })[0]!;
    expect(point.barIndex).toBe(9);
    expect(point.outcomes).toEqual([
      { horizon: 2, exitTime: window.candles[11]!.time, exitClose: 111, move: 111 / 109 - 1 },
    ]);
  });

  it("rejects repeated horizons and a horizon as long as the history", () => {
    expect(() => decisionPoints(window, { horizons: [1, 1] })).toThrow(InputError);
    expect(() => decisionPoints(window, { historyBars: 10, horizons: [10] })).toThrow(
      /horizon 10 needs a history longer than 10 bars/,
    );
    expect(() => decisionPoints(window, { pointsPerWindow: 0 })).toThrow(InputError);
  });

  it("a window too short for any point gives none", () => {
    expect(decisionPoints({ ...window, candles: window.candles.slice(0, 46) })).toEqual([]);
  });
});
