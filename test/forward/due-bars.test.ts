// The rule of which bars are due, on both sides of each edge: the first full window, the newest analysed bar, and
// (live) the bars closing before the entry was added.
import { describe, expect, it } from "vitest";

import { dueBars } from "../../src/forward/due-bars";
import { candlesFromCloses } from "../evaluation/synthetic-candles";

const BAR = 4 * 3_600_000;
const candles = candlesFromCloses(Array.from({ length: 10 }, (_, index) => 100 + index));
const time = (index: number) => candles[index]!.time;

describe("dueBars", () => {
  it("from the bar that completes the first window: none with one bar short, one with exactly a window", () => {
    expect(dueBars(candles.slice(0, 4), { windowBars: 5, barMs: BAR })).toEqual([]);
    expect(dueBars(candles.slice(0, 5), { windowBars: 5, barMs: BAR })).toEqual([4]);
    expect(dueBars(candles, { windowBars: 5, barMs: BAR })).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it("only after the newest analysed bar: that bar itself is not due again, the next one is", () => {
    expect(dueBars(candles, { windowBars: 5, barMs: BAR, after: time(7) })).toEqual([8, 9]);
    expect(dueBars(candles, { windowBars: 5, barMs: BAR, after: time(7) - 1 })).toEqual([7, 8, 9]);
    expect(dueBars(candles, { windowBars: 5, barMs: BAR, after: time(9) })).toEqual([]);
  });

  it("live: a bar closing exactly when the entry was added is due, one closing a millisecond before is history", () => {
    const close6 = time(6) + BAR;
    expect(dueBars(candles, { windowBars: 5, barMs: BAR, closingFrom: close6 })).toEqual([6, 7, 8, 9]);
    expect(dueBars(candles, { windowBars: 5, barMs: BAR, closingFrom: close6 + 1 })).toEqual([7, 8, 9]);
  });
});
