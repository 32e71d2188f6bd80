// Turns benchmark windows into decision points: the bars an analysis sees, and the realised move after k bars.
//
// A decision is taken at the close of bar t (the last bar the analysis sees): the history is bars t-44..t (45 by
// default), the outcome for horizon k is the close-to-close move close[t+k] / close[t] - 1. The first point of a
// window ends its history at the window's 45th bar; further points (pointsPerWindow > 1) move `stride` bars on.
// Points whose longest horizon would run past the window's end are not made.
import { z } from "zod";

import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import type { ExperimentPoint } from "../experiment/experiment-point";
import type { BenchmarkWindow } from "../market/benchmark-data";
import type { Candle } from "../market/candle";
import { simpleReturn } from "../scoring/directive";

/** The window's candle at a 0-based bar index; an InputError naming the window when it is shorter than that. */
export function windowBar(window: BenchmarkWindow, bar: number): Candle {
  const candle = window.candles[bar];
  if (candle === undefined)
    throw new InputError({
      code: "invalid_argument",
      message: `Window ${window.asset} ${window.window} has no bar ${bar + 1}`,
    });
  return candle;
}

export type { BenchmarkWindow };

export interface HorizonOutcome {
  horizon: number;
  exitTime: number;
  exitClose: number;
  /** close[t+k] / close[t] - 1 */
  move: number;
}

export interface DecisionPoint {
  /** "BTC/12/0": asset, window, point. Stable across runs, used in reports. */
  id: string;
  asset: string;
  window: number;
  /** 0-based position of this point within its window. */
  point: number;
  /** Index in the window of the last bar the analysis sees. */
  barIndex: number;
  history: Candle[];
  entryTime: number;
  entryClose: number;
  /** One per horizon, in the order of `horizons`. */
  outcomes: HorizonOutcome[];
}

export const decisionPointOptionsSchema = z.strictObject({
  /** Bars the analysis sees before each decision (the pipeline's window_bars). */
  historyBars: z.number().int().min(2).max(500).default(45),
  /** Bars after the decision at which the move is measured. */
  horizons: z
    .array(z.number().int().positive())
    .min(1, "give at least one horizon")
    .default([1, 3])
    .refine((horizons) => new Set(horizons).size === horizons.length, "horizons must not repeat"),
  pointsPerWindow: z.number().int().positive().max(100).default(1),
  /** Bars between consecutive points of one window. */
  stride: z.number().int().positive().default(10),
});
export type DecisionPointOptions = z.input<typeof decisionPointOptionsSchema>;
export type ResolvedDecisionPointOptions = z.output<typeof decisionPointOptionsSchema>;

export function resolveDecisionPointOptions(options: DecisionPointOptions = {}): ResolvedDecisionPointOptions {
  const parsed = decisionPointOptionsSchema.safeParse(options);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid decision-point options");
  const resolved = parsed.data;
  const longest = Math.max(...resolved.horizons);
  // Momentum compares close[t] with close[t-k], so every horizon must fit inside the history.
  if (longest >= resolved.historyBars) {
    throw new InputError({
      message: `Invalid decision-point options: horizon ${longest} needs a history longer than ${resolved.historyBars} bars`,
    });
  }
  return resolved;
}

export function decisionPoints(window: BenchmarkWindow, options: DecisionPointOptions = {}): DecisionPoint[] {
  const { historyBars, horizons, pointsPerWindow, stride } = resolveDecisionPointOptions(options);
  const longest = Math.max(...horizons);
  const points: DecisionPoint[] = [];
  for (let point = 0; point < pointsPerWindow; point++) {
    const barIndex = historyBars - 1 + point * stride;
    if (barIndex + longest >= window.candles.length) break;
    const entry = itemAt(window.candles, barIndex);
    points.push({
      id: `${window.asset}/${window.window}/${point}`,
      asset: window.asset,
      window: window.window,
      point,
      barIndex,
      history: window.candles.slice(barIndex - historyBars + 1, barIndex + 1),
      entryTime: entry.time,
      entryClose: entry.close,
      outcomes: horizons.map((horizon) => {
        const exit = itemAt(window.candles, barIndex + horizon);
        return { horizon, exitTime: exit.time, exitClose: exit.close, move: simpleReturn(entry.close, exit.close) };
      }),
    });
  }
  return points;
}

/** The outcome of a point at one horizon; throws when the point was not made with that horizon. */
export function outcomeAt(point: DecisionPoint, horizon: number): HorizonOutcome {
  const outcome = point.outcomes.find((candidate) => candidate.horizon === horizon);
  if (!outcome)
    throw new InputError({
      code: "invalid_argument",
      message: `Decision point ${point.id} has no outcome at horizon ${horizon}`,
    });
  return outcome;
}

/**
 * The point as the experiment engine analyses it: its history as the window, filed under its asset (memory's lane),
 * named for the journal, and with its window's bars after it for memory's replay (none without the window: a mirrored
 * point, with which memory is refused, or a queued one, which memory cannot be).
 */
export function experimentPointOf(
  point: DecisionPoint,
  window: BenchmarkWindow | null,
  options: { mirrored: boolean },
): ExperimentPoint {
  return {
    id: point.id,
    label: options.mirrored ? `${point.id} (mirrored)` : point.id,
    lane: point.asset,
    window: point.history,
    later: window?.candles.slice(point.barIndex + 1) ?? [],
    timeframe: "4h",
    name: `${point.asset} benchmark window ${point.window}`,
  };
}
