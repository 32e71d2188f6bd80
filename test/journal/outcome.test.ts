// Scoring a directive against the closes after its window, against hand-computed hits and returns.
// Provenance: each expected return is (close[k] / entry - 1), negated for SHORT, worked out by hand in the test name.
import { describe, expect, it } from "vitest";

import { barsAfter, closesAfter, OUTCOME_HORIZONS, outcomeBarTime, scoreOutcome } from "../../src/journal/outcome";

describe("scoreOutcome", () => {
  it("LONG from 100, closes 101, 99, 102: k=1 +1% hit, k=3 +2% hit", () => {
    const outcome = scoreOutcome({ directive: "LONG", entryClose: 100, laterCloses: [101, 99, 102] });
    expect(outcome).toHaveLength(2);
    expect(outcome?.[0]).toMatchObject({ bars: 1, hit: true });
    expect(outcome?.[0]?.return).toBeCloseTo(0.01, 12);
    expect(outcome?.[1]).toMatchObject({ bars: 3, hit: true });
    expect(outcome?.[1]?.return).toBeCloseTo(0.02, 12);
  });

  it("SHORT from 200, closes 198, 204, 190: the fall is a hit with a positive return (k=1 +1%, k=3 +5%)", () => {
    const outcome = scoreOutcome({ directive: "SHORT", entryClose: 200, laterCloses: [198, 204, 190] });
    expect(outcome?.map((horizon) => horizon.hit)).toEqual([true, true]);
    expect(outcome?.[0]?.return).toBeCloseTo(0.01, 12);
    expect(outcome?.[1]?.return).toBeCloseTo(0.05, 12);
  });

  it("LONG from 80, closes 76, 90, 72: k=1 -5% miss, k=3 -10% miss", () => {
    const outcome = scoreOutcome({ directive: "LONG", entryClose: 80, laterCloses: [76, 90, 72] });
    expect(outcome?.map((horizon) => horizon.hit)).toEqual([false, false]);
    expect(outcome?.[0]?.return).toBeCloseTo(-0.05, 12);
    expect(outcome?.[1]?.return).toBeCloseTo(-0.1, 12);
  });

  it("a flat close is a miss with return 0 (not -0), for LONG and SHORT alike", () => {
    for (const directive of ["LONG", "SHORT"] as const) {
      const outcome = scoreOutcome({ directive, entryClose: 50, laterCloses: [50, 51, 50] });
      expect(outcome?.[0]).toEqual({ bars: 1, hit: false, return: 0 });
      expect(Object.is(outcome?.[0]?.return, 0)).toBe(true);
      expect(outcome?.[1]).toEqual({ bars: 3, hit: false, return: 0 });
    }
  });

  it("stays pending (null) until 3 later bars are known: a window at the end of the data", () => {
    expect(scoreOutcome({ directive: "LONG", entryClose: 100, laterCloses: [] })).toBeNull();
    expect(scoreOutcome({ directive: "LONG", entryClose: 100, laterCloses: [101, 102] })).toBeNull();
  });
});

describe("closesAfter", () => {
  it("keeps bars strictly after the entry bar, in time order, each time once", () => {
    const entry = "2025-03-01T08:00:00.000Z";
    const at = (hours: number) => Date.parse(entry) + hours * 3_600_000;
    const bar = (time: number, close: number) => ({ time, close });
    expect(
      closesAfter(entry, [bar(at(8), 3), bar(at(0), 0), bar(at(-4), -1), bar(at(4), 1), bar(at(4), 1), bar(at(12), 4)]),
    ).toEqual([1, 3, 4]);
  });
});

describe("barsAfter and outcomeBarTime", () => {
  const entry = "2025-03-01T08:00:00.000Z";
  const at = (hours: number) => Date.parse(entry) + hours * 3_600_000;
  const bar = (hours: number, close: number) => ({ time: at(hours), close });

  it("gives the bars strictly after the entry bar, sorted by time, a repeated time once (the last one seen)", () => {
    expect(barsAfter(entry, [bar(12, 3), bar(0, 0), bar(4, 1), bar(-4, -1), bar(8, 2), bar(4, 5)])).toEqual([
      { time: at(4), close: 5 },
      { time: at(8), close: 2 },
      { time: at(12), close: 3 },
    ]);
    expect(barsAfter(entry, [])).toEqual([]);
  });

  it("dates an outcome at the open of the third bar after the entry, the longest horizon", () => {
    expect(OUTCOME_HORIZONS).toEqual([1, 3]);
    // Unsorted and with a bar at the entry itself: the third later bar is the one 12 hours on.
    expect(outcomeBarTime(entry, [bar(16, 4), bar(8, 2), bar(0, 0), bar(4, 1), bar(12, 3)])).toBe(
      new Date(at(12)).toISOString(),
    );
    expect(outcomeBarTime(entry, [bar(0, 0), bar(4, 1), bar(8, 2)])).toBeUndefined();
    expect(outcomeBarTime(entry, [bar(4, 1), bar(4, 1), bar(8, 2)])).toBeUndefined();
  });
});
