// What an evaluation's decisions say of themselves, scored against what happened: stability (with several samples
// of the Decision agent: how far they agreed, whether the majority beats the first sample alone on the same points,
// and how unanimous points fare against split ones) and calibration (whether the stated confidence, and the samples'
// agreement, are probabilities a reader can trust: src/scoring/calibration.ts). Per scored horizon, with the
// protocol's own treatment of flat moves; pooled horizons count each point once per horizon. Pure.
import { type Calibration, calibration, type ProbabilitySample } from "../scoring/calibration";
import type { Directive } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import { directiveHits, flatMovesOf, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult, PointRecord } from "./evaluation-result";

export interface HitCount {
  scored: number;
  hits: number;
  accuracy: number | null;
}

export interface StabilityAtHorizon {
  horizon: ScoreHorizon;
  /** a: the majority's directive, b: the first sample's, on the same points (exact McNemar). */
  majorityAgainstFirst: PairedTest;
  unanimous: HitCount;
  split: HitCount;
}

export interface Stability {
  /** Points with several samples. */
  points: number;
  meanAgreement: number;
  byHorizon: StabilityAtHorizon[];
}

export interface CalibrationAtHorizon {
  horizon: ScoreHorizon;
  /** The stated confidence; null when no point has one. */
  confidence: Calibration | null;
  /** The samples' agreement; null without several samples. */
  agreement: Calibration | null;
}

const hitsOf = (point: PointRecord, directive: Directive | undefined, horizon: ScoreHorizon, flatIsMiss: boolean) =>
  directiveHits(directive, point.outcomes, horizon, flatIsMiss);

function count(hits: readonly PointHit[]): HitCount {
  const scored = hits.filter((hit): hit is boolean => hit !== null);
  const right = scored.filter(Boolean).length;
  return { scored: scored.length, hits: right, accuracy: scored.length === 0 ? null : right / scored.length };
}

/** Null when no point was decided by several samples. */
export function evaluationStability(result: EvaluationResult): Stability | null {
  const sampled = result.points.filter(
    (point) => point.decision !== undefined && point.samples && point.agreement !== undefined,
  );
  if (sampled.length === 0) return null;
  const flatIsMiss = flatMovesOf(result.settings.protocol) === "miss";
  return {
    points: sampled.length,
    meanAgreement: sampled.reduce((sum, point) => sum + point.agreement!, 0) / sampled.length,
    byHorizon: scoredHorizons(result.settings.protocol, result.settings.horizons).map((horizon) => {
      const majority = sampled.flatMap((point) => hitsOf(point, point.decision, horizon, flatIsMiss));
      const first = sampled.flatMap((point) => hitsOf(point, point.samples![0], horizon, flatIsMiss));
      const unanimous = sampled.filter((point) => point.agreement === 1);
      const split = sampled.filter((point) => point.agreement! < 1);
      return {
        horizon,
        majorityAgainstFirst: pairedTest(majority, first),
        unanimous: count(unanimous.flatMap((point) => hitsOf(point, point.decision, horizon, flatIsMiss))),
        split: count(split.flatMap((point) => hitsOf(point, point.decision, horizon, flatIsMiss))),
      };
    }),
  };
}

/** Per scored horizon, the calibration of the stated confidence and of the samples' agreement. */
export function evaluationCalibration(result: EvaluationResult): CalibrationAtHorizon[] {
  const flatIsMiss = flatMovesOf(result.settings.protocol) === "miss";
  const samplesOf = (horizon: ScoreHorizon, probability: (point: PointRecord) => number | undefined) =>
    result.points.flatMap((point): ProbabilitySample[] => {
      const stated = probability(point);
      if (point.decision === undefined || stated === undefined) return [];
      return hitsOf(point, point.decision, horizon, flatIsMiss).flatMap((hit) =>
        hit === null ? [] : [{ probability: stated, hit }],
      );
    });
  return scoredHorizons(result.settings.protocol, result.settings.horizons).map((horizon) => {
    const confidence = samplesOf(horizon, (point) => point.confidence);
    const agreement = samplesOf(horizon, (point) => point.agreement);
    return {
      horizon,
      confidence: confidence.length === 0 ? null : calibration(confidence),
      agreement: agreement.length === 0 ? null : calibration(agreement),
    };
  });
}
