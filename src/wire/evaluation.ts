// The edge sections of the report's JSON file under their documented snake_case names: `mirror`, `paired` and
// `cutoff_split`. The rest of the file is the run's record as the library holds it; these three are read by people
// and scripts comparing runs, so they keep one stable shape, with the agents labelled by their graph model's name and
// the baselines by their ids (always_long, always_short, random, momentum, linear_regression). Pure.
import type { CutoffSide, CutoffSplit } from "../evaluation/cutoff-split";
import type { ScoreHorizon } from "../evaluation/evaluation-protocol";
import type { EvaluationResult } from "../evaluation/evaluation-result";
import type { MirrorRow } from "../evaluation/mirror-scores";
import type { PairedRow } from "../evaluation/paired-comparisons";
import type { MethodId } from "../evaluation/score-evaluation";

export interface WirePairedRow {
  a: string;
  b: string;
  horizon: ScoreHorizon;
  n: number;
  a_hits: number;
  b_hits: number;
  a_only: number;
  b_only: number;
  p_value: number;
}

export interface WireMirrorRow {
  method: string;
  asset: string;
  horizon: ScoreHorizon;
  points: number;
  flip_rate: number | null;
  long_rate: number | null;
  balanced_accuracy: number | null;
  original_accuracy: number | null;
  mirrored_accuracy: number | null;
  scored: number;
}

export interface WireCutoffSide {
  points: number;
  from: string | null;
  to: string | null;
  scores: {
    method: string;
    horizon: ScoreHorizon;
    scored: number;
    correct: number;
    accuracy: number | null;
    ci_low: number | null;
    ci_high: number | null;
  }[];
  up_share: { horizon: ScoreHorizon; samples: number; up_share: number | null }[];
  paired: WirePairedRow[];
}

export type WireCutoffSplit =
  | { known: true; model: string; cutoff: string; source: string; before: WireCutoffSide; after: WireCutoffSide }
  | { known: false; model: string; reason: string };

export interface EdgeJson {
  mirror: WireMirrorRow[] | null;
  paired: WirePairedRow[];
  cutoff_split: WireCutoffSplit | null;
}

export function wirePairedRow(row: PairedRow): WirePairedRow {
  return {
    a: row.a,
    b: row.b,
    horizon: row.horizon,
    n: row.n,
    a_hits: row.aHits,
    b_hits: row.bHits,
    a_only: row.aOnly,
    b_only: row.bOnly,
    p_value: row.pValue,
  };
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
