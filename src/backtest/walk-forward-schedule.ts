// When a backtest decides (its schedule: a walk forward over one series): every `step` bars from bar `windowBars` on
// (the first bar with a whole window behind it), as long as at least one bar follows to hold a position over. Each
// decision sees the `windowBars` bars that end at its decision bar and nothing after: `decisionWindow` is the only
// way the backtest hands bars to a decision maker, model or baseline. Pure.
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import type { ExperimentPoint } from "../experiment/experiment-point";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";

export interface ScheduleOptions {
  windowBars: number;
  step: number;
  /** Bars a position is held; momentum looks back as far, so it must fit in the window. */
  horizon: number;
}

/** Indexes of the decision bars of a series of `barCount` bars; an InputError when not even one fits. */
export function decisionBars(barCount: number, options: ScheduleOptions): number[] {
  const { windowBars, step, horizon } = options;
  if (!Number.isInteger(step) || step < 1)
    throw new InputError({
      message: `step must be a whole number of bars, at least 1 (got ${step})`,
      details: { field: "step" },
    });
  if (horizon >= windowBars)
    throw new InputError({
      message: `The horizon of ${horizon} bars must be shorter than the window of ${windowBars} bars (momentum looks back a horizon inside the window)`,
      details: { field: "horizon" },
    });
  const first = windowBars - 1;
  if (barCount < windowBars + 1)
    throw new InputError({
      code: "not_enough_data",
      message: `The series has ${barCount} bars: a backtest needs at least ${windowBars + 1} (a window of ${windowBars} bars for the first decision and one bar after it). Use a longer series or a smaller window (window_bars; --window-bars on the command line).`,
      details: { bars: barCount, minimum: windowBars + 1 },
    });
  const bars: number[] = [];
  for (let bar = first; bar <= barCount - 2; bar += step) bars.push(bar);
  return bars;
}

/** The bars a decision at `bar` sees: the `windowBars` bars ending at it, never one after. */
export function decisionWindow(candles: readonly Candle[], bar: number, windowBars: number): Candle[] {
  return candles.slice(bar - windowBars + 1, bar + 1);
}

/** The move a decision is scored on: its close to the close `horizon` bars later, or to the series' last close. */
export function decisionMove(candles: readonly Candle[], bar: number, horizon: number): number {
  const entry = candles[bar];
  const exit = candles[Math.min(bar + horizon, candles.length - 1)];
  if (!entry || !exit) throw new InputError({ code: "invalid_argument", message: `No bar ${bar} in the series` });
  return exit.close / entry.close - 1;
}

/**
 * The schedule as the experiment engine analyses it: one point per decision bar, its window the bars up to it (and
 * the bars after it kept for memory's replay only), filed under the series' name (memory's lane).
 */
export function walkForwardPoints(
  series: { candles: readonly Candle[]; timeframe: Timeframe; name: string },
  bars: readonly number[],
  windowBars: number,
): ExperimentPoint[] {
  return bars.map((bar) => ({
    id: `bar-${bar}`,
    label: `bar ${bar + 1} (${new Date(itemAt(series.candles, bar).time).toISOString()})`,
    lane: series.name,
    window: decisionWindow(series.candles, bar, windowBars),
    later: series.candles.slice(bar + 1),
    timeframe: series.timeframe,
    name: series.name,
  }));
}
