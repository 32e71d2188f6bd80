// The two ways an evaluation scores directives, and what each fixes.
//
// "per-horizon" (the default): each decision point is scored on the move k bars ahead, separately for each horizon
// k; flat moves are left out. Points per window, stride and horizons are free.
//
// "published": the protocol that reproduces the published 4h table's sample. One directive per window, taken after
// its first 45 bars (entry = close of bar 45), scored against each of the next three closes (close[46], close[47],
// close[48] against the entry), the three pooled: 100 windows give 300 samples per asset, and every published
// per-asset accuracy is a multiple of 1/300. A flat move stays in the sample as a miss, so each asset keeps its 300.
// One directive answers for all three samples, so momentum looks back over the longest horizon (3 bars).
import { z } from "zod";

import { InputError } from "../common/input-error";
import { type Directive, type FlatMoves, isCorrect } from "../scoring/directive";
import type { PointHit } from "../scoring/paired-test";

export const evaluationProtocolSchema = z.enum(["per-horizon", "published"]);
export type EvaluationProtocol = z.infer<typeof evaluationProtocolSchema>;

/** What the published protocol fixes. */
export const PUBLISHED_PROTOCOL = Object.freeze({
  historyBars: 45,
  horizons: Object.freeze([1, 2, 3]),
  pointsPerWindow: 1,
  flatMoves: "miss",
});

/** A horizon a score row is for: a number of bars, or "pooled" for every horizon of the published protocol at once. */
export type ScoreHorizon = number | "pooled";

/** The horizons a result has score rows for, in report order. */
export function scoredHorizons(protocol: EvaluationProtocol, horizons: readonly number[]): ScoreHorizon[] {
  switch (protocol) {
    case "per-horizon":
      return [...horizons];
    case "published":
      return ["pooled"];
    default: {
      const exhaustive: never = protocol;
      return exhaustive;
    }
  }
}

export function flatMovesOf(protocol: EvaluationProtocol): FlatMoves {
  switch (protocol) {
    case "per-horizon":
      return "excluded";
    case "published":
      return PUBLISHED_PROTOCOL.flatMoves;
    default: {
      const exhaustive: never = protocol;
      return exhaustive;
    }
  }
}

/** "k = 3 bars", or "k = 1, 2, 3 pooled" for the published protocol. */
export function horizonLabel(horizon: ScoreHorizon, horizons: readonly number[]): string {
  return horizon === "pooled" ? `k = ${horizons.join(", ")} pooled` : `k = ${horizon} bar${horizon === 1 ? "" : "s"}`;
}

/** One paragraph for reports: which protocol, and what it means for the numbers. */
export function describeProtocol(protocol: EvaluationProtocol): string {
  switch (protocol) {
    case "per-horizon":
      return (
        "Protocol: per-horizon. Each decision point is scored on the sign of the close-to-close move k bars after it, " +
        "separately for each k; flat moves are left out."
      );
    case "published":
      return (
        "Protocol: published. One directive per window, taken after its first 45 bars (entry = close of bar 45), " +
        "scored against each of the next three closes (bars 46, 47 and 48), the three pooled: 300 samples per asset " +
        "on 100 windows. A flat move stays in the sample as a miss. The three samples of a window share its directive " +
        "and entry, so they are not independent: a Wilson interval on 300 samples is narrower than the truth (at most " +
        "√3 times, the width for 100 independent windows)."
      );
    default: {
      const exhaustive: never = protocol;
      return exhaustive;
    }
  }
}

/** The settings a protocol runs with; a setting the published protocol fixes may only be given at its value. */
export function resolveProtocolSettings(
  protocol: EvaluationProtocol,
  given: { horizons?: readonly number[]; pointsPerWindow?: number; historyBars: number },
): { horizons: number[]; pointsPerWindow: number } {
  switch (protocol) {
    case "per-horizon":
      return { horizons: [...(given.horizons ?? [1, 3])], pointsPerWindow: given.pointsPerWindow ?? 1 };
    case "published": {
      const fixed = PUBLISHED_PROTOCOL;
      const problems = [
        given.horizons !== undefined && given.horizons.join(",") !== fixed.horizons.join(",")
          ? `horizons ${given.horizons.join(",")} (it scores ${fixed.horizons.join(",")})`
          : undefined,
        given.pointsPerWindow !== undefined && given.pointsPerWindow !== fixed.pointsPerWindow
          ? `${given.pointsPerWindow} points per window (it takes ${fixed.pointsPerWindow})`
          : undefined,
        given.historyBars !== fixed.historyBars
          ? `window_bars ${given.historyBars} (it decides after ${fixed.historyBars} bars)`
          : undefined,
      ].filter((problem): problem is string => problem !== undefined);
      if (problems.length > 0) {
        throw new InputError({
          message: `The published protocol fixes horizons, points per window and history: got ${problems.join(", ")}. Leave them out, or use the per-horizon protocol`,
        });
      }
      return { horizons: [...fixed.horizons], pointsPerWindow: fixed.pointsPerWindow };
    }
    default: {
      const exhaustive: never = protocol;
      return exhaustive;
    }
  }
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
