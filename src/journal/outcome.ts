// Scoring a directive against what the market did after the window, k = 1 and k = 3 bars later. Pure functions.
//
// A hit is a LONG whose close rose, or a SHORT whose close fell, from the entry close (the window's last bar) to the
// close k bars later. `return` is the simple return of that move signed by the directive, as a fraction of the
// entry close: positive when the directive was right. A close exactly equal to the entry close is a miss with
// return 0: a directive that moved nothing earned nothing. (The evaluation report instead leaves flat moves out of
// its accuracy; a journal entry has to be one or the other, and "not right" is the honest answer for a trade.)
import { type Directive, directiveReturn, isCorrect, simpleReturn } from "../scoring/directive";

export const OUTCOME_HORIZONS = [1, 3] as const;
export type OutcomeHorizon = (typeof OUTCOME_HORIZONS)[number];

export interface OutcomeAtHorizon {
  bars: OutcomeHorizon;
  hit: boolean;
  return: number;
}

/** One entry per horizon, k = 1 then k = 3. */
export type AnalysisOutcome = OutcomeAtHorizon[];

export interface OutcomeInput {
  directive: Directive;
  entryClose: number;
  /** Closes of the bars after the window, oldest first. */
  laterCloses: readonly number[];
}

/** The outcome at both horizons, or null while fewer bars than the longest horizon are known (still pending). */
export function scoreOutcome(input: OutcomeInput): AnalysisOutcome | null {
  const outcome: AnalysisOutcome = [];
  for (const bars of OUTCOME_HORIZONS) {
    const exitClose = input.laterCloses[bars - 1];
    if (exitClose === undefined) return null;
    const move = simpleReturn(input.entryClose, exitClose);
    // `|| 0` turns the -0 a flat SHORT would give into 0.
    outcome.push({
      bars,
      hit: isCorrect(input.directive, move) ?? false,
      return: directiveReturn(input.directive, move) || 0,
    });
  }
  return outcome;
}

/** The closes of the bars strictly after the entry bar, in time order, each bar once (sources may overlap). */
export function closesAfter(entryTime: string, bars: readonly { time: number; close: number }[]): number[] {
  return barsAfter(entryTime, bars).map((bar) => bar.close);
}

/** The bars strictly after the entry bar (time and close), in time order, each bar once. */
export function barsAfter(
  entryTime: string,
  bars: readonly { time: number; close: number }[],
): { time: number; close: number }[] {
  const entryMs = Date.parse(entryTime);
  const byTime = new Map<number, number>();
  for (const bar of bars) if (bar.time > entryMs) byTime.set(bar.time, bar.close);
  return [...byTime.entries()].sort((left, right) => left[0] - right[0]).map(([time, close]) => ({ time, close }));
}

/**
 * The open time (ISO) of the last bar an outcome is scored on, the one at the longest horizon: from its close on,
 * the outcome was known. Undefined while that bar is not among `bars`.
 */
export function outcomeBarTime(
  entryTime: string,
  bars: readonly { time: number; close: number }[],
): string | undefined {
  const bar = barsAfter(entryTime, bars)[Math.max(...OUTCOME_HORIZONS) - 1];
  return bar === undefined ? undefined : new Date(bar.time).toISOString();
}
