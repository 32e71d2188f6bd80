// When a backtest decides and what each decision sees: from bar window_bars on, every `step` bars, while a bar
// follows; each window ends at its decision bar; the move is measured over the horizon or to the last close.
import { describe, expect, it } from "vitest";

import { decisionBars, decisionMove, decisionWindow } from "../../src/backtest/walk-forward-schedule";
import { candlesFromCloses } from "../evaluation/synthetic-candles";

describe("decisionBars", () => {
  it("starts at bar window_bars (index window_bars - 1) and stops while one bar still follows", () => {
    expect(decisionBars(52, { windowBars: 45, step: 3, horizon: 3 })).toEqual([44, 47, 50]);
    expect(decisionBars(46, { windowBars: 45, step: 3, horizon: 3 })).toEqual([44]);
    expect(decisionBars(60, { windowBars: 45, step: 10, horizon: 3 })).toEqual([44, 54]);
  });

  it("refuses a series too short for one decision, a step of zero, a horizon as long as the window", () => {
    expect(() => decisionBars(45, { windowBars: 45, step: 3, horizon: 3 })).toThrow(
      /45 bars: a backtest needs at least 46/,
    );
    expect(() => decisionBars(100, { windowBars: 45, step: 0, horizon: 3 })).toThrow(/at least 1/);
    expect(() => decisionBars(100, { windowBars: 45, step: 3, horizon: 45 })).toThrow(/shorter than the window/);
  });
});

describe("decisionWindow and decisionMove", () => {
  const candles = candlesFromCloses(Array.from({ length: 60 }, (_, index) => 100 + index));
  it("hands a decision the window_bars bars that end at its bar, never one after", () => {
    const window = decisionWindow(candles, 50, 45);
    expect(window).toHaveLength(45);
    expect(window.at(-1)).toBe(candles[50]);
    expect(window[0]).toBe(candles[6]);
  });
  it("measures the move over the horizon, or to the last close when the series ends first", () => {
    expect(decisionMove(candles, 50, 3)).toBeCloseTo(153 / 150 - 1, 15);
    expect(decisionMove(candles, 58, 3)).toBeCloseTo(159 / 158 - 1, 15);
  });
});
