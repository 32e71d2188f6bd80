// quantagent-ts/market: candles, timeframes and their lookback limits, date ranges, assets and the custom-asset store,
// the CSV and Yahoo sources, 4h aggregation, the check that bars fit a timeframe, bar spans in words, and how far
// back a fetch reaches to fill an analysis window.
export { candleSchema, toColumns, MAX_PRICE, MAX_VOLUME, type Candle, type CandleColumns } from "./candle";
export {
  TIMEFRAMES,
  timeframeSchema,
  timeframeInfo,
  timeframeTable,
  maxLookbackDays,
  type Timeframe,
  type TimeframeInfo,
} from "./timeframes";
export {
  validateDateRange,
  resolveDateRange,
  countDays,
  type DateRangeRequest,
  type DateRangeValidation,
  type ResolvedDateRange,
} from "./date-range";
export { parseUtcTimestamp, toEpochMs, formatUtc, dateInputSchema, type DateInput } from "./parse-timestamp";
export {
  BUILT_IN_ASSETS,
  SYMBOL_PATTERN,
  MAX_SYMBOL_LENGTH,
  symbolSchema,
  resolveTicker,
  findBuiltInAsset,
  type AssetEntry,
  type BuiltInAsset,
} from "./assets";
export {
  createCustomAssetStore,
  listAssets,
  type CustomAssetStore,
  type CustomAssetStoreOptions,
} from "./custom-asset-store";
export { fetchYahooCandles, type FetchYahooCandlesOptions, type YahooCandles } from "./yahoo-source";
export { aggregateTo4h, type Aggregate4hOptions } from "./aggregate-4h";
export { timeZoneOffset } from "./time-zone-offset";
export { parseCsv, readCsvFile, type ParseCsvOptions } from "./csv-source";
export { assertBarSpacing, shortestGapMs, timeframeForGap } from "./bar-spacing";
export { describeBarLength, describeBarSpan, describeHorizon } from "./bar-span";
export { calendarDaysForBars, windowFetchStart } from "./window-fetch-range";
