// The indicators' public surface: five aligned series (null during warm-up) and the all-in-one summary.
export { IndicatorInputError, MAX_INDICATOR_PERIOD, type HighLowClose, type IndicatorSeries } from "./indicator-input";
export { computeRsi, rsiOptionsSchema, type RsiOptions } from "./rsi";
export { computeMacd, macdOptionsSchema, type MacdOptions, type MacdSeries } from "./macd";
export {
  computeStochastic,
  stochasticOptionsSchema,
  type StochasticOptions,
  type StochasticSeries,
} from "./stochastic";
export { computeRoc, rocOptionsSchema, type RocOptions } from "./roc";
export { computeWilliamsR, williamsROptionsSchema, type WilliamsROptions } from "./williams-r";
export {
  computeIndicators,
  lastValue,
  type ComputeIndicatorsOptions,
  type IndicatorSummary,
  type LatestIndicatorValues,
} from "./compute-indicators";
