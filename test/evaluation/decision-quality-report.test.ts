// The evaluation report's section on what the decisions say of themselves (src/evaluation/decision-quality-report.ts),
// its JSON (src/wire/evaluation.ts) and its reliability diagram (src/evaluation/reliability-figure.ts), on the
// hand-made record (hand-made-evaluation.ts) with confidence and samples added: a confidence that separates hits
// from misses and one that does not, both verdicts in words; nothing for a run without confidence.
import { describe, expect, it } from "vitest";

import { calibrationVerdict, decisionQualityBlocks } from "../../src/evaluation/decision-quality-report";
import { evaluationFigure } from "../../src/evaluation/evaluation-figures";
import type { EvaluationResult } from "../../src/evaluation/evaluation-result";
import { evaluationMarkdown, evaluationReportJson } from "../../src/evaluation/report";
import type { Calibration } from "../../src/scoring/calibration";
import { wireDecisionQualitySchema } from "../../src/wire/evaluation";
import { handMadeEvaluation } from "./hand-made-evaluation";

/** BTC/1 LONG (right), BTC/2 SHORT (right), SPX/1 LONG (wrong); three samples each, as decision-quality.test.ts. */
function sampled(): EvaluationResult {
  const result = handMadeEvaluation();
  const added: Record<string, { confidence: number; agreement: number; samples: ("LONG" | "SHORT")[] }> = {
    "BTC/1/0": { confidence: 0.8, agreement: 1, samples: ["LONG", "LONG", "LONG"] },
    "BTC/2/0": { confidence: 0.6, agreement: 2 / 3, samples: ["LONG", "SHORT", "SHORT"] },
    "SPX/1/0": { confidence: 0.7, agreement: 2 / 3, samples: ["SHORT", "LONG", "LONG"] },
  };
  return { ...result, points: result.points.map((point) => ({ ...point, ...added[point.id] })) };
}

const calibrated = (auc: Calibration["auc"], informative: boolean): Calibration => ({
  samples: 40,
  brier: 0.2,
  ece: 0.05,
  bins: [],
  auc,
  informative,
});

describe("calibrationVerdict", () => {
  it("says the confidence carries information when the AUC's interval lies above 0.5, and not when it reaches it", () => {
    expect(calibrationVerdict("stated confidence", calibrated({ value: 0.7, ciLow: 0.55, ciHigh: 0.85 }, true))).toBe(
      "The stated confidence carries information: its area under the ROC curve for telling right calls from wrong ones is 0.700 (95% 0.550 to 0.850), above 0.5 (Brier score 0.200, expected calibration error 0.050, over 40 scored samples).",
    );
    expect(
      calibrationVerdict("stated confidence", calibrated({ value: 0.6, ciLow: 0.49, ciHigh: 0.71 }, false)),
    ).toMatch(
      /^The stated confidence carries no information we can detect: .*0\.600 \(95% 0\.490 to 0\.710\), an interval that reaches 0\.5/,
    );
    expect(calibrationVerdict("stated confidence", calibrated(null, false))).toMatch(
      /cannot be told: every scored directive was right, or every one wrong/,
    );
  });
});

describe("the report's section", () => {
  it("gives the verdicts, the table of both probabilities, the reliability diagram and the stability", () => {
    const blocks = decisionQualityBlocks(sampled());
    const headings = blocks.flatMap((block) => (block.kind === "heading" ? [block.text] : []));
    expect(headings).toEqual([
      "Does the model know when it is right? (stated confidence)",
      "Stability across samples of the Decision agent",
    ]);
    expect(blocks.find((block) => block.kind === "figure")).toMatchObject({ figure: "reliability", horizon: 1 });
    const markdown = evaluationMarkdown(sampled());
    expect(markdown).toMatch(/\| k = 1 bar \| stated confidence \| 3 \| 0\.230 \| 0\.433 \|/);
    expect(markdown).toMatch(/\| k = 1 bar \| samples' agreement \| 3 \| 0\.185 \|/);
    expect(markdown).toContain("3 points were decided by several samples; the majority's share averaged 77.8%.");
    expect(markdown).toContain("The majority does not differ from the first sample alone at 5% (p = 1.0)");
    expect(markdown).toMatch(/\| k = 1 bar \| 2 \| 2 \| 1 \| 1 \| 1\.0 \| 100\.0% of 1 \| 50\.0% of 2 \|/);
  });

  it("is left out for a run whose decisions state no confidence and have one sample", () => {
    expect(decisionQualityBlocks(handMadeEvaluation())).toEqual([]);
    expect(evaluationMarkdown(handMadeEvaluation())).not.toContain("Does the model know when it is right?");
  });
});

describe("the JSON and the reliability diagram", () => {
  it("writes calibration and stability in snake_case as their schema says", () => {
    const json = JSON.parse(evaluationReportJson(sampled())) as Record<string, unknown>;
    const parsed = wireDecisionQualitySchema.parse(json);
    expect(parsed.calibration[0]?.confidence).toMatchObject({ samples: 3, informative: false });
    expect(parsed.calibration[0]?.confidence?.brier).toBeCloseTo(0.23, 12);
    expect(parsed.calibration[0]?.confidence?.bins).toHaveLength(10);
    expect(parsed.stability?.by_horizon[0]?.majority_against_first).toEqual({
      n: 3,
      majority_hits: 2,
      first_hits: 2,
      only_majority: 1,
      only_first: 1,
      p_value: 1,
    });
    const plain = JSON.parse(evaluationReportJson(handMadeEvaluation())) as Record<string, unknown>;
    expect(plain.stability).toBeNull();
    expect(plain.calibration).toEqual([{ horizon: 1, confidence: null, agreement: null }]);
  });

  it("draws each non-empty bin at its mean stated probability and its accuracy, for confidence and agreement", () => {
    const figure = evaluationFigure(sampled(), "reliability", 1);
    expect(figure.data.map((trace) => trace.name)).toEqual([
      "stated confidence (3 samples)",
      "samples' agreement (3 samples)",
    ]);
    const confidence = figure.data[0] as { x: number[]; y: number[] };
    // One point per bin: 60% (right), 70% (wrong), 80% (right).
    expect(confidence.x.map((value) => Math.round(value))).toEqual([60, 70, 80]);
    expect(confidence.y).toEqual([100, 0, 100]);
  });
});
