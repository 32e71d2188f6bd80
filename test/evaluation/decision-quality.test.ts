// Stability and calibration of an evaluation's decisions (src/evaluation/decision-quality.ts) on the hand-made record
// (hand-made-evaluation.ts: BTC/1 rises, BTC/2 falls, SPX/1 falls, SPX/2 failed), with confidence and three samples
// added by hand: every figure below is worked out in the comments.
import { describe, expect, it } from "vitest";

import { evaluationCalibration, evaluationStability } from "../../src/evaluation/decision-quality";
import type { EvaluationResult } from "../../src/evaluation/evaluation-result";
import { handMadeEvaluation } from "./hand-made-evaluation";

/** BTC/1 LONG (right), all three samples LONG; BTC/2 SHORT (right), first sample LONG; SPX/1 LONG (wrong), first SHORT. */
function sampled(): EvaluationResult {
  const result = handMadeEvaluation();
  const added: Record<string, { confidence: number; agreement: number; samples: ("LONG" | "SHORT")[] }> = {
    "BTC/1/0": { confidence: 0.8, agreement: 1, samples: ["LONG", "LONG", "LONG"] },
    "BTC/2/0": { confidence: 0.6, agreement: 2 / 3, samples: ["LONG", "SHORT", "SHORT"] },
    "SPX/1/0": { confidence: 0.7, agreement: 2 / 3, samples: ["SHORT", "LONG", "LONG"] },
  };
  return { ...result, points: result.points.map((point) => ({ ...point, ...added[point.id] })) };
}

describe("the stability of sampled decisions", () => {
  it("says how far the samples agreed, and pairs the majority with the first sample on the same points", () => {
    const stability = evaluationStability(sampled())!;
    expect(stability.points).toBe(3);
    expect(stability.meanAgreement).toBeCloseTo((1 + 2 / 3 + 2 / 3) / 3, 12);
    const [at1] = stability.byHorizon;
    expect(at1?.horizon).toBe(1);
    // Majority hits: right, right, wrong; first sample's: right, wrong, right.
    expect(at1?.majorityAgainstFirst).toMatchObject({ n: 3, aHits: 2, bHits: 2, aOnly: 1, bOnly: 1, pValue: 1 });
    expect(at1?.unanimous).toEqual({ scored: 1, hits: 1, accuracy: 1 });
    expect(at1?.split).toEqual({ scored: 2, hits: 1, accuracy: 0.5 });
  });

  it("has nothing to say without samples", () => {
    expect(evaluationStability(handMadeEvaluation())).toBeNull();
  });
});

describe("the calibration of confidence and agreement", () => {
  it("scores the stated confidence and the samples' agreement against the hits", () => {
    const [at1] = evaluationCalibration(sampled());
    // Confidence: (0.8, right), (0.6, right), (0.7, wrong): Brier (0.04 + 0.16 + 0.49) / 3.
    expect(at1?.confidence?.brier).toBeCloseTo(0.23, 12);
    // One point per bin: |1 − 0.6|, |0 − 0.7|, |1 − 0.8|, each weighted a third.
    expect(at1?.confidence?.ece).toBeCloseTo(1.3 / 3, 12);
    // Agreement: (1, right), (2/3, right), (2/3, wrong): Brier (0 + 1/9 + 4/9) / 3.
    expect(at1?.agreement?.brier).toBeCloseTo(5 / 27, 12);
    expect(at1?.agreement?.samples).toBe(3);
  });

  it("is null for what no point has: confidence in runs made before it was asked for, agreement with one sample", () => {
    expect(evaluationCalibration(handMadeEvaluation())).toEqual([{ horizon: 1, confidence: null, agreement: null }]);
    const confidenceOnly = handMadeEvaluation();
    confidenceOnly.points = confidenceOnly.points.map((point) => ({ ...point, confidence: 0.75 }));
    const [at1] = evaluationCalibration(confidenceOnly);
    expect(at1?.agreement).toBeNull();
    expect(at1?.confidence?.samples).toBe(3); // the failed point has no directive
  });
});
