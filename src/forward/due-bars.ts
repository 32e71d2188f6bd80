// Which bars of a watched market are due for a decision: every closed bar from the first full window on, after the
// newest one already analysed, and (live) closing no earlier than the entry was added, so a new entry starts at the
// next bar close instead of analysing its history. Pure: the watcher, its tests and a replay all read this one rule.
import type { Candle } from "../market/candle";

export interface DueBarsOptions {
  /** Bars an analysis sees: the first decision bar is the window's last. */
  windowBars: number;
  /** Open time of the newest bar already analysed: only later bars are due. */
  after?: number;
  /** Bars closing before this instant are history, not due (live: when the entry was added). */
  closingFrom?: number;
  /** A bar's length in ms, for its close (its open plus this). */
  barMs: number;
}

/** Indexes of `candles` (closed, in time order) due for a decision, oldest first. */
export function dueBars(candles: readonly Candle[], options: DueBarsOptions): number[] {
  const due: number[] = [];
  for (let index = Math.max(0, options.windowBars - 1); index < candles.length; index++) {
    const time = candles[index]!.time;
    if (options.after !== undefined && time <= options.after) continue;
    if (options.closingFrom !== undefined && time + options.barMs < options.closingFrom) continue;
    due.push(index);
  }
  return due;
}
