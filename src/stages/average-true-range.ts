// Average true range (Wilder, 14 bars by default), the volatility the risk step measures its stops in. A bar's true
// range is the largest of high - low, |high - previous close| and |low - previous close| (gaps count); the first
// average is the mean of the first `period` true ranges (from the second bar, which has a previous close), then
// each next one is (previous * (period - 1) + true range) / period, as Wilder and TA-Lib's ATR define it.
import type { Candle } from "../market/candle";

export const ATR_PERIOD = 14;

/** The true range of each bar after the first. */
export function trueRanges(candles: readonly Candle[]): number[] {
  const ranges: number[] = [];
  for (let index = 1; index < candles.length; index += 1) {
    const bar = candles[index] as Candle;
    const previousClose = (candles[index - 1] as Candle).close;
    ranges.push(Math.max(bar.high - bar.low, Math.abs(bar.high - previousClose), Math.abs(bar.low - previousClose)));
  }
  return ranges;
}

/** The ATR at the last bar, or null when there are not `period` + 1 bars. */
export function averageTrueRange(candles: readonly Candle[], period = ATR_PERIOD): number | null {
  const ranges = trueRanges(candles);
  if (ranges.length < period) return null;
  let average = ranges.slice(0, period).reduce((sum, range) => sum + range, 0) / period;
  for (const range of ranges.slice(period)) average = (average * (period - 1) + range) / period;
  return average;
}
