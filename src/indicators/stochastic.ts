// Slow Stochastic (%K smoothed by an SMA, %D the SMA of that), aligned to the input, as TA-Lib's STOCH with SMA
// moving averages: the first value at index (kPeriod-1)+(kSlowingPeriod-1)+(dPeriod-1), 17 for 14/3/3.
// trading-signals' StochasticOscillator computes exactly that (including 0 for a window with no range, as TA-Lib),
// checked against TA-Lib in test/indicators, so it does the work here.
import { StochasticOscillator } from "trading-signals";
import { z } from "zod";

import {
  emptySeries,
  type HighLowClose,
  type IndicatorSeries,
  parseHighLowCloseInput,
  periodSchema,
} from "./indicator-input";

export const stochasticOptionsSchema = z.strictObject({
  /** Bars in the highest-high / lowest-low window of the raw (fast) %K. */
  kPeriod: periodSchema(1, 14),
  /** SMA length that turns fast %K into slow %K. */
  kSlowingPeriod: periodSchema(1, 3),
  /** SMA length of %D over slow %K. */
  dPeriod: periodSchema(1, 3),
});
export type StochasticOptions = z.input<typeof stochasticOptionsSchema>;

export interface StochasticSeries {
  k: IndicatorSeries;
  d: IndicatorSeries;
}

export function computeStochastic(series: HighLowClose, options: StochasticOptions = {}): StochasticSeries {
  const parameters = parseHighLowCloseInput("Stochastic", stochasticOptionsSchema, options, series);
  const { high, low, close } = series;
  const result: StochasticSeries = { k: emptySeries(close.length), d: emptySeries(close.length) };
  const firstIndex = parameters.kPeriod - 1 + (parameters.kSlowingPeriod - 1) + (parameters.dPeriod - 1);
  const indicator = new StochasticOscillator(parameters);
  close.forEach((price, index) => {
    const value = indicator.update({ high: high[index]!, low: low[index]!, close: price }, false);
    // TA-Lib emits %K and %D together, from the first bar where %D exists.
    if (value === null || index < firstIndex) return;
    result.k[index] = value.stochK;
    result.d[index] = value.stochD;
  });
  return result;
}
