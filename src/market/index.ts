// quantagent-ts/market: candles, timeframes and their lookback limits, date ranges, assets and the custom-asset store,
// the CSV, Yahoo and crypto-exchange (ccxt) sources, 4h aggregation, the check that bars fit a timeframe, bar spans in words, and how far
// back a fetch reaches to fill an analysis window, and the two transforms of a window the evaluation and the backtest
// share: blind (rescaled, undated) and mirrored (every rise a fall); and the shipped benchmark's windows.
export { type Aggregate4hOptions, aggregateTo4h } from "./aggregate-4h";
export {
  type AssetEntry,
  BUILT_IN_ASSETS,
  type BuiltInAsset,
  findBuiltInAsset,
  MAX_SYMBOL_LENGTH,
  resolveTicker,
  SYMBOL_PATTERN,
  symbolSchema,
} from "./assets";
export { assertBarSpacing, timeframeOfBars, typicalGapMs } from "./bar-spacing";
export { describeBarLength, describeBarSpan, describeHorizon } from "./bar-span";
export {
  benchmarkDir,
  listBenchmarkAssets,
  listBenchmarkFiles,
  type ReadBenchmarkOptions,
  readBenchmarkWindow,
  readBenchmarkWindows,
} from "./benchmark-data";
export { BENCHMARK_DIR } from "./benchmark-dir";
export { BLIND_LAST_CLOSE, blindCandles, type BlindedCandles } from "./blind-candles";
export { type Candle, type CandleColumns, candleSchema, MAX_PRICE, MAX_VOLUME, toColumns } from "./candle";
export {
  checkExchangeSymbol,
  type ExchangeCandles,
  exchangeLookbackDays,
  fetchExchangeCandles,
  type FetchExchangeCandlesOptions,
  MAX_EXCHANGE_BARS,
} from "./ccxt-source";
export { parseCsv, parseCsvAsync, type ParseCsvOptions, readCsvFile } from "./csv-source";
export { candlesToCsv } from "./csv-text-writer";
export {
  createCustomAssetStore,
  type CustomAssetFileStore,
  type CustomAssetStoreOptions,
} from "./custom-asset-file-store";
export { type CustomAssetStore, DEFAULT_MAX_CUSTOM_ASSETS, listAssets } from "./custom-asset-store";
export {
  countDays,
  type DateRangeRequest,
  type DateRangeValidation,
  resolveDateRange,
  type ResolvedDateRange,
  validateDateRange,
} from "./date-range";
export { ExchangeDataError, type ExchangeDataErrorReason } from "./exchange-data-error";
export {
  type ExchangeSymbol,
  isExchangeSymbol,
  marketSymbolSchema,
  MAX_EXCHANGE_SYMBOL_LENGTH,
  parseExchangeSymbol,
} from "./exchange-symbol";
export { type JoinedSeries, joinWindows } from "./join-windows";
export { mirrorCandles, type MirrorOptions, mirrorPrice } from "./mirror-candles";
export { type DateInput, dateInputSchema, formatUtc, parseUtcTimestamp, toEpochMs } from "./parse-timestamp";
export { timeZoneOffset } from "./time-zone-offset";
export {
  isTimeframe,
  maxLookbackDays,
  type Timeframe,
  type TimeframeInfo,
  timeframeInfo,
  TIMEFRAMES,
  timeframeSchema,
  timeframeTable,
} from "./timeframes";
export { calendarDaysForBars, windowFetchStart } from "./window-fetch-range";
export { fetchYahooCandles, type FetchYahooCandlesOptions, type YahooCandles } from "./yahoo-source";
