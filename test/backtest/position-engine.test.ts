// The position engine on hand-made bars: where costs are paid (opens, closes, flips; nothing to keep a side), how a
// position is held and closed, and the exit at a stop or target within a later bar's range. Expected values are
// worked out by hand in the comments.
import { describe, expect, it } from "vitest";

import { type EngineDecision, runPositions } from "../../src/backtest/position-engine";
import type { Candle } from "../../src/market/candle";
import { tradingCost } from "../../src/scoring/trading-cost";

const HOUR = 3_600_000;

/** Bars whose open, high, low and close are all `close` unless a range is given. */
function bars(spec: (number | (Partial<Candle> & { close: number }))[]): Candle[] {
  return spec.map((item, index) => {
    const bar = typeof item === "number" ? { close: item } : item;
    const open = bar.open ?? bar.close;
    return {
      time: index * 4 * HOUR,
      open,
      high: bar.high ?? Math.max(open, bar.close),
      low: bar.low ?? Math.min(open, bar.close),
      close: bar.close,
      volume: 0,
    };
  });
}

const f = 0.999; // what one side leaves at 10 bps
const closes = [100, 110, 99, 99, 108.9, 100, 120];
const decisions: EngineDecision[] = [
  { bar: 0, side: "LONG" },
  { bar: 2, side: "SHORT" }, // a flip: two sides
  { bar: 4, side: "SHORT" }, // the side already held: kept, no cost, the horizon starts again
];

describe("runPositions", () => {
  it("marks, flips, keeps and closes as worked out by hand", () => {
    const run = runPositions(bars(closes), decisions, { start: 0, horizon: 2, cost: tradingCost(10) });
    const shortEntry = 0.999 * 0.99 * f * f; // LONG 100 → 99 less the open, then the flip's two sides
    const expected = [
      0.999, // LONG opened at 100
      0.999 * 1.1, // marked at 110
      shortEntry,
      shortEntry, // SHORT from 99 marked at 99: 2 - 99 / 99 = 1
      shortEntry * 0.9, // 2 - 108.9 / 99 = 0.9; the SHORT decision keeps the position
      shortEntry * (2 - 100 / 99),
      shortEntry * (2 - 120 / 99) * f, // horizon ends at bar 6 (4 + 2): closed and charged
    ];
    run.equity.forEach((value, index) => expect(value, `bar ${index}`).toBeCloseTo(expected[index]!, 14));
    expect(run.trades.map((trade) => [trade.side, trade.entryBar, trade.exitBar, trade.exitReason])).toEqual([
      ["LONG", 0, 2, "flip"],
      ["SHORT", 2, 6, "horizon"],
    ]);
    expect(run.held).toEqual([false, true, true, true, true, true, true]);
  });

  it("charges cost_bps exactly once per side: open 1, flip 2, kept 0, close 1", () => {
    const candles = bars(closes);
    const free = runPositions(candles, decisions, { start: 0, horizon: 2, cost: tradingCost(0) });
    const paid = runPositions(candles, decisions, { start: 0, horizon: 2, cost: tradingCost(10) });
    // The ratio of the two curves at each bar is f to the number of sides paid so far.
    const sidesSoFar = [1, 1, 3, 3, 3, 3, 4];
    paid.equity.forEach((value, index) =>
      expect(value / free.equity[index]!, `bar ${index}`).toBeCloseTo(f ** sidesSoFar[index]!, 14),
    );
  });

  it("closes at the horizon when no decision follows in time, stays out, and opens again at the next decision", () => {
    // Decisions every 3 bars, held 1 bar: in at 0, out at 1, in at 3, out at 4; the last bar closes nothing.
    const candles = bars([100, 105, 110, 100, 90, 95]);
    const run = runPositions(
      candles,
      [
        { bar: 0, side: "LONG" },
        { bar: 3, side: "LONG" },
      ],
      { start: 0, horizon: 1, cost: tradingCost(10) },
    );
    const afterFirst = 0.999 * 1.05 * f;
    expect(run.equity[1]).toBeCloseTo(afterFirst, 14);
    expect(run.equity[2]).toBe(run.equity[1]); // out of the market: nothing moves
    expect(run.equity[3]).toBeCloseTo(afterFirst * f, 14);
    expect(run.equity[4]).toBeCloseTo(afterFirst * f * 0.9 * f, 14);
    expect(run.held).toEqual([false, true, false, false, true, false]);
    expect(run.trades.map((trade) => trade.exitReason)).toEqual(["horizon", "horizon"]);
  });

  it("closes the last position at the end of the series and charges it", () => {
    const run = runPositions(bars([100, 102, 104]), [{ bar: 0, side: "SHORT" }], {
      start: 0,
      horizon: 50,
      cost: tradingCost(10),
    });
    expect(run.equity.at(-1)).toBeCloseTo(0.999 * (2 - 1.04) * f, 14);
    expect(run.trades).toMatchObject([{ exitBar: 2, exitReason: "end", exitPrice: 104 }]);
  });

  it("a failed decision (no side) keeps nothing: the position runs out its horizon", () => {
    const run = runPositions(
      bars([100, 101, 102, 103, 104]),
      [
        { bar: 0, side: "LONG" },
        { bar: 2, side: null },
      ],
      { start: 0, horizon: 2, cost: tradingCost(0) },
    );
    expect(run.trades).toMatchObject([{ entryBar: 0, exitBar: 2, exitReason: "horizon" }]);
    expect(run.held.slice(3)).toEqual([false, false]);
  });
});

describe("stop-loss and take-profit", () => {
  const flat = (count: number) => Array.from({ length: count }, () => 100);

  it("leaves a LONG at its stop when a later bar's low reaches it, at the stop price", () => {
    const candles = bars([...flat(2), { open: 99, high: 101, low: 94, close: 96 }, 90]);
    const run = runPositions(candles, [{ bar: 1, side: "LONG", stopLoss: 95, takeProfit: 110 }], {
      start: 1,
      horizon: 10,
      cost: tradingCost(10),
    });
    expect(run.trades).toMatchObject([{ exitBar: 2, exitReason: "stop", exitPrice: 95 }]);
    expect(run.equity[1]).toBeCloseTo(0.999 * 0.95 * f, 14);
    expect(run.equity[2]).toBe(run.equity[1]); // out: the fall to 90 costs nothing
  });

  it("takes the stop first when one bar reaches both, and fills at the open when the bar gapped through", () => {
    const both = bars([...flat(2), { open: 100, high: 112, low: 94, close: 105 }]);
    const level = { side: "LONG" as const, stopLoss: 95, takeProfit: 110 };
    expect(
      runPositions(both, [{ bar: 1, ...level }], { start: 1, horizon: 10, cost: tradingCost(0) }).trades[0],
    ).toMatchObject({ exitReason: "stop", exitPrice: 95 });
    const gap = bars([...flat(2), { open: 90, high: 92, low: 88, close: 91 }]);
    expect(
      runPositions(gap, [{ bar: 1, ...level }], { start: 1, horizon: 10, cost: tradingCost(0) }).trades[0],
    ).toMatchObject({ exitReason: "stop", exitPrice: 90 });
  });

  it("leaves at the target, and mirrors both for a SHORT", () => {
    const up = bars([...flat(2), { open: 101, high: 111, low: 100, close: 108 }]);
    expect(
      runPositions(up, [{ bar: 1, side: "LONG", stopLoss: 95, takeProfit: 110 }], {
        start: 1,
        horizon: 10,
        cost: tradingCost(0),
      }).trades[0],
    ).toMatchObject({ exitReason: "target", exitPrice: 110 });
    const short = runPositions(up, [{ bar: 1, side: "SHORT", stopLoss: 105, takeProfit: 90 }], {
      start: 1,
      horizon: 10,
      cost: tradingCost(0),
    });
    expect(short.trades[0]).toMatchObject({ exitReason: "stop", exitPrice: 105 });
    expect(short.equity.at(-1)).toBeCloseTo(2 - 1.05, 14);
    const down = bars([...flat(2), { open: 99, high: 99, low: 85, close: 88 }]);
    expect(
      runPositions(down, [{ bar: 1, side: "SHORT", stopLoss: 105, takeProfit: 90 }], {
        start: 1,
        horizon: 10,
        cost: tradingCost(0),
      }).trades[0],
    ).toMatchObject({ exitReason: "target", exitPrice: 90 });
  });

  it("never checks the decision bar itself: levels act from the next bar on", () => {
    const candles = bars([{ open: 100, high: 120, low: 80, close: 100 }, 100, 101]);
    const run = runPositions(candles, [{ bar: 0, side: "LONG", stopLoss: 95, takeProfit: 110 }], {
      start: 0,
      horizon: 5,
      cost: tradingCost(0),
    });
    expect(run.trades).toMatchObject([{ exitReason: "end", exitPrice: 101 }]);
  });

  it("holds a partial size: equity moves by the size times the price move", () => {
    const run = runPositions(bars([100, 110]), [{ bar: 0, side: "LONG", size: 0.5 }], {
      start: 0,
      horizon: 5,
      cost: tradingCost(10),
    });
    // Open pays half a side (1 - 0.5 × 0.001), half the equity gains 10%, the close pays half a side.
    expect(run.equity[1]).toBeCloseTo(0.9995 * 1.05 * 0.9995, 14);
  });

  it("refuses levels on the wrong side of the entry, and a size outside (0, 1]", () => {
    const candles = bars([100, 101]);
    const run = (decision: EngineDecision) =>
      runPositions(candles, [decision], { start: 0, horizon: 1, cost: tradingCost(0) });
    expect(() => run({ bar: 0, side: "LONG", stopLoss: 101 })).toThrow(/stop_loss 101 must be below the entry 100/);
    expect(() => run({ bar: 0, side: "SHORT", takeProfit: 105 })).toThrow(/take_profit 105 must be below the entry/);
    expect(() => run({ bar: 0, side: "LONG", size: 1.5 })).toThrow(/size is a fraction of equity/);
    expect(() => run({ bar: 0, side: "LONG", size: 0 })).toThrow(/size is a fraction of equity/);
  });
});
