// MACD (fast EMA - slow EMA), its signal line (EMA of MACD) and the histogram (MACD - signal), aligned to the input.
//
// Own code rather than trading-signals because the seeding differs and the values would not equal TA-Lib's:
// trading-signals seeds each EMA with the first price; TA-Lib seeds each EMA with a simple average that ends on the
// bar where the slow EMA starts (index slow-1). So the fast EMA's seed is the mean of bars slow-fast..slow-1, not of
// the first `fast` bars. The signal EMA is seeded with the mean of the first `signal` MACD values, and all three
// lines start together at index (slow-1)+(signal-1), 33 for 12/26/9.
import { z } from "zod";

import {
  assertFiniteSeries,
  emptySeries,
  IndicatorInputError,
  type IndicatorSeries,
  parseIndicatorOptions,
  periodSchema,
} from "./indicator-input";

export const macdOptionsSchema = z.strictObject({
  fastPeriod: periodSchema(2, 12),
  slowPeriod: periodSchema(2, 26),
  signalPeriod: periodSchema(1, 9),
});
export type MacdOptions = z.input<typeof macdOptionsSchema>;

export interface MacdSeries {
  macd: IndicatorSeries;
  signal: IndicatorSeries;
  histogram: IndicatorSeries;
}

export function computeMacd(close: readonly number[], options: MacdOptions = {}): MacdSeries {
  const { fastPeriod, slowPeriod, signalPeriod } = parseIndicatorOptions("MACD", macdOptionsSchema, options);
  // TA-Lib silently swaps the two; a model that asks for fast >= slow has most likely made a mistake, so say so.
  if (fastPeriod >= slowPeriod) {
    throw new IndicatorInputError({
      message: `MACD options: fastPeriod (${fastPeriod}) must be less than slowPeriod (${slowPeriod})`,
    });
  }
  assertFiniteSeries("close", close);

  const result: MacdSeries = {
    macd: emptySeries(close.length),
    signal: emptySeries(close.length),
    histogram: emptySeries(close.length),
  };
  const emaStart = slowPeriod - 1;
  const firstIndex = emaStart + signalPeriod - 1;
  if (close.length <= firstIndex) return result;

  const fast = emaFrom(close, fastPeriod, emaStart);
  const slow = emaFrom(close, slowPeriod, emaStart);
  const macdLine = fast.map((fastValue, offset) => fastValue - slow[offset]!);
  const signalLine = emaFrom(macdLine, signalPeriod, signalPeriod - 1);

  for (let offset = 0; offset < signalLine.length; offset += 1) {
    const index = firstIndex + offset;
    const macdValue = macdLine[offset + signalPeriod - 1]!;
    const signalValue = signalLine[offset]!;
    result.macd[index] = macdValue;
    result.signal[index] = signalValue;
    result.histogram[index] = macdValue - signalValue;
  }
  return result;
}

/**
 * TA-Lib's EMA from `startIndex` to the end: seeded with the mean of the `period` values ending at startIndex,
 * then prev + (value - prev) * 2 / (period + 1), in TA-Lib's operation order so rounding agrees too.
 * Returns values for indexes startIndex..values.length-1.
 */
function emaFrom(values: readonly number[], period: number, startIndex: number): number[] {
  const smoothing = 2 / (period + 1);
  let sum = 0;
  for (let index = startIndex - period + 1; index <= startIndex; index += 1) sum += values[index]!;
  let previous = sum / period;
  const output = [previous];
  for (let index = startIndex + 1; index < values.length; index += 1) {
    previous = (values[index]! - previous) * smoothing + previous;
    output.push(previous);
  }
  return output;
}
