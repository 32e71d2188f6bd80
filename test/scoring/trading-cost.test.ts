// The backtest's cost model by hand: cost_bps per side, charged as equity * (1 - cost_bps / 10,000) per side.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import { DEFAULT_COST_BPS, sidesTraded, tradingCost } from "../../src/scoring/trading-cost";

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("tradingCost", () => {
  it("5 bps by default: one side leaves 1 - 5 / 10,000 = 0.9995 of equity", () => {
    const cost = tradingCost();
    expect(DEFAULT_COST_BPS).toBe(5);
    expect(cost.costBps).toBe(5);
    expect(cost.sideFactor).toBeCloseTo(0.9995, 15);
    expect(cost.factor(1)).toBeCloseTo(0.9995, 15);
  });

  it("sides multiply: a flip at 5 bps leaves 0.9995² = 0.99900025; no side leaves everything", () => {
    const cost = tradingCost(5);
    expect(cost.factor(2)).toBeCloseTo(0.99900025, 15);
    expect(cost.factor(0)).toBe(1);
  });

  it("charges equity: 1.2 after opening and closing at 25 bps is 1.2 * 0.9975² = 1.2 * 0.99500625 = 1.1940075", () => {
    expect(tradingCost(25).charge(1.2, 2)).toBeCloseTo(1.1940075, 14);
    // 1 opened at 10 bps (0.999), a +2% move (1.01898), closed (1.01796102)
    const cost = tradingCost(10);
    expect(cost.charge(cost.charge(1, 1) * 1.02, 1)).toBeCloseTo(1.01796102, 14);
  });

  it("the bounds are allowed: 0 costs nothing, 1,000 takes 10% a side", () => {
    expect(tradingCost(0).charge(1.5, 4)).toBe(1.5);
    expect(tradingCost(1000).sideFactor).toBeCloseTo(0.9, 15);
    expect(tradingCost(1000).factor(2)).toBeCloseTo(0.81, 15);
  });

  it.each([
    [-1, "-1"],
    [1000.5, "1000.5"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "Infinity"],
    ["5" as unknown as number, "string"],
  ])("refuses cost_bps %s with an input error naming the field", (value, shown) => {
    const error = caught(() => tradingCost(value));
    expect(error).toBeInstanceOf(QuantAgentError);
    expect(error).toMatchObject({
      kind: "input",
      code: "invalid_request",
      message: `cost_bps must be a number of basis points per side from 0 to 1000 (got ${shown})`,
      details: { field: "cost_bps" },
    });
  });

  it("refuses a number of sides that is not whole and non-negative", () => {
    const cost = tradingCost();
    for (const sides of [-1, 1.5, Number.NaN])
      expect(caught(() => cost.factor(sides))).toMatchObject({ kind: "input", details: { field: "sides" } });
    expect(caught(() => cost.charge(1, -2))).toMatchObject({ kind: "input", details: { field: "sides" } });
  });
});

describe("sidesTraded", () => {
  it("keeping a position is free, opening or closing one is a side, a flip is two", () => {
    expect(sidesTraded("LONG", "LONG")).toBe(0);
    expect(sidesTraded(null, null)).toBe(0);
    expect(sidesTraded(null, "SHORT")).toBe(1);
    expect(sidesTraded("LONG", null)).toBe(1);
    expect(sidesTraded("LONG", "SHORT")).toBe(2);
    expect(sidesTraded("SHORT", "LONG")).toBe(2);
  });
});
