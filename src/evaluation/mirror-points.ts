// The mirrored twin of a decision point: its history mirrored around the entry close (market/mirror-candles.ts) and
// its future with it, so the mirrored directive is scored against the mirrored move. The entry keeps its price, and
// each mirrored move is c / exit - 1: the same log size as the original move, the other sign. Pure.
import { mirrorCandles, mirrorPrice } from "../market/mirror-candles";
import { simpleReturn } from "../scoring/directive";
import type { DecisionPoint } from "./decision-points";

/**
 * The point as the mirrored series would have it. An InputError (from mirrorCandles) when a price of its history or
 * an exit close is zero or negative; runEvaluation mirrors every point before any model call, so that costs nothing.
 */
export function mirrorDecisionPoint(point: DecisionPoint): DecisionPoint {
  const center = point.entryClose;
  const history = mirrorCandles(point.history, { center });
  const outcomes = point.outcomes.map((outcome) => {
    // The exit bar goes through the same check as the history (a lone close of 0 would divide by zero).
    const [exit] = mirrorCandles(
      [
        {
          time: outcome.exitTime,
          open: outcome.exitClose,
          high: outcome.exitClose,
          low: outcome.exitClose,
          close: outcome.exitClose,
          volume: 0,
        },
      ],
      { center },
    );
    const exitClose = exit?.close ?? mirrorPrice(outcome.exitClose, center);
    return { ...outcome, exitClose, move: simpleReturn(center, exitClose) };
  });
  return { ...point, history, outcomes };
}
