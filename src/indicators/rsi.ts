// RSI with Wilder's smoothing, aligned to the input: the first value at index `period`, as in TA-Lib.
// trading-signals' RSI matches TA-Lib to ~1e-14 and does the work; the one place they differ is a series that has
// not moved at all yet (average gain and loss both 0): TA-Lib answers 0, trading-signals 100. We follow TA-Lib.
import { RSI } from "trading-signals";
import { z } from "zod";

import { emptySeries, type IndicatorSeries, parseCloseInput, periodSchema } from "./indicator-input";

export const rsiOptionsSchema = z.strictObject({
  /** TA-Lib's minimum is 2: a 1-bar RSI is the input itself. */
  period: periodSchema(2, 14),
});
export type RsiOptions = z.input<typeof rsiOptionsSchema>;

export function computeRsi(close: readonly number[], options: RsiOptions = {}): IndicatorSeries {
  const { period } = parseCloseInput("RSI", rsiOptionsSchema, options, close);
  const output = emptySeries(close.length);
  const indicator = new RSI(period);
  let hasMoved = false;
  close.forEach((price, index) => {
    if (index > 0 && price !== close[index - 1]) hasMoved = true;
    const value = indicator.update(price, false);
    if (value === null || index < period) return;
    output[index] = hasMoved ? value : 0;
  });
  return output;
}
