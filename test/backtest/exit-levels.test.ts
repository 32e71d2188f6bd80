// The stop and the target of a position, each rule on both sides: every LONG case below is also run as its SHORT
// mirror (every price p becomes 200 - p: a bar's high becomes its low), so a rule written for one side only cannot
// pass. Reached at the level exactly, not a cent before; both in one bar: the stop; a gap through a level: the open;
// levels on the wrong side of the entry, at the entry, or not positive prices: refused, naming each.
import { describe, expect, it } from "vitest";

import { checkExitLevels, type ExitLevels, levelExit } from "../../src/backtest/exit-levels";
import type { Candle } from "../../src/market/candle";

const MIRROR = 200;
const mirrorPrice = (price: number) => MIRROR - price;
const mirrorBar = (bar: Candle): Candle => ({
  ...bar,
  open: mirrorPrice(bar.open),
  high: mirrorPrice(bar.low),
  low: mirrorPrice(bar.high),
  close: mirrorPrice(bar.close),
});
const mirrorLevels = (levels: ExitLevels): ExitLevels => ({
  stopLoss: levels.stopLoss === null ? null : mirrorPrice(levels.stopLoss),
  takeProfit: levels.takeProfit === null ? null : mirrorPrice(levels.takeProfit),
});
const bar = (open: number, high: number, low: number, close: number): Candle => ({
  time: 0,
  open,
  high,
  low,
  close,
  volume: 1,
});

// A LONG entered at 100 with its stop at 95 and its target at 110.
const LEVELS: ExitLevels = { stopLoss: 95, takeProfit: 110 };
const CASES: [string, Candle, ExitLevels, { reason: "stop" | "target"; price: number } | undefined][] = [
  ["a bar that reaches neither", bar(100, 109.99, 95.01, 101), LEVELS, undefined],
  ["the low exactly at the stop", bar(100, 101, 95, 96), LEVELS, { reason: "stop", price: 95 }],
  ["the low below the stop", bar(100, 101, 94, 96), LEVELS, { reason: "stop", price: 95 }],
  ["the high exactly at the target", bar(100, 110, 99, 109), LEVELS, { reason: "target", price: 110 }],
  ["both in one bar: the stop, the cautious reading", bar(100, 112, 94, 105), LEVELS, { reason: "stop", price: 95 }],
  ["a gap through the stop: filled at the open", bar(90, 92, 88, 91), LEVELS, { reason: "stop", price: 90 }],
  ["a gap past the target: filled at the open", bar(115, 116, 113, 114), LEVELS, { reason: "target", price: 115 }],
  [
    "no stop: only the target counts",
    bar(100, 111, 80, 90),
    { stopLoss: null, takeProfit: 110 },
    { reason: "target", price: 110 },
  ],
  ["no target: only the stop counts", bar(100, 150, 99, 140), { stopLoss: 95, takeProfit: null }, undefined],
  ["neither level", bar(100, 150, 50, 100), { stopLoss: null, takeProfit: null }, undefined],
];

describe("levelExit, LONG and its SHORT mirror", () => {
  it.each(CASES)("%s", (_name, candle, levels, expected) => {
    expect(levelExit("LONG", levels, candle)).toEqual(expected);
    const mirrored = expected && { reason: expected.reason, price: mirrorPrice(expected.price) };
    expect(levelExit("SHORT", mirrorLevels(levels), mirrorBar(candle))).toEqual(mirrored);
  });
});

describe("checkExitLevels, LONG and its SHORT mirror", () => {
  const refusal = (side: "LONG" | "SHORT", entry: number, levels: ExitLevels) => {
    try {
      checkExitLevels(side, entry, levels, "at bar 7");
    } catch (error) {
      return (error as Error).message;
    }
    return undefined;
  };

  it("accepts levels on their sides, and either one alone", () => {
    for (const levels of [LEVELS, { stopLoss: 95, takeProfit: null }, { stopLoss: null, takeProfit: 110 }]) {
      expect(refusal("LONG", 100, levels)).toBeUndefined();
      expect(refusal("SHORT", mirrorPrice(100), mirrorLevels(levels))).toBeUndefined();
    }
  });

  it.each([
    [
      "a stop above the entry",
      { stopLoss: 101, takeProfit: 110 },
      "stop_loss 101 must be below the entry 100 of a LONG",
    ],
    ["a stop at the entry", { stopLoss: 100, takeProfit: 110 }, "stop_loss 100 must be below the entry 100 of a LONG"],
    [
      "a target below the entry",
      { stopLoss: 95, takeProfit: 99 },
      "take_profit 99 must be above the entry 100 of a LONG",
    ],
    [
      "a target at the entry",
      { stopLoss: 95, takeProfit: 100 },
      "take_profit 100 must be above the entry 100 of a LONG",
    ],
  ] as const)("refuses %s, and the mirror for a SHORT", (_name, levels, message) => {
    expect(refusal("LONG", 100, levels)).toBe(`Invalid exit levels for the decision at bar 7: ${message}`);
    const mirrored = mirrorLevels(levels);
    const shortMessage = message
      .replace(/(\d+(\.\d+)?)/g, (number) => String(mirrorPrice(Number(number))))
      .replace("below", "BELOW")
      .replace("above", "below")
      .replace("BELOW", "above")
      .replace("LONG", "SHORT");
    expect(refusal("SHORT", mirrorPrice(100), mirrored)).toBe(
      `Invalid exit levels for the decision at bar 7: ${shortMessage}`,
    );
  });

  it("names both when both are wrong, and refuses prices that are not positive on either side", () => {
    expect(refusal("LONG", 100, { stopLoss: 120, takeProfit: 80 })).toMatch(
      /stop_loss 120 must be below .*; take_profit 80 must be above/,
    );
    expect(refusal("SHORT", 100, { stopLoss: 80, takeProfit: 120 })).toMatch(
      /stop_loss 80 must be above .*; take_profit 120 must be below/,
    );
    for (const side of ["LONG", "SHORT"] as const) {
      expect(refusal(side, 100, { stopLoss: 0, takeProfit: null })).toMatch(/stop_loss must be a positive price$/);
      expect(refusal(side, 100, { stopLoss: null, takeProfit: Number.NaN })).toMatch(
        /take_profit must be a positive price$/,
      );
      expect(refusal(side, 100, { stopLoss: -5, takeProfit: Number.POSITIVE_INFINITY })).toMatch(
        /stop_loss must be a positive price; take_profit must be a positive price$/,
      );
    }
  });
});
