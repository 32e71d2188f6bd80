// Support and resistance trendlines, pure. How to read it: the fit functions take the least-squares line
// of the closes, pick each line's pivot (the bar furthest below it for support, above it for resistance) and hand
// the constrained fit to trendline-fit.ts; the helpers at the end turn a fit into lines for charts and reports.
// x is the bar index 0..n-1, so a slope is "price per bar".
import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import { leastSquaresLine, lineValueAt, type StraightLine } from "./straight-line";
import { fitTrendline } from "./trendline-fit";

/** Both lines of a fit, and the bar each passes through (its pivot). */
export interface TrendlineFit {
  supportSlope: number;
  supportIntercept: number;
  resistanceSlope: number;
  resistanceIntercept: number;
  supportPivot: number;
  resistancePivot: number;
}

export class TrendlineInputError extends InputError {
  override name = "TrendlineInputError";
  constructor(options: { message: string }) {
    super({ ...options, code: "invalid_trendline_input" });
  }
}

/** Support and resistance fitted on one series (closes): pivots are its own extremes around its LS line. */
export function fitTrendlines(values: readonly number[]): TrendlineFit {
  assertSeries("values", values);
  return fitHighLowTrendlines({ high: values, low: values, close: values });
}

/**
 * Support fitted on the lows and resistance on the highs. As in the system this replaces, the starting line is the
 * least-squares line of the closes; the pivots are the low furthest below it and the high furthest above it.
 */
export function fitHighLowTrendlines(series: {
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}): TrendlineFit {
  for (const [name, values] of Object.entries(series)) assertSeries(name, values);
  if (series.high.length !== series.close.length || series.low.length !== series.close.length) {
    throw new TrendlineInputError({ message: "high, low and close must have the same length" });
  }
  const leastSquares = leastSquaresLine(series.close);
  const offset = (values: readonly number[], index: number) => values[index]! - lineValueAt(leastSquares, index);
  let supportPivot = 0;
  let resistancePivot = 0;
  for (let index = 1; index < series.close.length; index += 1) {
    if (offset(series.low, index) < offset(series.low, supportPivot)) supportPivot = index;
    if (offset(series.high, index) > offset(series.high, resistancePivot)) resistancePivot = index;
  }
  const support = fitTrendline(series.low, { side: "support", pivot: supportPivot });
  const resistance = fitTrendline(series.high, { side: "resistance", pivot: resistancePivot });
  return {
    supportSlope: support.slope,
    supportIntercept: support.intercept,
    resistanceSlope: resistance.slope,
    resistanceIntercept: resistance.intercept,
    supportPivot,
    resistancePivot,
  };
}

/** Both fits for a window of candles: what the trend chart draws. */
export function fitCandleTrendlines(candles: readonly Candle[]) {
  const close = candles.map((candle) => candle.close);
  const high = candles.map((candle) => candle.high);
  const low = candles.map((candle) => candle.low);
  return { close: fitTrendlines(close), highLow: fitHighLowTrendlines({ high, low, close }) };
}

export function supportLine(fit: TrendlineFit): StraightLine {
  return { slope: fit.supportSlope, intercept: fit.supportIntercept };
}

export function resistanceLine(fit: TrendlineFit): StraightLine {
  return { slope: fit.resistanceSlope, intercept: fit.resistanceIntercept };
}

function assertSeries(name: string, values: readonly number[]): void {
  if (values.length < 2)
    throw new TrendlineInputError({ message: `A trendline needs at least 2 values in ${name} (got ${values.length})` });
  if (!values.every(Number.isFinite))
    throw new TrendlineInputError({ message: `${name} must hold finite numbers only` });
}
