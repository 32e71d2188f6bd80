// quantagent-ts/errors: every error the library throws. All extend QuantAgentError, which carries a stable `code`,
// a `kind` (input, config, provider, data, cancelled, internal), safe `details` and the original `cause`.
export {
  QuantAgentError,
  InternalError,
  ERROR_KINDS,
  type ErrorKind,
  type ErrorDetails,
} from "./common/quantagent-error";
export { InputError } from "./common/input-error";
export { FileLockError } from "./common/file-lock";
export { ConfigError } from "./config/config-schema";
export { MissingApiKeyError } from "./config/api-keys";
export { ProviderError, type ProviderErrorReason } from "./llm/provider-error";
export { DecisionError, EmptyReportError, ModelRefusalError } from "./agents/agent-errors";
export { MarketDataError, NoDataError, type MarketDataErrorReason } from "./market/market-data-error";
export { DateRangeError } from "./market/date-range";
export { CsvParseError } from "./market/csv-error";
export { CustomAssetStoreError, type CustomAssetStoreErrorReason } from "./market/custom-asset-store-error";
export { NotEnoughDataError } from "./pipeline/load-candles";
export { IndicatorInputError } from "./indicators/indicator-input";
export { TrendlineInputError } from "./charts/trendlines";
export { ChartRenderError, ChartRendererClosedError, type ChartRenderErrorReason } from "./charts/png-renderer";
export { PluginError, type PluginErrorReason } from "./plugins/plugin-error";
export { JournalError, type JournalErrorReason } from "./journal/journal-error";
