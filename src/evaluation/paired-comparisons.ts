// The paired tests of a run: on the same samples, is one method right where the other is wrong more often than luck
// allows? Every model against every baseline, the models against each other, and each other baseline against
// always-LONG (the market's drift, the figure any skill must beat). Exact McNemar tests from the scoring core. Pure.
//
// A sample is one directive scored against one move (one per point and horizon; three per point, pooled, under the
// published protocol, where a flat move is a miss; per-horizon scoring leaves flat moves out of both sides). Random
// takes part as one seeded run (the first seed): a paired test needs one answer per sample, not an average.
import { itemAt } from "../common/item-at";
import { type BaselineId, baselineIds, deterministicBaselineDirective, randomDirectives } from "../scoring/baselines";
import { type Directive, isCorrect } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import type { DecisionPoint } from "./decision-points";
import { type EvaluationProtocol, flatMovesOf, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import { movesAt } from "./score-evaluation";

/** A model's directives by point id, under its label (the graph model's name). */
export interface LabelledDirectives {
  label: string;
  directives: ReadonlyMap<string, Directive>;
}

/** The paired test of two methods at one horizon (its counts are over samples: points, or point-horizons pooled). */
export interface PairedRow extends PairedTest {
  /** A model's label (its graph model's name) or a baseline id. */
  a: string;
  b: string;
  horizon: ScoreHorizon;
}

export interface PairedOptions {
  horizons: readonly number[];
  protocol?: EvaluationProtocol;
  /** The seed of random's one run; default 1. */
  firstSeed?: number;
}

/**
 * Paired rows on `points`: the points every model answered (a failed analysis removes a point from every pair
 * alike, as in the score table).
 */
export function pairedComparisons(
  points: readonly DecisionPoint[],
  models: readonly LabelledDirectives[],
  options: PairedOptions,
): PairedRow[] {
  const protocol = options.protocol ?? "per-horizon";
  const flatIsMiss = flatMovesOf(protocol) === "miss";
  const scored = points.filter((point) => models.every((model) => model.directives.has(point.id)));
  const coins = randomDirectives(scored.length, options.firstSeed ?? 1);
  const rows: PairedRow[] = [];
  for (const horizon of scoredHorizons(protocol, options.horizons)) {
    const lookback = horizon === "pooled" ? Math.max(...options.horizons) : horizon;
    const hitsOf = (directiveAt: (point: DecisionPoint, index: number) => Directive): PointHit[] =>
      scored.flatMap((point, index) =>
        movesAt(point, horizon).map(
          (move) => isCorrect(directiveAt(point, index), move) ?? (flatIsMiss ? false : null),
        ),
      );
    const baselineHits = new Map<BaselineId, PointHit[]>(
      baselineIds.map((baseline) => [
        baseline,
        hitsOf((point, index) =>
          baseline === "random"
            ? itemAt(coins, index)
            : deterministicBaselineDirective(
                baseline,
                point.history.map((candle) => candle.close),
                lookback,
              ),
        ),
      ]),
    );
    const modelHits = models.map((model) => ({
      label: model.label,
      hits: hitsOf((point) => model.directives.get(point.id)!),
    }));
    const pair = (a: string, aHits: PointHit[], b: string, bHits: PointHit[]) =>
      rows.push({ a, b, horizon, ...pairedTest(aHits, bHits) });
    for (const model of modelHits)
      for (const baseline of baselineIds) pair(model.label, model.hits, baseline, baselineHits.get(baseline)!);
    modelHits.forEach((model, index) => {
      for (const other of modelHits.slice(index + 1)) pair(model.label, model.hits, other.label, other.hits);
    });
    for (const baseline of baselineIds.filter((id) => id !== "always_long"))
      pair(baseline, baselineHits.get(baseline)!, "always_long", baselineHits.get("always_long")!);
  }
  return rows;
}

/** The level the report's sentence tests at. */
export const SIGNIFICANCE_LEVEL = 0.05;

/** True when a beat b at the 5% level: more samples right where b was wrong than the reverse, p below 0.05. */
export function beats(row: PairedRow): boolean {
  return row.pValue < SIGNIFICANCE_LEVEL && row.aOnly > row.bOnly;
}
