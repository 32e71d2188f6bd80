// All five indicators over a run of candles in one call, with each one's latest value: what reports, the result
// record and the notebook views need. Periods default to the standard ones (RSI 14, MACD 12/26/9, Stochastic 14/3/3,
// ROC 10, Williams %R 14) and can be overridden per indicator.
import type { Candle } from "../market/candle";
import { toColumns } from "../market/candle";
import { type IndicatorSeries, parseIndicatorOptions } from "./indicator-input";
import { computeMacd, type MacdOptions, macdOptionsSchema, type MacdSeries } from "./macd";
import { computeRoc, type RocOptions, rocOptionsSchema } from "./roc";
import { computeRsi, type RsiOptions, rsiOptionsSchema } from "./rsi";
import {
  computeStochastic,
  type StochasticOptions,
  stochasticOptionsSchema,
  type StochasticSeries,
} from "./stochastic";
import { computeWilliamsR, type WilliamsROptions, williamsROptionsSchema } from "./williams-r";

export interface ComputeIndicatorsOptions {
  rsi?: RsiOptions;
  macd?: MacdOptions;
  stochastic?: StochasticOptions;
  roc?: RocOptions;
  williamsR?: WilliamsROptions;
}

/** The last value of every line; null when the window is too short for that indicator. */
export interface LatestIndicatorValues {
  rsi: number | null;
  macd: number | null;
  macdSignal: number | null;
  macdHistogram: number | null;
  stochasticK: number | null;
  stochasticD: number | null;
  roc: number | null;
  williamsR: number | null;
}

export interface IndicatorSummary {
  barCount: number;
  /** Open time (UTC epoch ms) of the last bar, null for no bars. */
  lastTime: number | null;
  rsi: { options: Required<RsiOptions>; values: IndicatorSeries };
  macd: { options: Required<MacdOptions> } & MacdSeries;
  stochastic: { options: Required<StochasticOptions> } & StochasticSeries;
  roc: { options: Required<RocOptions>; values: IndicatorSeries };
  williamsR: { options: Required<WilliamsROptions>; values: IndicatorSeries };
  latest: LatestIndicatorValues;
}

export function computeIndicators(
  candles: readonly Candle[],
  options: ComputeIndicatorsOptions = {},
): IndicatorSummary {
  // Parsed here as well as in each indicator so the summary can report the periods actually used.
  const rsiOptions = parseIndicatorOptions("RSI", rsiOptionsSchema, options.rsi);
  const macdOptions = parseIndicatorOptions("MACD", macdOptionsSchema, options.macd);
  const stochasticOptions = parseIndicatorOptions("Stochastic", stochasticOptionsSchema, options.stochastic);
  const rocOptions = parseIndicatorOptions("ROC", rocOptionsSchema, options.roc);
  const williamsROptions = parseIndicatorOptions("Williams %R", williamsROptionsSchema, options.williamsR);

  const columns = toColumns(candles);
  const rsi = computeRsi(columns.close, rsiOptions);
  const macd = computeMacd(columns.close, macdOptions);
  const stochastic = computeStochastic(columns, stochasticOptions);
  const roc = computeRoc(columns.close, rocOptions);
  const williamsR = computeWilliamsR(columns, williamsROptions);

  return {
    barCount: candles.length,
    lastTime: candles.at(-1)?.time ?? null,
    rsi: { options: rsiOptions, values: rsi },
    macd: { options: macdOptions, ...macd },
    stochastic: { options: stochasticOptions, ...stochastic },
    roc: { options: rocOptions, values: roc },
    williamsR: { options: williamsROptions, values: williamsR },
    latest: {
      rsi: lastValue(rsi),
      macd: lastValue(macd.macd),
      macdSignal: lastValue(macd.signal),
      macdHistogram: lastValue(macd.histogram),
      stochasticK: lastValue(stochastic.k),
      stochasticD: lastValue(stochastic.d),
      roc: lastValue(roc),
      williamsR: lastValue(williamsR),
    },
  };
}

/** The value on the last bar; null during warm-up (an indicator's latest is never an older bar's value). */
export function lastValue(series: IndicatorSeries): number | null {
  return series.at(-1) ?? null;
}
