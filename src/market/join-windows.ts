// Joins overlapping windows of one asset (the benchmark's 100-bar windows, say) into the continuous series they
// make together, without inventing or losing a bar. Pure.
//
// The rule. Windows that share bars must agree on them exactly (a bar twice with two prices is an error naming its
// time). Every bar is kept once. Two bars are joined only when some window holds them side by side: the step from
// one to the next is then the market's own (a night, a weekend, a holiday the window shows), never a hole between
// two windows that merely come close. Where no window vouches for the step the series ends and the next one begins.
import { InputError } from "../common/input-error";
import type { Candle } from "./candle";
import { formatUtc } from "./parse-timestamp";

export interface JoinedSeries {
  candles: Candle[];
  /** Indexes (into the input) of the windows it was made from. */
  windows: number[];
}

/** Every continuous series the windows make, longest first (ties: earliest first). */
export function joinWindows(windows: readonly (readonly Candle[])[]): JoinedSeries[] {
  const byTime = new Map<number, Candle>();
  const vouched = new Set<string>();
  windows.forEach((window, index) => {
    window.forEach((candle, position) => {
      const known = byTime.get(candle.time);
      if (known && !sameBar(known, candle))
        throw new InputError({
          message: `The windows disagree on the bar at ${formatUtc(candle.time)} (window ${index + 1} has other prices): they cannot be joined`,
          details: { window: index + 1 },
        });
      byTime.set(candle.time, candle);
      const next = window[position + 1];
      if (next) vouched.add(`${candle.time}:${next.time}`);
    });
  });
  const times = [...byTime.keys()].sort((left, right) => left - right);
  const runs: number[][] = [];
  for (const time of times) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous !== undefined && vouched.has(`${previous}:${time}`)) run.push(time);
    else runs.push([time]);
  }
  return runs
    .map((run) => {
      const first = run[0] ?? 0;
      const last = run.at(-1) ?? 0;
      return {
        candles: run.map((time) => byTime.get(time) as Candle),
        windows: windows.flatMap((window, index) =>
          window.length > 0 && (window[0]?.time ?? 0) >= first && (window.at(-1)?.time ?? 0) <= last ? [index] : [],
        ),
      };
    })
    .sort(
      (left, right) => right.candles.length - left.candles.length || left.candles[0]!.time - right.candles[0]!.time,
    );
}

function sameBar(left: Candle, right: Candle): boolean {
  return (
    left.open === right.open &&
    left.high === right.high &&
    left.low === right.low &&
    left.close === right.close &&
    left.volume === right.volume
  );
}
