// The run's decision points split at the graph model's training cutoff (llm/training-cutoffs.ts): before it the model
// may have seen the chart and what came after it, and a good score there can be memory; after it the model cannot
// have. A drop from before to after is the sign of memory, not of reading charts. Pure.
//
// Each side is scored like the whole run (every method on the same points, pooled over assets), with the market's
// drift and the paired test of the agents against always-LONG. A model the table does not know, or whose provider
// publishes no cutoff, gives { known: false } and the report says the points were not split.
import { findTrainingCutoff, sideOfCutoff } from "../llm/training-cutoffs";
import type { Directive } from "../scoring/directive";
import type { DecisionPoint } from "./decision-points";
import type { EvaluationProtocol } from "./evaluation-protocol";
import { type DriftRow, marketDrift } from "./market-drift";
import { pairedComparisons, type PairedRow } from "./paired-comparisons";
import { ALL_ASSETS, scoreEvaluation, type ScoreRow } from "./score-evaluation";

export interface CutoffSide {
  /** Decision points on this side. */
  points: number;
  /** Open time of the first and last decision bar on this side (ISO); null when it has none. */
  from: string | null;
  to: string | null;
  /** Every method's score pooled over assets ("ALL" rows), per horizon. */
  scores: ScoreRow[];
  drift: DriftRow[];
  /** The agents against always-LONG on this side's samples. */
  paired: PairedRow[];
}

export type CutoffSplit =
  | {
      known: true;
      /** The graph model's name. */
      model: string;
      /** Its last month of training data, "YYYY-MM". */
      cutoff: string;
      source: string;
      before: CutoffSide;
      after: CutoffSide;
    }
  | { known: false; model: string; reason: string };

export interface CutoffSplitOptions {
  /** The graph model's name. */
  model: string;
  directives: ReadonlyMap<string, Directive>;
  horizons: readonly number[];
  protocol?: EvaluationProtocol;
  randomSeeds?: number;
  firstSeed?: number;
}

export function splitAtCutoff(points: readonly DecisionPoint[], options: CutoffSplitOptions): CutoffSplit {
  const entry = findTrainingCutoff(options.model);
  if (!entry) return { known: false, model: options.model, reason: "not in the table of known training cutoffs" };
  if (entry.cutoff === null) return { known: false, model: options.model, reason: entry.source };
  const cutoff = entry.cutoff;
  const answered = points.filter((point) => options.directives.has(point.id));
  const side = (which: "before" | "after"): CutoffSide => {
    const chosen = answered.filter((point) => sideOfCutoff(point.entryTime, cutoff) === which);
    const scoring = { horizons: options.horizons, protocol: options.protocol };
    const times = chosen.map((point) => point.entryTime).sort((left, right) => left - right);
    return {
      points: chosen.length,
      from: times.length === 0 ? null : new Date(times[0]!).toISOString(),
      to: times.length === 0 ? null : new Date(times[times.length - 1]!).toISOString(),
      scores: scoreEvaluation(chosen, {
        ...scoring,
        directives: options.directives,
        randomSeeds: options.randomSeeds,
        firstSeed: options.firstSeed,
      }).filter((row) => row.asset === ALL_ASSETS),
      drift: marketDrift(chosen, scoring).filter((row) => row.asset === ALL_ASSETS),
      paired: pairedComparisons(chosen, [{ label: options.model, directives: options.directives }], {
        ...scoring,
        firstSeed: options.firstSeed,
      }).filter((row) => row.a === options.model && row.b === "always_long"),
    };
  };
  return {
    known: true,
    model: options.model,
    cutoff,
    source: entry.source,
    before: side("before"),
    after: side("after"),
  };
}
