// The paired test of an ablation: on the same decision points, did the run with the change (a plugin, a stage) call
// the move's sign more often than the run without it, by more than luck? Per scored horizon, each point's hit in
// both runs (null when either run has no directive, or the move is flat and the protocol leaves flat moves out; the
// published protocol pools its three horizons as three samples of each point), then the exact McNemar test of the
// scoring core. Pure.
import { type Directive, isCorrect } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import { flatMovesOf, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult, PointRecord } from "./evaluation-result";

export interface AblationPairedTest extends PairedTest {
  horizon: ScoreHorizon;
}

/** A point's samples at a scored horizon: one per horizon it is scored on (several when pooled). */
function hitsAt(point: PointRecord | undefined, horizon: ScoreHorizon, flatIsMiss: boolean): PointHit[] {
  return directiveHits(point?.decision, point?.outcomes ?? [], horizon, flatIsMiss);
}

/**
 * A directive's hits on a point's outcomes at a scored horizon, one per horizon it is scored on (several when pooled):
 * null without a directive, and for a flat move the protocol leaves out.
 */
export function directiveHits(
  directive: Directive | undefined,
  outcomes: readonly { horizon: number; move: number }[],
  horizon: ScoreHorizon,
  flatIsMiss: boolean,
): PointHit[] {
  return outcomes
    .filter((outcome) => horizon === "pooled" || outcome.horizon === horizon)
    .map((outcome) => {
      if (directive === undefined) return null;
      return isCorrect(directive, outcome.move) ?? (flatIsMiss ? false : null);
    });
}

/**
 * `baseline` is a (the run without the change), `variant` b. Both must hold the same points (compareEvaluations
 * checks it); the variant's points are matched by id.
 */
export function ablationPairedTests(
  baseline: EvaluationResult,
  variant: EvaluationResult,
  horizons: readonly ScoreHorizon[],
): AblationPairedTest[] {
  const flatIsMiss = flatMovesOf(baseline.settings.protocol) === "miss";
  const variantPoints = new Map(variant.points.map((point) => [point.id, point]));
  return horizons.map((horizon) => {
    const a: PointHit[] = [];
    const b: PointHit[] = [];
    for (const point of baseline.points) {
      const left = hitsAt(point, horizon, flatIsMiss);
      const right = hitsAt(variantPoints.get(point.id), horizon, flatIsMiss);
      // Same point, same moves: the samples line up one for one.
      for (let index = 0; index < left.length; index++) {
        a.push(left[index] ?? null);
        b.push(right[index] ?? null);
      }
    }
    return { horizon, ...pairedTest(a, b) };
  });
}
