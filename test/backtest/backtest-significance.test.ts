// A backtest's significance (src/backtest/backtest-significance.ts) on lines whose answer is known: per-bar returns
// read from an equity curve; a model line identical to buy-and-hold (no excess, p = 1); one that beats it by a
// constant each bar, and its mirror that trails by the same; a baseline held against buy-and-hold only; the deflated
// Sharpe ratio of the model line with one try and with many, and without a model the best baseline's, deflated by the
// baselines it was picked from.
import { describe, expect, it } from "vitest";

import type { BacktestLine } from "../../src/backtest/backtest-lines";
import { bestDeflatedSharpe, lineSignificance, perBarReturns } from "../../src/backtest/backtest-significance";
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
    expect(results.map((result) => [result.line, result.against])).toEqual([
      ["gpt", "buy_and_hold"],
      ["gpt", "always_long"],
      ["always_long", "buy_and_hold"],
    ]);
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

  it("holds a baseline against buy-and-hold only, and buy-and-hold against nothing", () => {
    const ahead = market.map((change) => change + 0.001);
    const lines = [
      lineOf("buy_and_hold", "baseline", market),
      lineOf("momentum", "baseline", ahead),
      lineOf("always_long", "baseline", market),
    ];
    const results = lineSignificance(lines, { step: 2, seed: 3, resamples: 300 });
    expect(results.map((result) => [result.line, result.against])).toEqual([
      ["momentum", "buy_and_hold"],
      ["always_long", "buy_and_hold"],
    ]);
    expect(results[0]?.excessReturn).toBeCloseTo(0.3, 9);
  });

  it("deflates the model line's Sharpe ratio by the tries on the same series", () => {
    const lines = [
      lineOf(
        "gpt",
        "model",
        market.map((change) => change + 0.002),
      ),
      lineOf(
        "momentum",
        "baseline",
        market.map((change) => change + 0.01),
      ),
    ];
    const single = bestDeflatedSharpe(lines, { count: 1 });
    expect(single).toMatchObject({ line: "gpt", trials: 1, dsr: null, sharpeThreshold: 0 });
    expect(single?.psr).toBeGreaterThan(0.5);
    const many = bestDeflatedSharpe(lines, { count: 12, sharpes: [0.1, 0.02, -0.05, 0.08] });
    expect(many).toMatchObject({ line: "gpt", trials: 12 });
    expect(many?.dsr).toBeLessThan(many!.psr!);
  });

  it("without a model, deflates the best baseline by the baselines it was picked from (buy-and-hold aside)", () => {
    const best = market.map((change) => change + 0.003);
    const lines = [
      lineOf(
        "buy_and_hold",
        "baseline",
        market.map((change) => change + 0.02),
      ),
      lineOf("momentum", "baseline", best),
      lineOf("always_long", "baseline", market),
      lineOf(
        "flat",
        "baseline",
        market.map(() => 0),
      ),
    ];
    const deflated = bestDeflatedSharpe(lines);
    // flat's returns never vary: no Sharpe ratio, not a candidate; buy-and-hold is the yardstick, not a candidate.
    expect(deflated).toMatchObject({ line: "momentum", trials: 2 });
    expect(deflated?.dsr).not.toBeNull();
    expect(deflated!.dsr!).toBeLessThan(deflated!.psr!);
    expect(bestDeflatedSharpe([lineOf("buy_and_hold", "baseline", market)])).toBeNull();
    expect(lineSignificance([lineOf("buy_and_hold", "baseline", market)], { step: 3, seed: 1 })).toEqual([]);
  });
});
