// A backtest's significance (src/backtest/backtest-significance.ts) on lines whose answer is known: per-bar returns
// read from an equity curve; a model line identical to buy-and-hold (no excess, p = 1); one that beats it by a
// constant each bar, and its mirror that trails by the same; the deflated Sharpe ratio with one try and with many;
// nothing without a model line.
import { describe, expect, it } from "vitest";

import type { BacktestLine } from "../../src/backtest/backtest-lines";
import { lineSignificance, modelDeflatedSharpe, perBarReturns } from "../../src/backtest/backtest-significance";
import { mulberry32 } from "../../src/scoring/seeded-random";

function lineOf(name: string, kind: "model" | "baseline", returns: readonly number[]): BacktestLine {
  let value = 1;
  const equity = [{ time: "t0", value }];
  returns.forEach((change, index) => {
    value *= 1 + change;
    equity.push({ time: `t${index + 1}`, value });
  });
  return {
    name,
    kind,
    trades: 1,
    totalReturn: value - 1,
    sharpe: null,
    maxDrawdown: 0,
    hitRate: null,
    exposure: 1,
    equity,
  };
}

const random = mulberry32(4);
const market = Array.from({ length: 300 }, () => (random() - 0.5) * 0.02);

describe("a backtest's significance", () => {
  it("reads per-bar returns back from an equity curve", () => {
    const returns = perBarReturns(lineOf("x", "baseline", [0.01, -0.02, 0.03]));
    expect(returns).toHaveLength(3);
    [0.01, -0.02, 0.03].forEach((expected, index) => expect(returns[index]).toBeCloseTo(expected, 12));
  });

  it("finds no excess for a model line that is buy-and-hold, against both yardsticks", () => {
    const lines = [
      lineOf("gpt", "model", market),
      lineOf("buy_and_hold", "baseline", market),
      lineOf("always_long", "baseline", market),
    ];
    const results = lineSignificance(lines, { step: 3, seed: 1, resamples: 500 });
    expect(results.map((result) => result.against)).toEqual(["buy_and_hold", "always_long"]);
    for (const result of results) {
      expect(result.excessReturn).toBeCloseTo(0, 12);
      expect(result.pValue).toBe(1);
      expect(result).toMatchObject({ blockBars: 3, resamples: 500 });
    }
  });

  it("finds the constant times the bars for a line that beats buy-and-hold by a constant, and the mirror for one that trails", () => {
    const ahead = market.map((change) => change + 0.001);
    const behind = market.map((change) => change - 0.001);
    const hold = lineOf("buy_and_hold", "baseline", market);
    const [above] = lineSignificance([lineOf("gpt", "model", ahead), hold], { step: 3, seed: 2, resamples: 500 });
    expect(above?.excessReturn).toBeCloseTo(0.3, 9);
    expect(above?.ciLow).toBeCloseTo(0.3, 9);
    expect(above?.pValue).toBeCloseTo(1 / 501, 12);
    const [below] = lineSignificance([lineOf("gpt", "model", behind), hold], { step: 3, seed: 2, resamples: 500 });
    expect(below?.excessReturn).toBeCloseTo(-0.3, 9);
    expect(below?.ciHigh).toBeCloseTo(-0.3, 9);
  });

  it("deflates the model line's Sharpe ratio by the tries on the same series, and gives nothing without a model", () => {
    const lines = [
      lineOf(
        "gpt",
        "model",
        market.map((change) => change + 0.002),
      ),
    ];
    const single = modelDeflatedSharpe(lines, { count: 1 });
    expect(single).toMatchObject({ trials: 1, dsr: null, sharpeThreshold: 0 });
    expect(single?.psr).toBeGreaterThan(0.5);
    const many = modelDeflatedSharpe(lines, { count: 12, sharpes: [0.1, 0.02, -0.05, 0.08] });
    expect(many?.dsr).toBeLessThan(many!.psr!);
    expect(modelDeflatedSharpe([lineOf("buy_and_hold", "baseline", market)], { count: 3 })).toBeNull();
    expect(lineSignificance([lineOf("buy_and_hold", "baseline", market)], { step: 3, seed: 1 })).toEqual([]);
  });
});
