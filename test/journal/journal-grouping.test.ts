// What the statistics and the leaderboard share: the groupings and horizons they accept, a group's accuracy with its
// Wilson interval (nulls while nothing is scored), counts as either engine gives them, and the code-unit key order.
// Provenance: 3 of 4 worked by hand with Wilson's formula (z = 1.959964), as in journal-stats.test.ts.
import { describe, expect, it } from "vitest";

import {
  accuracyFigures,
  compareText,
  countOf,
  horizonSchema,
  journalGroupings,
  journalGroupingSchema,
} from "../../src/journal/journal-grouping";

describe("journalGroupingSchema and horizonSchema", () => {
  it("accept the five groupings and the horizons 1 and 3, and say what a horizon may be", () => {
    expect(journalGroupings).toEqual(["model", "provider", "asset", "timeframe", "prompt_version"]);
    for (const grouping of journalGroupings) expect(journalGroupingSchema.parse(grouping)).toBe(grouping);
    expect(journalGroupingSchema.safeParse("colour").success).toBe(false);
    expect(horizonSchema.parse(1)).toBe(1);
    expect(horizonSchema.parse(3)).toBe(3);
    for (const refused of [0, 2, 4, "3"]) {
      const parsed = horizonSchema.safeParse(refused);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("must be 1 or 3 (bars)");
    }
  });
});

describe("accuracyFigures", () => {
  it("gives nulls while nothing is scored, whatever the hits say", () => {
    expect(accuracyFigures(0, 0)).toEqual({ scored: 0, hits: 0, accuracy: null, ci_low: null, ci_high: null });
  });

  it("gives the share of hits with its Wilson 95% interval", () => {
    const figures = accuracyFigures(3, 4);
    expect(figures).toMatchObject({ scored: 4, hits: 3, accuracy: 0.75 });
    expect(figures.ci_low).toBeCloseTo(0.300642, 5);
    expect(figures.ci_high).toBeCloseTo(0.954413, 5);
    // One scored analysis is already a figure, not a null.
    expect(accuracyFigures(1, 1)).toMatchObject({ scored: 1, hits: 1, accuracy: 1, ci_high: 1 });
    expect(accuracyFigures(0, 1)).toMatchObject({ scored: 1, hits: 0, accuracy: 0, ci_low: 0 });
  });
});

describe("countOf", () => {
  it("reads SQLite's numbers and PostgreSQL's bigint text alike, and a missing sum as 0", () => {
    expect(countOf(7)).toBe(7);
    expect(countOf("12")).toBe(12);
    expect(countOf(null)).toBe(0);
    expect(countOf(undefined)).toBe(0);
    expect(countOf(0)).toBe(0);
  });
});

describe("compareText", () => {
  it("orders by code unit, the same on every engine: capitals before lower case, equal texts tie", () => {
    expect(compareText("a", "b")).toBe(-1);
    expect(compareText("b", "a")).toBe(1);
    expect(compareText("a", "a")).toBe(0);
    expect(["gpt-4o", "Zeta", "claude", "gpt-4"].sort(compareText)).toEqual(["Zeta", "claude", "gpt-4", "gpt-4o"]);
  });
});
