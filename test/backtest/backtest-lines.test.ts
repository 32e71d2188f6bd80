// The lines of a backtest on a real series (the longest continuous BTC series the shipped benchmark makes): always-LONG
// is buy-and-hold less one opening and one closing side to the last digit, every line has its figures, and the
// paired tests count the hits as the directives and moves say.
import { beforeAll, describe, expect, it } from "vitest";

import { longestBenchmarkSeries } from "../../scripts/join-benchmark-series";
import { backtestLines } from "../../src/backtest/backtest-lines";
import { BACKTEST_BASELINES, baselineDecisions } from "../../src/backtest/baseline-decisions";
import { decisionBars, decisionMove } from "../../src/backtest/walk-forward-schedule";
import type { Candle } from "../../src/market/candle";
import { tradingCost } from "../../src/scoring/trading-cost";

let candles: Candle[];
beforeAll(async () => {
  candles = (await longestBenchmarkSeries("BTC")).candles;
});

function linesOf(options: { step: number; horizon: number; costBps: number }) {
  const bars = decisionBars(candles.length, { windowBars: 45, ...options });
  const baselines = baselineDecisions(candles, bars, { windowBars: 45, horizon: options.horizon, seed: 7 });
  return {
    bars,
    baselines,
    ...backtestLines({
      candles,
      bars,
      horizon: options.horizon,
      cost: tradingCost(options.costBps),
      barsPerYear: 2191.5,
      baselines,
    }),
  };
}

describe("backtestLines", () => {
  it("always-LONG equals buy-and-hold from first entry to last exit less its two sides, to the last digit", () => {
    for (const costBps of [0, 5, 37.5]) {
      const { lines } = linesOf({ step: 3, horizon: 3, costBps });
      const hold = lines.find((line) => line.name === "buy_and_hold")!;
      const long = lines.find((line) => line.name === "always_long")!;
      const side = tradingCost(costBps).sideFactor;
      const holdFinal = hold.equity.at(-1)!.value;
      expect(holdFinal).toBe(candles.at(-1)!.close / candles[44]!.close);
      expect(long.equity.at(-1)!.value).toBe(side * holdFinal * side);
      expect(long.trades).toBe(1);
      expect(hold.equity.map((point) => point.time)).toEqual(long.equity.map((point) => point.time));
    }
  });

  it("with a step longer than the horizon, always-LONG pays a side each time it leaves and comes back", () => {
    const { lines, bars } = linesOf({ step: 6, horizon: 3, costBps: 5 });
    const long = lines.find((line) => line.name === "always_long")!;
    expect(long.trades).toBe(bars.length);
    expect(long.exposure).toBeCloseTo(0.5, 2); // in for 3 bars of every 6
  });

  it("draws every line on the same bars, from the first decision bar to the last bar", () => {
    const { lines } = linesOf({ step: 3, horizon: 3, costBps: 5 });
    expect(lines.map((line) => line.name)).toEqual(["buy_and_hold", ...BACKTEST_BASELINES]);
    for (const line of lines) {
      expect(line.equity).toHaveLength(candles.length - 44);
      expect(line.equity[0]!.time).toBe(new Date(candles[44]!.time).toISOString());
      expect(line.totalReturn).toBe(line.equity.at(-1)!.value - 1);
      expect(line.maxDrawdown).toBeGreaterThanOrEqual(0);
      expect(line.kind).toBe("baseline");
    }
    const short = lines.find((line) => line.name === "always_short")!;
    const long = lines.find((line) => line.name === "always_long")!;
    expect(short.hitRate! + long.hitRate!).toBeCloseTo(1, 12); // no flat move on this series
  });

  it("pairs every directional line with always-LONG on the decisions' hits", () => {
    const { paired, bars, baselines } = linesOf({ step: 3, horizon: 3, costBps: 5 });
    const moves = bars.map((bar) => decisionMove(candles, bar, 3));
    const momentum = paired.find((test) => test.a === "momentum")!;
    const momentumHits = baselines.momentum.map((side, index) => (side === "LONG") === moves[index]! > 0);
    const longHits = moves.map((move) => move > 0);
    expect(momentum.b).toBe("always_long");
    expect(momentum.n).toBe(bars.length);
    expect(momentum.aHits).toBe(momentumHits.filter(Boolean).length);
    expect(momentum.bHits).toBe(longHits.filter(Boolean).length);
    expect(momentum.aOnly).toBe(momentumHits.filter((hit, index) => hit && !longHits[index]).length);
    expect(paired.map((test) => test.a)).toEqual(["always_short", "random", "momentum", "linear_regression"]);
    // Always-short is right exactly where always-long is wrong.
    const short = paired.find((test) => test.a === "always_short")!;
    expect(short.aOnly + short.bOnly).toBe(short.n);
  });

  it("draws the model's line first, named by its graph model, and pairs it too", () => {
    const bars = decisionBars(candles.length, { windowBars: 45, step: 3, horizon: 3 });
    const baselines = baselineDecisions(candles, bars, { windowBars: 45, horizon: 3, seed: 7 });
    const { lines, paired } = backtestLines({
      candles,
      bars,
      horizon: 3,
      cost: tradingCost(5),
      barsPerYear: 2191.5,
      baselines,
      model: {
        name: "gpt-4o",
        kind: "model",
        // The model said what momentum said, except that one analysis failed.
        decisions: bars.map((bar, index) => ({ bar, side: index === 3 ? null : baselines.momentum[index]! })),
      },
    });
    expect(lines[0]).toMatchObject({ name: "gpt-4o", kind: "model" });
    const model = paired.find((test) => test.a === "gpt-4o")!;
    const momentum = paired.find((test) => test.a === "momentum")!;
    expect(model.n).toBe(momentum.n - 1); // the failed decision is left out of the pair
  });
});
