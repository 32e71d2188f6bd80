// The probe's scoring rules on small hand-made cases: the chance rate is the best constant answer's accuracy (ties
// broken alphabetically, whatever the order of the series), the p-values are the exact binomial tails worked by hand,
// failed analyses are left out, a Trend report without a direction is a miss, labels without an answer to check are
// not scored.
import { describe, expect, it } from "vitest";

import type { ProbePoint } from "../../src/probe/probe-result";
import { plantedSeries } from "../../src/probe/probe-schedule";
import { scoreAgainstChance, scoreProbe } from "../../src/probe/score-probe";

describe("scoreAgainstChance", () => {
  it("holds the hits against the most common right answer, with both exact tails", () => {
    const score = scoreAgainstChance([
      { answer: "LONG", right: "LONG" },
      { answer: "LONG", right: "LONG" },
      { answer: "LONG", right: "SHORT" },
      { answer: "SHORT", right: "LONG" },
    ]);
    // Chance: always LONG is right on 3 of 4. Hits 2. By hand: P(X >= 2 | 4, 3/4) = 1 - (1/4)^4 - 4 (3/4)(1/4)^3
    // = 1 - 1/256 - 12/256 = 243/256; P(X <= 2) = 1 - P(3) - P(4) = 1 - 108/256 - 81/256 = 67/256.
    expect(score).toMatchObject({ n: 4, hits: 2, accuracy: 0.5, chance: 0.75, chanceAnswer: "LONG" });
    expect(score.pValue).toBeCloseTo(243 / 256, 14);
    expect(score.pValueBelow).toBeCloseTo(67 / 256, 14);
  });

  it("breaks a tie between constant answers alphabetically, whatever the order", () => {
    const forward = scoreAgainstChance([
      { answer: "SHORT", right: "SHORT" },
      { answer: "SHORT", right: "LONG" },
    ]);
    const backward = scoreAgainstChance([
      { answer: "SHORT", right: "LONG" },
      { answer: "SHORT", right: "SHORT" },
    ]);
    expect(forward).toEqual(backward);
    expect(forward).toMatchObject({ chance: 0.5, chanceAnswer: "LONG", hits: 1 });
    // P(X >= 1 | 2, 1/2) = 3/4.
    expect(forward.pValue).toBeCloseTo(0.75, 14);
  });

  it("scores nothing as nothing: n = 0, no chance answer, p-values 1", () => {
    expect(scoreAgainstChance([])).toEqual({
      n: 0,
      hits: 0,
      accuracy: null,
      chance: 0,
      chanceAnswer: null,
      pValue: 1,
      pValueBelow: 1,
    });
  });
});

describe("scoreProbe", () => {
  const [top, bottom, sideways] = plantedSeries({ shapes: ["double_top", "double_bottom", "sideways"], perShape: 1 });
  const point = (series: typeof top, extra: Partial<ProbePoint>): ProbePoint => ({
    label: series!.label,
    lastBarTime: "2024-01-08T00:00:00.000Z",
    lastClose: 100,
    ...extra,
  });

  it("leaves failed analyses out, counts a missing Trend line as a miss, and skips labels with nothing to check", () => {
    const scores = scoreProbe(
      [
        point(top, { pick: { pattern: "Double Top", said: "pattern" }, trend: null, directive: "SHORT" }),
        point(bottom, { error: "The provider refused the key" }),
        point(sideways, { pick: { pattern: "Rectangle", said: "pattern" }, trend: "sideways", directive: "LONG" }),
      ],
      { shapes: ["double_top", "double_bottom", "sideways"], demo: false },
    );
    if (!scores.pattern.scored) throw new Error("not scored");
    expect(scores.pattern.overall).toMatchObject({ n: 1, hits: 1 });
    expect(scores.pattern.perShape.map((row) => [row.shape, row.n])).toEqual([
      ["double_top", 1],
      ["double_bottom", 0],
    ]);
    expect(scores.pattern.falseAlarms).toEqual({ n: 1, named: 1 });
    // The double top's trend label decides whether it is scored; its missing Trend line is then a miss.
    const topTrend = top!.label.trend === null ? 0 : 1;
    expect(scores.trend.overall).toMatchObject({ n: topTrend + 1, hits: 1 });
    // Sideways has no textbook direction: only the double top's SHORT is scored.
    expect(scores.directive.overall).toMatchObject({ n: 1, hits: 1 });
    expect(scores.pattern.confusion.counts).toEqual([
      [1, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1, 0],
    ]);
    expect(scores.pattern.confusion.columns).toEqual(["Double Top", "Double Bottom", "Rectangle", "none"]);
  });

  it("does not score the pick for the demo provider, and says why", () => {
    const scores = scoreProbe([point(top, { pick: { pattern: null, said: "no_clear_pattern" }, directive: "LONG" })], {
      shapes: ["double_top"],
      demo: true,
    });
    expect(scores.pattern).toEqual({ scored: false, reason: expect.stringContaining("names no pattern") });
  });
});
