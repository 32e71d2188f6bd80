// The ablation of two runs on the same points: directives side by side, accuracy per horizon, and the exact paired
// test (counts and p-values worked out by hand below); flat moves and failed analyses leave a sample out, except
// under the published protocol, which counts a flat move as a miss and pools its three horizons.
import { describe, expect, it } from "vitest";

import { ablationMarkdown, compareEvaluations } from "../../src/evaluation/ablation";
import { decisionPoints } from "../../src/evaluation/decision-points";
import type { EvaluationResult } from "../../src/evaluation/evaluation-result";
import { pointRecord } from "../../src/evaluation/run-evaluation";
import { scoreEvaluation } from "../../src/evaluation/score-evaluation";
import { handMadeEvaluation } from "./hand-made-evaluation";
import { candlesFromCloses } from "./synthetic-candles";

/** 12 points, every one followed by a rise (point 11: flat): LONG is right, SHORT wrong. */
function points() {
  return Array.from(
    { length: 12 },
    (_, index) =>
      decisionPoints(
        {
          asset: "BTC",
          window: index + 1,
          candles: candlesFromCloses([100, 101, 102, 103, index === 11 ? 103 : 104, 105, 106]),
        },
        { historyBars: 4, horizons: [1] },
      )[0]!,
  );
}

function run(
  directives: ("LONG" | "SHORT" | undefined)[],
  protocol: "per-horizon" | "published" = "per-horizon",
): EvaluationResult {
  const made = points();
  const base = handMadeEvaluation();
  const byId = new Map(
    made.flatMap((point, index) => (directives[index] ? [[point.id, directives[index]] as const] : [])),
  );
  return {
    ...base,
    settings: { ...base.settings, protocol, horizons: [1], assets: ["BTC"] },
    points: made.map((point) => ({
      ...pointRecord(point),
      ...(byId.has(point.id) ? { decision: byId.get(point.id) } : { error: "failed" }),
    })),
    scores: scoreEvaluation(made, { horizons: [1], directives: byId, randomSeeds: 10 }),
  };
}

const L = "LONG" as const;
const S = "SHORT" as const;

describe("an ablation's paired test", () => {
  it("counts the samples where exactly one run was right, and gives the exact McNemar p-value", () => {
    // Baseline right on points 0-2; the variant right on 0 and 3-10, wrong on 1-2. Point 11 is flat: left out.
    const without = run([L, L, L, S, S, S, S, S, S, S, S, L]);
    const withStage = run([L, S, S, L, L, L, L, L, L, L, L, L]);
    const [test] = compareEvaluations(without, withStage).paired;
    // n = 11 scored; a right 3, b right 9; a only: points 1, 2; b only: points 3-10.
    expect(test).toMatchObject({ horizon: 1, n: 11, aHits: 3, bHits: 9, aOnly: 2, bOnly: 8 });
    // 2 * P(X <= 2), X ~ Binomial(10, 1/2) = 2 * (1 + 10 + 45) / 1024.
    expect(test!.pValue).toBeCloseTo(112 / 1024, 12);
    const markdown = ablationMarkdown(without, withStage, { baseline: "without", variant: "with debate 1" });
    expect(markdown).toContain("| k = 1 bar | 11 | 3 | 9 | 2 | 8 | 0.1094 |");
    expect(markdown).toContain(
      "k = 1 bar: with debate 1 is right more often on the samples where the runs differ (8 to 2), not significant at 5% (p = 0.1094).",
    );
  });

  it("leaves out points either run failed on, and says when nothing tells the runs apart", () => {
    const one = run([L, undefined, L, L, L, L, L, L, L, L, L, L]);
    const other = run([L, L, L, L, L, L, undefined, L, L, L, L, L]);
    const [test] = compareEvaluations(one, other).paired;
    expect(test).toMatchObject({ n: 9, aOnly: 0, bOnly: 0, pValue: 1 });
    expect(ablationMarkdown(one, other)).toContain("k = 1 bar: no sample tells the two runs apart.");
  });

  it("says a difference is significant below 5%", () => {
    // 11 samples right only with the variant, none only without: p = 2 * (1/2)^11.
    const without = run([S, S, S, S, S, S, S, S, S, S, S, S]);
    const withStage = run([L, L, L, L, L, L, L, L, L, L, L, L]);
    const [test] = compareEvaluations(without, withStage).paired;
    expect(test).toMatchObject({ n: 11, aOnly: 0, bOnly: 11 });
    expect(test!.pValue).toBeCloseTo(2 / 2 ** 11, 12);
    expect(ablationMarkdown(without, withStage)).toMatch(
      /with is right more often .* \(11 to 0\), significant at 5% \(p = 0\.0010\)/,
    );
  });

  it("under the published protocol counts a flat move as a miss", () => {
    const without = run([S, S, S, S, S, S, S, S, S, S, S, L], "published");
    const withStage = run([S, S, S, S, S, S, S, S, S, S, S, S], "published");
    const [test] = compareEvaluations(without, withStage).paired;
    // Point 11 (flat) is scored in both runs, a miss either way: 12 samples, none discordant.
    expect(test).toMatchObject({ horizon: "pooled", n: 12, aHits: 0, bHits: 0, aOnly: 0, bOnly: 0 });
  });

  it("refuses runs on different points", () => {
    const twelve = run([L, L, L, L, L, L, L, L, L, L, L, L]);
    expect(() => compareEvaluations(twelve, handMadeEvaluation())).toThrow(/same decision points/);
  });
});
