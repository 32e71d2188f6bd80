// The indicators' public surface: five aligned series (null during warm-up) and the all-in-one summary.
export {
  computeIndicators,
  type ComputeIndicatorsOptions,
  type IndicatorSummary,
  lastValue,
  type LatestIndicatorValues,
} from "./compute-indicators";
export { type HighLowClose, IndicatorInputError, type IndicatorSeries, MAX_INDICATOR_PERIOD } from "./indicator-input";
export { computeMacd, type MacdOptions, macdOptionsSchema, type MacdSeries } from "./macd";
export { computeRoc, type RocOptions, rocOptionsSchema } from "./roc";
export { computeRsi, type RsiOptions, rsiOptionsSchema } from "./rsi";
export {
  computeStochastic,
  type StochasticOptions,
  stochasticOptionsSchema,
  type StochasticSeries,
} from "./stochastic";
export { computeWilliamsR, type WilliamsROptions, williamsROptionsSchema } from "./williams-r";
