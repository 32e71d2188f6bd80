// The numbers behind the trend chart, for the Trend agent's prompt and the result record.
import type { TrendlineFit } from "../charts/trendlines";
import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";

export interface TrendlineSummary {
  /** Close-based line values at the latest bar. */
  closeSupport: number;
  closeResistance: number;
  /** Close-based slopes, price per bar. */
  supportSlope: number;
  resistanceSlope: number;
  /** Low- and high-based line values at the latest bar. */
  lowSupport: number;
  highResistance: number;
  lastClose: number;
}

export function summariseTrendlines(
  candles: readonly Candle[],
  fits: { close: TrendlineFit; highLow: TrendlineFit },
): TrendlineSummary {
  const lastIndex = candles.length - 1;
  const last = candles[lastIndex];
  if (!last) throw new InputError({ code: "invalid_argument", message: "Trendlines need at least one candle" });
  const at = (slope: number, intercept: number) => round(intercept + slope * lastIndex);
  return {
    closeSupport: at(fits.close.supportSlope, fits.close.supportIntercept),
    closeResistance: at(fits.close.resistanceSlope, fits.close.resistanceIntercept),
    supportSlope: round(fits.close.supportSlope),
    resistanceSlope: round(fits.close.resistanceSlope),
    lowSupport: at(fits.highLow.supportSlope, fits.highLow.supportIntercept),
    highResistance: at(fits.highLow.resistanceSlope, fits.highLow.resistanceIntercept),
    lastClose: last.close,
  };
}

/** Six significant digits: enough for any price, short enough for a prompt. */
function round(value: number): number {
  return Number(value.toPrecision(6));
}
