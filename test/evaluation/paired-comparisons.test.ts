// The run's paired tests: every sample both methods scored, the discordant counts behind each exact McNemar p-value
// (checked against hand-worked values), flat moves left out under per-horizon scoring and kept as misses under the
// published protocol, and the report's sentence on whether the model beats always-LONG at 5%.
import { describe, expect, it } from "vitest";

import { decisionPoints } from "../../src/evaluation/decision-points";
import { beats, pairedComparisons } from "../../src/evaluation/paired-comparisons";
import { beatsAlwaysLongSentence } from "../../src/evaluation/skill-checks-report";
import type { Directive } from "../../src/scoring/directive";
import { edgeJson } from "../../src/wire/evaluation";
import { handMadeEvaluation } from "./hand-made-evaluation";
import { candlesFromCloses } from "./synthetic-candles";

/** Points whose last history close is 100 and whose next close is `next` (flat when 100). */
function points(nexts: number[]) {
  return nexts.map(
    (next, index) =>
      decisionPoints(
        { asset: "BTC", window: index + 1, candles: candlesFromCloses([97, 98, 99, 100, next]) },
        { historyBars: 4, horizons: [1] },
      )[0]!,
  );
}

describe("pairedComparisons", () => {
  it("pairs the model with every baseline, and every other baseline with always-LONG, on the same samples", () => {
    const sample = points([101, 102, 99, 103]);
    const directives = new Map<string, Directive>(sample.map((point) => [point.id, "SHORT"]));
    const rows = pairedComparisons(sample, [{ label: "gpt-4o", directives }], { horizons: [1] });
    expect(rows.map((row) => `${row.a}|${row.b}`)).toEqual([
      "gpt-4o|random",
      "gpt-4o|always_long",
      "gpt-4o|always_short",
      "gpt-4o|momentum",
      "gpt-4o|linear_regression",
      "random|always_long",
      "always_short|always_long",
      "momentum|always_long",
      "linear_regression|always_long",
    ]);
    // Three rises and a fall: always-SHORT's twin is right once, always-LONG three times, never on the same sample.
    expect(rows.find((row) => row.a === "gpt-4o" && row.b === "always_long")).toEqual({
      a: "gpt-4o",
      b: "always_long",
      horizon: 1,
      n: 4,
      aHits: 1,
      bHits: 3,
      aOnly: 1,
      bOnly: 3,
      pValue: 0.625, // 2 * P(X <= 1), X ~ Bin(4, 1/2) = 2 * 5/16
    });
  });

  it("finds a model right on 10 samples always-LONG got wrong, and wrong on its 1 right one, better at the 5% level", () => {
    // Ten falls and one rise: always-LONG right once; the model right on every fall and wrong on the rise.
    const sample = points([99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 101]);
    const directives = new Map<string, Directive>(sample.map((point) => [point.id, "SHORT"]));
    const [row] = pairedComparisons(sample, [{ label: "m", directives }], { horizons: [1] }).filter(
      (entry) => entry.b === "always_long",
    );
    expect(row).toMatchObject({ n: 11, aOnly: 10, bOnly: 1 });
    // 2 * (1 + 11) / 2^11 = 24 / 2048
    expect(row!.pValue).toBeCloseTo(24 / 2048, 15);
    expect(beats(row!)).toBe(true);
    expect(beats({ ...row!, aOnly: 1, bOnly: 10 })).toBe(false); // as unlikely, but the other way
  });

  it("leaves a flat move out per horizon and counts it a miss for both under the published protocol", () => {
    const sample = points([100, 101]);
    const directives = new Map<string, Directive>(sample.map((point) => [point.id, "SHORT"]));
    const perHorizon = pairedComparisons(sample, [{ label: "m", directives }], { horizons: [1] });
    expect(perHorizon.find((row) => row.b === "always_long")).toMatchObject({ n: 1, aHits: 0, bHits: 1 });
    // The published protocol needs three horizons; its pooled row keeps the flat sample as a miss for both sides.
    const three = [100, 101].map(
      (next, index) =>
        decisionPoints(
          { asset: "BTC", window: index + 1, candles: candlesFromCloses([97, 98, 99, 100, next, next, next]) },
          { historyBars: 4, horizons: [1, 2, 3] },
        )[0]!,
    );
    const pooled = pairedComparisons(three, [{ label: "m", directives }], {
      horizons: [1, 2, 3],
      protocol: "published",
    });
    expect(pooled.find((row) => row.b === "always_long")).toMatchObject({
      horizon: "pooled",
      n: 6,
      aHits: 0,
      bHits: 3,
    });
  });
});

describe("the report's paired section", () => {
  it("says in words whether the model beats always-LONG, with the p-value of the exact test", () => {
    const result = handMadeEvaluation();
    const sentence = beatsAlwaysLongSentence(result);
    const row = result.paired.find((entry) => entry.a === "gpt-4o" && entry.b === "always_long")!;
    expect(sentence).toMatch(/^No: gpt-4o does not beat always-LONG at the 5% level at any horizon/);
    expect(sentence).toContain(`k = 1 bar: p = ${row.pValue.toPrecision(2)}`);
    const winning = {
      ...result,
      paired: result.paired.map((entry) =>
        entry === row ? { ...entry, aOnly: 40, bOnly: 10, pValue: 0.00002 } : entry,
      ),
    };
    expect(beatsAlwaysLongSentence(winning)).toBe(
      "Yes: gpt-4o beats always-LONG at the 5% level at k = 1 bar (p = 2.0e-5; right on 40 samples where always-LONG was wrong, wrong on 10 where it was right).",
    );
    const single = {
      ...result,
      paired: result.paired.map((entry) => (entry === row ? { ...entry, aOnly: 1, bOnly: 0, pValue: 0.01 } : entry)),
    };
    expect(beatsAlwaysLongSentence(single)).toContain("right on 1 sample where always-LONG was wrong, wrong on 0");
    expect(beatsAlwaysLongSentence({ ...result, settings: { ...result.settings, models: null } })).toMatch(
      /^No model was run/,
    );
  });

  it("writes the paired rows to the report's JSON under their documented names", () => {
    const { paired } = edgeJson(handMadeEvaluation());
    expect(paired[0]).toEqual({
      a: "gpt-4o",
      b: "random",
      horizon: 1,
      n: expect.any(Number),
      a_hits: expect.any(Number),
      b_hits: expect.any(Number),
      a_only: expect.any(Number),
      b_only: expect.any(Number),
      p_value: expect.any(Number),
    });
  });
});
