// Williams %R, -100 * (highest high - close) / (highest high - lowest low) over `period` bars, aligned to the input:
// the first value at index period-1, as TA-Lib's WILLR.
// Own code rather than trading-signals: for a window with no range (highest = lowest) TA-Lib answers 0 and
// trading-signals -100, and -100 is also a genuine value (close at the low), so its output cannot be corrected
// afterwards. The arithmetic follows TA-Lib's: (highest - close) / ((highest - lowest) / -100).
import { z } from "zod";

import {
  emptySeries,
  type HighLowClose,
  type IndicatorSeries,
  parseHighLowCloseInput,
  periodSchema,
} from "./indicator-input";

export const williamsROptionsSchema = z.strictObject({
  /** TA-Lib's minimum is 2. */
  period: periodSchema(2, 14),
});
export type WilliamsROptions = z.input<typeof williamsROptionsSchema>;

export function computeWilliamsR(series: HighLowClose, options: WilliamsROptions = {}): IndicatorSeries {
  const { period } = parseHighLowCloseInput("Williams %R", williamsROptionsSchema, options, series);
  const { high, low, close } = series;
  const output = emptySeries(close.length);
  // Windows are at most a few hundred bars: a plain scan per bar is clearer than a monotonic deque.
  for (let index = period - 1; index < close.length; index += 1) {
    let highest = high[index]!;
    let lowest = low[index]!;
    for (let back = index - period + 1; back < index; back += 1) {
      const backHigh = high[back]!;
      const backLow = low[back]!;
      if (backHigh > highest) highest = backHigh;
      if (backLow < lowest) lowest = backLow;
    }
    const scaledRange = (highest - lowest) / -100;
    output[index] = scaledRange === 0 ? 0 : (highest - close[index]!) / scaledRange;
  }
  return output;
}
