// The public surface of the library: what notebooks, the server and other programs import. Nothing else lives here.

// Pipeline
export { createPipeline, Pipeline, type PipelineDependencies } from "./pipeline/pipeline";
export type { AnalyzeRequest, AnalyzeOptions } from "./pipeline/analyze-request";
export { analyzeRequestSchema } from "./pipeline/analyze-request";
export type { AnalysisResult, IndicatorSnapshot, ModelsUsed } from "./pipeline/analysis-result";
export { describeProgressEvent, pipelineSteps, type PipelineStep, type ProgressEvent, type ProgressListener } from "./pipeline/progress-events";
export { NotEnoughDataError, MIN_ANALYSIS_BARS, type LoadedCandles } from "./pipeline/load-candles";
export { runAnalysis, type RunAnalysisInput } from "./pipeline/run-analysis";

// Configuration, keys, providers
export { createConfig, defaultConfig, configSchema, ConfigError, PLACEHOLDER_API_KEY, type Config, type ConfigInput } from "./config/config-schema";
export { providers, providerIds, providerIdSchema, providerInfo, type ProviderId, type ProviderInfo } from "./config/providers";
export { resolveApiKey, findApiKey, maskApiKey, apiKeyStatus, resolveBaseUrl, MissingApiKeyError, type ApiKeyStatus, type Env } from "./config/api-keys";
export { switchProvider, modelSelection, type ModelSelection } from "./config/switch-provider";
export { InputError } from "./common/input-error";
export { formatZodError } from "./common/format-zod-error";

// Models
export type { ChatModel, ChatMessage, ChatRequest, ChatResponse, ToolCall, ToolDefinition, TokenUsage, ImagePart, TextPart } from "./llm/chat-model";
export { createChatModel, createChatModelFor, modelSettingsFor, type ModelRole } from "./llm/create-chat-model";
export { validateApiKey, type ApiKeyValidation } from "./llm/validate-api-key";
export { ProviderError, type ProviderErrorKind } from "./llm/provider-error";

// Agents
export { decisionRecordSchema, parseDecision, type DecisionRecord } from "./agents/decision-record";
export { DecisionError, EmptyReportError, ModelRefusalError } from "./agents/agent-errors";
export type { ModelCallRecord, AgentStep } from "./agents/model-call";
export type { TrendlineSummary } from "./agents/trend-summary";

// Market data
export { candleSchema, toColumns, type Candle, type CandleColumns } from "./market/candle";
export { TIMEFRAMES, timeframeSchema, timeframeLimits, maxLookbackDays, type Timeframe, type TimeframeLimit } from "./market/timeframes";
export { validateDateRange, resolveDateRange, DateRangeError, type DateRangeRequest, type DateRangeValidation } from "./market/date-range";
export { parseLegacyDateRange, type LegacyDateRange } from "./market/legacy-date-range";
export { BUILT_IN_ASSETS, symbolSchema, resolveTicker, findBuiltInAsset, type AssetEntry, type BuiltInAsset } from "./market/assets";
export { createCustomAssetStore, listAssets, type CustomAssetStore } from "./market/custom-asset-store";
export { CustomAssetStoreError } from "./market/custom-asset-store-error";
export { fetchYahooCandles, type FetchYahooCandlesOptions, type YahooCandles } from "./market/yahoo-source";
export { aggregateTo4h } from "./market/aggregate-4h";
export { parseCsv, readCsvFile } from "./market/csv-source";
export { CsvParseError } from "./market/csv-error";
export { MarketDataError, NoDataError } from "./market/market-data-error";

// Indicators and charts
export * from "./indicators";
export * from "./charts";

// Notebook display
export { showResult, decisionCardHtml, reportsMarkdown } from "./notebook/result-view";
export { createProgressView } from "./notebook/progress-view";
export { escapeHtml, type Display } from "./notebook/display";

// Evaluation
export * from "./evaluation";

// Analysis journal
export * from "./journal";
