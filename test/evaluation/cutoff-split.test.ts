// The split at the graph model's training cutoff: points on each side by their decision bar's month, each side scored
// like the whole run on its own points, and a model with no known cutoff left unsplit with the reason.
import { describe, expect, it } from "vitest";

import { splitAtCutoff } from "../../src/evaluation/cutoff-split";
import { decisionPoints } from "../../src/evaluation/decision-points";
import type { Candle } from "../../src/market/candle";
import type { Directive } from "../../src/scoring/directive";
import { edgeJson } from "../../src/wire/evaluation";
import { handMadeEvaluation } from "./hand-made-evaluation";

const FOUR_HOURS = 4 * 3_600_000;

/** A point whose decision bar opens at `entry` and whose next close rises (up) or falls. */
function pointAt(window: number, entry: number, up: boolean) {
  const closes = [97, 98, 99, 100, up ? 101 : 99];
  const candles: Candle[] = closes.map((close, index) => ({
    time: entry + (index - 3) * FOUR_HOURS,
    open: close,
    high: close + 0.5,
    low: close - 0.5,
    close,
    volume: 1,
  }));
  return decisionPoints({ asset: "SPX", window, candles }, { historyBars: 4, horizons: [1] })[0]!;
}

describe("splitAtCutoff", () => {
  // gpt-4o: training data to October 2023.
  const points = [
    pointAt(1, Date.UTC(2023, 8, 15), true), // September: before
    pointAt(2, Date.UTC(2023, 9, 31, 20), false), // the cutoff month itself: before
    pointAt(3, Date.UTC(2023, 10, 1), true), // 1 November: after
    pointAt(4, Date.UTC(2024, 5, 3), false), // after
    pointAt(5, Date.UTC(2024, 6, 3), false), // after, but its analysis failed: no directive, not counted
  ];
  const directives = new Map<string, Directive>([
    ["SPX/1/0", "LONG"],
    ["SPX/2/0", "SHORT"],
    ["SPX/3/0", "SHORT"],
    ["SPX/4/0", "LONG"],
  ]);

  it("scores each side on its own points: right before the cutoff, wrong after it", () => {
    const split = splitAtCutoff(points, { model: "gpt-4o-2024-08-06", directives, horizons: [1], randomSeeds: 20 });
    if (!split.known) throw new Error("gpt-4o's cutoff is in the table");
    expect(split).toMatchObject({ model: "gpt-4o-2024-08-06", cutoff: "2023-10" });
    expect(split.source).toContain("https://platform.openai.com/docs/models/gpt-4o");
    expect(split.before).toMatchObject({ points: 2, from: "2023-09-15T00:00:00.000Z", to: "2023-10-31T20:00:00.000Z" });
    expect(split.after).toMatchObject({ points: 2, from: "2023-11-01T00:00:00.000Z", to: "2024-06-03T00:00:00.000Z" });
    const agents = (side: typeof split.before) => side.scores.find((row) => row.method === "agents")!;
    expect(agents(split.before)).toMatchObject({ asset: "ALL", scored: 2, correct: 2, accuracy: 1 });
    expect(agents(split.after)).toMatchObject({ scored: 2, correct: 0, accuracy: 0 });
    expect(split.before.drift[0]).toMatchObject({ samples: 2, up: 1 });
    expect(split.after.paired).toEqual([
      expect.objectContaining({ a: "gpt-4o-2024-08-06", b: "always_long", n: 2, aHits: 0, bHits: 1 }),
    ]);
  });

  it("does not split a model without a known cutoff, and says why", () => {
    expect(splitAtCutoff(points, { model: "qwen3-vl-plus", directives, horizons: [1] })).toEqual({
      known: false,
      model: "qwen3-vl-plus",
      reason: expect.stringMatching(/^not published: Alibaba Cloud/),
    });
    expect(splitAtCutoff(points, { model: "llava:13b", directives, horizons: [1] })).toEqual({
      known: false,
      model: "llava:13b",
      reason: "not in the table of known training cutoffs",
    });
  });

  it("is written to the report's JSON as cutoff_split, with snake_case figures on each side", () => {
    const json = edgeJson(handMadeEvaluation());
    expect(json.cutoff_split).toMatchObject({ known: true, model: "gpt-4o", cutoff: "2023-10" });
    if (!json.cutoff_split?.known) throw new Error("known");
    // The hand-made points are dated 2024: all after gpt-4o's cutoff.
    expect(json.cutoff_split.before.points).toBe(0);
    expect(json.cutoff_split.after.points).toBe(3);
    expect(json.cutoff_split.after.scores[0]).toEqual({
      method: "gpt-4o",
      horizon: 1,
      scored: expect.any(Number),
      correct: expect.any(Number),
      accuracy: expect.any(Number),
      ci_low: expect.any(Number),
      ci_high: expect.any(Number),
    });
    expect(json.mirror).toBeNull();
  });
});
