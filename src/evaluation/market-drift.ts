// The market's drift on the scored samples: how many moves were up, down or flat, per asset and overall. An
// accuracy means little until it is read against this: on samples that rose 60% of the time, always-long scores
// 60% with no skill at all, and a method that leans long inherits part of that. Pure.
import { itemAt } from "../common/item-at";
import { type Interval, wilsonInterval } from "../scoring/confidence-intervals";
import type { DecisionPoint } from "./decision-points";
import { type EvaluationProtocol, flatMovesOf, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import { assetGroups, movesAt } from "./score-evaluation";

export interface DriftRow {
  /** An asset code, or "ALL". */
  asset: string;
  horizon: ScoreHorizon;
  /** Samples in the accuracy denominators of the same protocol (flat moves included only when they count as misses). */
  samples: number;
  up: number;
  down: number;
  flat: number;
  /** up / samples: always-long's accuracy on the same samples. */
  upShare: number | null;
  /** Wilson 95% interval of upShare. */
  interval: Interval | null;
}

export function marketDrift(
  points: readonly DecisionPoint[],
  options: { horizons: readonly number[]; protocol?: EvaluationProtocol },
): DriftRow[] {
  const protocol = options.protocol ?? "per-horizon";
  const countsFlat = flatMovesOf(protocol) === "miss";
  const rows: DriftRow[] = [];
  for (const horizon of scoredHorizons(protocol, options.horizons)) {
    for (const group of assetGroups(points)) {
      const moves = group.indexes.flatMap((index) => movesAt(itemAt(points, index), horizon));
      const up = moves.filter((move) => move > 0).length;
      const down = moves.filter((move) => move < 0).length;
      const flat = moves.length - up - down;
      const samples = up + down + (countsFlat ? flat : 0);
      rows.push({
        asset: group.asset,
        horizon,
        samples,
        up,
        down,
        flat,
        upShare: samples === 0 ? null : up / samples,
        interval: samples === 0 ? null : wilsonInterval(up, samples),
      });
    }
  }
  return rows;
}

export function findDrift(
  rows: readonly DriftRow[],
  query: { asset: string; horizon: ScoreHorizon },
): DriftRow | undefined {
  return rows.find((row) => row.asset === query.asset && row.horizon === query.horizon);
}
