// What decisions say of themselves, in snake_case, as the evaluation's report file and the journal's statistics both
// write it: the stated confidence's calibration (src/scoring/calibration.ts) and, for decisions made by several
// samples of the Decision agent, the majority against the first sample (src/scoring/paired-test.ts, exact McNemar).
import { z } from "zod";

import type { Calibration } from "../scoring/calibration";
import type { PairedTest } from "../scoring/paired-test";

/** The calibration figures both write (the evaluation adds the reliability bins). */
export const wireCalibrationFiguresShape = {
  samples: z.number(),
  brier: z.number().nullable(),
  ece: z.number().nullable().meta({ description: "expected calibration error over 10 bins from 0.5 to 1" }),
  auc: z.number().nullable().meta({ description: "area under the ROC curve for telling hits from misses" }),
  auc_ci_low: z.number().nullable(),
  auc_ci_high: z.number().nullable(),
  informative: z.boolean().meta({ description: "the AUC's 95% interval lies above 0.5" }),
};
export const wireCalibrationFiguresSchema = z.object(wireCalibrationFiguresShape);
export type WireCalibrationFigures = z.infer<typeof wireCalibrationFiguresSchema>;

export function wireCalibrationFigures(calibrated: Calibration): WireCalibrationFigures {
  const { samples, brier, ece, auc, informative } = calibrated;
  return {
    samples,
    brier,
    ece,
    auc: auc?.value ?? null,
    auc_ci_low: auc?.ciLow ?? null,
    auc_ci_high: auc?.ciHigh ?? null,
    informative,
  };
}

/** The majority's directive against the first sample's, on the decisions both scored. */
export const wireMajorityAgainstFirstShape = {
  majority_hits: z.number(),
  first_hits: z.number(),
  only_majority: z.number(),
  only_first: z.number(),
  p_value: z.number().meta({ description: "the majority against the first sample, exact McNemar, two-sided" }),
};

/** The paired test of the majority (side a) against the first sample (side b), without its count of decisions. */
export function wireMajorityAgainstFirst(test: PairedTest): z.infer<z.ZodObject<typeof wireMajorityAgainstFirstShape>> {
  return {
    majority_hits: test.aHits,
    first_hits: test.bHits,
    only_majority: test.aOnly,
    only_first: test.bOnly,
    p_value: test.pValue,
  };
}

/** Decisions scored and right, among the unanimous or the split ones. */
export const wireHitCountSchema = z.object({ scored: z.number(), hits: z.number(), accuracy: z.number().nullable() });

/** The journal's stability of a group's analyses decided by several samples. */
export const wireStabilityFiguresSchema = z.object({
  analyses: z.number().meta({ description: "scored analyses decided by several samples" }),
  mean_agreement: z.number(),
  ...wireMajorityAgainstFirstShape,
  unanimous: wireHitCountSchema,
  split: wireHitCountSchema,
});
export type WireStabilityFigures = z.infer<typeof wireStabilityFiguresSchema>;
