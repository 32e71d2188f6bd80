// Everything a run's report says about its directives, from the points and what the analyses answered: accuracy and
// returns of every method (score-evaluation.ts), the market's drift on the same samples, the mirrored run, the paired
// tests and the split at the graph model's training cutoff. Pure: the same points and records give the same figures.
import type { Directive } from "../scoring/directive";
import { type CutoffSplit, splitAtCutoff } from "./cutoff-split";
import type { DecisionPoint } from "./decision-points";
import type { EvaluationProtocol } from "./evaluation-protocol";
import type { PointRecord } from "./evaluation-result";
import { type DriftRow, marketDrift } from "./market-drift";
import { type MirrorRow, scoreMirror } from "./mirror-scores";
import { pairedComparisons, type PairedRow } from "./paired-comparisons";
import { scoreEvaluation, type ScoreRow } from "./score-evaluation";

export interface RunScoringOptions {
  horizons: readonly number[];
  protocol: EvaluationProtocol;
  randomSeeds: number;
  firstSeed: number;
  /** The graph model's name, which labels the agents in paired tests; undefined for a baselines-only run. */
  graphModel?: string;
}

export interface RunScores {
  scores: ScoreRow[];
  drift: DriftRow[];
  mirror: MirrorRow[] | null;
  paired: PairedRow[];
  cutoffSplit: CutoffSplit | null;
}

/**
 * `records[i]` is what the analyses of `points[i]` gave (and of `mirroredPoints[i]`, with mirror on). Without a graph
 * model the baselines are scored alone, on every point.
 */
export function scoreRun(
  points: readonly DecisionPoint[],
  mirroredPoints: readonly DecisionPoint[] | null,
  records: readonly PointRecord[],
  options: RunScoringOptions,
): RunScores {
  const { graphModel } = options;
  const directivesOf = (pick: (record: PointRecord) => Directive | undefined) =>
    new Map(
      records.flatMap((record) => {
        const directive = pick(record);
        return directive ? [[record.id, directive] as const] : [];
      }),
    );
  const directives = graphModel === undefined ? undefined : directivesOf((record) => record.decision);
  const scoring = { horizons: options.horizons, protocol: options.protocol };
  const seeds = { randomSeeds: options.randomSeeds, firstSeed: options.firstSeed };
  return {
    scores: scoreEvaluation(points, { ...scoring, ...seeds, directives }),
    // The drift is read on the samples the methods were scored on: without the failed analyses' points.
    drift: marketDrift(directives ? points.filter((point) => directives.has(point.id)) : points, scoring),
    mirror: mirroredPoints
      ? scoreMirror(points, mirroredPoints, {
          ...scoring,
          ...seeds,
          directives: directives && {
            original: directives,
            mirrored: directivesOf((record) => record.mirrored?.decision),
          },
        })
      : null,
    paired: pairedComparisons(points, directives && graphModel ? [{ label: graphModel, directives }] : [], {
      ...scoring,
      firstSeed: options.firstSeed,
    }),
    cutoffSplit:
      directives && graphModel ? splitAtCutoff(points, { ...scoring, ...seeds, model: graphModel, directives }) : null,
  };
}
