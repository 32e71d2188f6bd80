// The public surface of the library: what a notebook or a script needs, and nothing else. Specialist parts live
// behind subpaths (docs/library-guide.md): quantagent-ts/errors, /market, /charts, /indicators, /llm, /evaluation,
// /common, /journal, /plugins. Nothing else lives here.

// Pipeline: create it, analyze, follow the progress, get the wire JSON.
export { createPipeline, Pipeline, type PipelineDependencies } from "./pipeline/pipeline";
export {
  analyzeRequestSchema,
  MAX_CSV_CHARACTERS,
  type AnalyzeRequest,
  type AnalyzeOptions,
} from "./pipeline/analyze-request";
export type {
  AnalysisResult,
  AnalysisReports,
  IndicatorSnapshot,
  ModelsUsed,
  ModelUsed,
} from "./pipeline/analysis-result";
export {
  toWireResult,
  toWireEvent,
  WIRE_INDICATOR_KEYS,
  type WireAnalysisResult,
  type WireProgressEvent,
} from "./pipeline/wire";
export {
  describeProgressEvent,
  pipelineSteps,
  type PipelineStep,
  type ProgressEvent,
  type ProgressListener,
} from "./pipeline/progress-events";
export { MIN_ANALYSIS_BARS, type LoadedCandles } from "./pipeline/load-candles";
export { DIRECTIVES, type Decision, type Directive } from "./agents/decision-record";
export type { ModelCallRecord, AgentStep } from "./agents/model-call";
export type { TrendlineSummary } from "./agents/trend-summary";

// Configuration, keys, providers.
export {
  createConfig,
  defaultConfig,
  configSchema,
  PLACEHOLDER_API_KEY,
  type Config,
  type ConfigInput,
} from "./config/config-schema";
export { providers, providerIds, type ProviderId, type ProviderInfo } from "./config/providers";
export { maskApiKey, type ApiKeyStatus } from "./config/api-keys";
export { switchProvider, type ModelSelection } from "./config/switch-provider";
export type { ApiKeyValidation } from "./llm/validate-api-key";

// Errors: the base every library error extends, and the ones a caller most often tells apart (all of them in
// quantagent-ts/errors).
export { QuantAgentError, type ErrorKind } from "./common/quantagent-error";
export { InputError } from "./common/input-error";
export { ProviderError } from "./llm/provider-error";

// Market data.
export { TIMEFRAMES, timeframeTable, type Timeframe, type TimeframeInfo } from "./market/timeframes";
export { validateDateRange, type DateRangeRequest, type DateRangeValidation } from "./market/date-range";
export { BUILT_IN_ASSETS, type AssetEntry } from "./market/assets";
export type { Candle } from "./market/candle";
export { parseCsv, readCsvFile } from "./market/csv-source";
export { aggregateTo4h } from "./market/aggregate-4h";

// Plugins: a research session's own indicators, analysts and data sources (quantagent-ts/plugins for the rest).
export {
  definePlugin,
  defineIndicator,
  type Plugin,
  type PluginDefinition,
  type PluginIndicator,
  type PluginAnalyst,
  type PluginDataSource,
  type AnalystInput,
} from "./plugins/define-plugin";

// Charts: one Chromium shared by several pipelines.
export { createChartRenderer, type ChartRenderer } from "./charts/png-renderer";

// Notebook display (tslab's display satisfies Display).
export { showResult, showWindowChart } from "./notebook/result-view";
export { showPlotly } from "./notebook/interactive-chart";
export { htmlTable } from "./notebook/html-table";
export { createProgressView } from "./notebook/progress-view";
export type { Display } from "./notebook/display";

// Evaluation on the shipped benchmark.
export { BENCHMARK_DIR, readBenchmarkWindow, readBenchmarkWindows } from "./evaluation/benchmark-data";
export { runEvaluation, type EvaluationOptions } from "./evaluation/run-evaluation";
export type { EvaluationResult } from "./evaluation/evaluation-result";
export { writeEvaluationReport } from "./evaluation/write-report";
export { showEvaluation } from "./evaluation/evaluation-view";
export { createEvaluationProgressView } from "./evaluation/progress-bar";
export { accuracyTableMarkdown } from "./evaluation/report";

// Analysis journal: open it; the rest (statistics, outcomes, views, its types) is in quantagent-ts/journal.
export { openJournal, type Journal, type JournalEntryInput } from "./journal";
