// Rate of change in percent, ((close / close `period` bars ago) - 1) * 100, aligned to the input: the first value at
// index `period`, as TA-Lib's ROC. trading-signals' ROC gives the same ratio as a fraction, so it is scaled by 100;
// a zero reference price gives 0, as in TA-Lib (trading-signals would divide by zero).
import { ROC } from "trading-signals";
import { z } from "zod";

import { emptySeries, type IndicatorSeries, parseCloseInput, periodSchema } from "./indicator-input";

export const rocOptionsSchema = z.strictObject({
  period: periodSchema(1, 10),
});
export type RocOptions = z.input<typeof rocOptionsSchema>;

export function computeRoc(close: readonly number[], options: RocOptions = {}): IndicatorSeries {
  const { period } = parseCloseInput("ROC", rocOptionsSchema, options, close);
  const output = emptySeries(close.length);
  const indicator = new ROC(period);
  close.forEach((price, index) => {
    const value = indicator.update(price, false);
    if (value === null) return;
    output[index] = close[index - period] === 0 ? 0 : value * 100;
  });
  return output;
}
