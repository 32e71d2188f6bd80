// quantagent-ts/errors: every error the library throws. All extend QuantAgentError, which carries a stable `code`,
// a `kind` (input, config, provider, data, cancelled, internal), safe `details` and the original `cause`.
export { DecisionError, EmptyReportError, ModelRefusalError } from "./agents/agent-errors";
export { StageError } from "./agents/stage-error";
export { ChartRendererClosedError, ChartRenderError, type ChartRenderErrorReason } from "./charts/png-renderer";
export { TrendlineInputError } from "./charts/trendlines";
export { FileLockError } from "./common/file-lock";
export { InputError } from "./common/input-error";
export {
  ERROR_KINDS,
  type ErrorDetails,
  type ErrorKind,
  InternalError,
  QuantAgentError,
} from "./common/quantagent-error";
export { MissingApiKeyError } from "./config/api-keys";
export { ConfigError } from "./config/config-schema";
export { IndicatorInputError } from "./indicators/indicator-input";
export { JournalError, type JournalErrorReason } from "./journal/journal-error";
export { type ModelCapability, ModelCapabilityError } from "./llm/model-capability-error";
export { ProviderError, type ProviderErrorReason } from "./llm/provider-error";
export { CsvParseError } from "./market/csv-error";
export { CustomAssetStoreError, type CustomAssetStoreErrorReason } from "./market/custom-asset-store-error";
export { DateRangeError } from "./market/date-range";
export { ExchangeDataError, type ExchangeDataErrorReason } from "./market/exchange-data-error";
export { MarketDataError, type MarketDataErrorReason, NoDataError } from "./market/market-data-error";
export { NotEnoughDataError } from "./pipeline/load-candles";
export { PluginError, type PluginErrorReason } from "./plugins/plugin-error";
