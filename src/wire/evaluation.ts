// The evaluation's edge checks (is there skill beyond the market's drift?) in the report's JSON file, under their
// documented snake_case names: `mirror`, `paired` and `cutoff_split`. The rest of the file is the run's record as the
// library holds it; these three are read by people and scripts comparing runs, so they keep one stable shape, with
// the agents labelled by their graph model's name and the baselines by their ids (always_long, always_short, random,
// momentum, linear_regression). Pure.
import { z } from "zod";

import type { CutoffSide, CutoffSplit } from "../evaluation/cutoff-split";
import { evaluationCalibration, evaluationStability } from "../evaluation/decision-quality";
import type { EvaluationResult } from "../evaluation/evaluation-result";
import type { MirrorRow } from "../evaluation/mirror-scores";
import type { PairedRow } from "../evaluation/paired-comparisons";
import type { MethodId } from "../evaluation/score-evaluation";
import type { Calibration } from "../scoring/calibration";
import {
  wireCalibrationFigures,
  wireCalibrationFiguresShape,
  wireHitCountSchema,
  wireMajorityAgainstFirst,
  wireMajorityAgainstFirstShape,
} from "./decision-quality";
import { wirePairedCounts, wirePairedCountsShape } from "./paired-test";

const horizonSchema = z.union([z.number(), z.literal("pooled")]);

export const wirePairedRowSchema = z.object({
  a: z.string(),
  b: z.string(),
  horizon: horizonSchema,
  ...wirePairedCountsShape,
});
export type WirePairedRow = z.infer<typeof wirePairedRowSchema>;

export const wireMirrorRowSchema = z.object({
  method: z.string(),
  asset: z.string(),
  horizon: horizonSchema,
  points: z.number(),
  flip_rate: z.number().nullable(),
  long_rate: z.number().nullable(),
  balanced_accuracy: z.number().nullable(),
  original_accuracy: z.number().nullable(),
  mirrored_accuracy: z.number().nullable(),
  scored: z.number(),
});
export type WireMirrorRow = z.infer<typeof wireMirrorRowSchema>;

export const wireCutoffSideSchema = z.object({
  points: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  scores: z.array(
    z.object({
      method: z.string(),
      horizon: horizonSchema,
      scored: z.number(),
      correct: z.number(),
      accuracy: z.number().nullable(),
      ci_low: z.number().nullable(),
      ci_high: z.number().nullable(),
    }),
  ),
  up_share: z.array(z.object({ horizon: horizonSchema, samples: z.number(), up_share: z.number().nullable() })),
  paired: z.array(wirePairedRowSchema),
});
export type WireCutoffSide = z.infer<typeof wireCutoffSideSchema>;

export const wireCutoffSplitSchema = z.discriminatedUnion("known", [
  z.object({
    known: z.literal(true),
    model: z.string(),
    cutoff: z.string(),
    source: z.string(),
    before: wireCutoffSideSchema,
    after: wireCutoffSideSchema,
  }),
  z.object({ known: z.literal(false), model: z.string(), reason: z.string() }),
]);
export type WireCutoffSplit = z.infer<typeof wireCutoffSplitSchema>;

/** The edge sections of the report file: is there an edge beyond the market's drift? */
export const edgeJsonSchema = z.object({
  mirror: z.array(wireMirrorRowSchema).nullable(),
  paired: z.array(wirePairedRowSchema),
  cutoff_split: wireCutoffSplitSchema.nullable(),
});
export type EdgeJson = z.infer<typeof edgeJsonSchema>;

export function wirePairedRow(row: PairedRow): WirePairedRow {
  return { a: row.a, b: row.b, horizon: row.horizon, ...wirePairedCounts(row) };
}

export function edgeJson(result: EvaluationResult): EdgeJson {
  const label = (method: MethodId) =>
    method === "agents" ? (result.settings.models?.graph.model ?? "agents") : method;
  const mirrorRow = (row: MirrorRow): WireMirrorRow => ({
    method: label(row.method),
    asset: row.asset,
    horizon: row.horizon,
    points: row.points,
    flip_rate: row.flipRate,
    long_rate: row.longRate,
    balanced_accuracy: row.balancedAccuracy,
    original_accuracy: row.originalAccuracy,
    mirrored_accuracy: row.mirroredAccuracy,
    scored: row.scored,
  });
  const side = (figures: CutoffSide): WireCutoffSide => ({
    points: figures.points,
    from: figures.from,
    to: figures.to,
    scores: figures.scores.map((row) => ({
      method: label(row.method),
      horizon: row.horizon,
      scored: row.scored,
      correct: row.correct,
      accuracy: row.accuracy,
      ci_low: row.interval?.low ?? null,
      ci_high: row.interval?.high ?? null,
    })),
    up_share: figures.drift.map((row) => ({ horizon: row.horizon, samples: row.samples, up_share: row.upShare })),
    paired: figures.paired.map(wirePairedRow),
  });
  const split = (value: CutoffSplit): WireCutoffSplit =>
    value.known
      ? {
          known: true,
          model: value.model,
          cutoff: value.cutoff,
          source: value.source,
          before: side(value.before),
          after: side(value.after),
        }
      : value;
  return {
    mirror: result.mirror?.map(mirrorRow) ?? null,
    paired: result.paired.map(wirePairedRow),
    cutoff_split: result.cutoffSplit ? split(result.cutoffSplit) : null,
  };
}

const wireCalibrationSchema = z.object({
  ...wireCalibrationFiguresShape,
  bins: z.array(
    z.object({
      low: z.number(),
      high: z.number(),
      count: z.number(),
      mean_probability: z.number().nullable(),
      accuracy: z.number().nullable(),
    }),
  ),
});

/** The evaluation's `calibration` and `stability` (decision-quality.ts) in snake_case. */
export const wireDecisionQualitySchema = z.object({
  calibration: z.array(
    z.object({
      horizon: z.union([z.number(), z.literal("pooled")]),
      confidence: wireCalibrationSchema.nullable(),
      agreement: wireCalibrationSchema.nullable(),
    }),
  ),
  stability: z
    .object({
      points: z.number(),
      mean_agreement: z.number(),
      by_horizon: z.array(
        z.object({
          horizon: z.union([z.number(), z.literal("pooled")]),
          majority_against_first: z.object({ n: z.number(), ...wireMajorityAgainstFirstShape }),
          unanimous: wireHitCountSchema,
          split: wireHitCountSchema,
        }),
      ),
    })
    .nullable()
    .meta({ description: "with several samples of the Decision agent; null otherwise" }),
});

function wireCalibration(calibrated: Calibration | null): z.infer<typeof wireCalibrationSchema> | null {
  if (!calibrated) return null;
  return {
    ...wireCalibrationFigures(calibrated),
    bins: calibrated.bins.map((bin) => ({
      low: bin.low,
      high: bin.high,
      count: bin.count,
      mean_probability: bin.meanProbability,
      accuracy: bin.accuracy,
    })),
  };
}

export function decisionQualityJson(result: EvaluationResult): z.infer<typeof wireDecisionQualitySchema> {
  const stability = evaluationStability(result);
  return {
    calibration: evaluationCalibration(result).map((entry) => ({
      horizon: entry.horizon,
      confidence: wireCalibration(entry.confidence),
      agreement: wireCalibration(entry.agreement),
    })),
    stability: stability && {
      points: stability.points,
      mean_agreement: stability.meanAgreement,
      by_horizon: stability.byHorizon.map((row) => ({
        horizon: row.horizon,
        majority_against_first: {
          n: row.majorityAgainstFirst.n,
          ...wireMajorityAgainstFirst(row.majorityAgainstFirst),
        },
        unanimous: row.unanimous,
        split: row.split,
      })),
    },
  };
}
