// The public surface of the library: what a notebook or a script needs, and nothing else. Specialist parts live
// behind subpaths, each holding its own folder's names (docs/library-guide.md): quantagent-ts/errors, /config, /market,
// /indicators, /scoring, /charts, /llm, /models, /journal, /queue, /plugins, /notebook, /reports, /evaluation,
// /backtest, /probe, /wire, /common. Nothing else lives here.

// Pipeline: create it, analyze, follow the progress (its result and events as wire JSON: quantagent-ts/wire).
export { type Decision, type Directive, DIRECTIVES } from "./agents/decision-record";
export type { ModelCallRecord } from "./agents/model-call";
export { type AgentStep, type PipelineStep, pipelineSteps } from "./agents/steps";
export type { TrendlineSummary } from "./agents/trend-summary";
export type {
  AnalysisReports,
  AnalysisResult,
  IndicatorSnapshot,
  ModelsUsed,
  ModelUsed,
} from "./pipeline/analysis-result";
export { type AnalyzeOptions, type AnalyzeRequest, analyzeRequestSchema } from "./pipeline/analyze-request";
export type { LoadedCandles } from "./pipeline/loaded-candles";
export { createPipeline, Pipeline, type PipelineDependencies } from "./pipeline/pipeline";
export { describeProgressEvent, type ProgressEvent, type ProgressListener } from "./pipeline/progress-events";
export { listSampleData, SAMPLE_TIMEFRAME, type SampleAsset, type SampleDataCatalogue } from "./pipeline/sample-data";
export { type BaseUrlChange, type BaseUrlTarget, setBaseUrl } from "./pipeline/set-base-url";

// The optional stages (memory, debate, risk) and what they add to a result.
export type { DebateSide, DebateTurn } from "./agents/prompts/researcher-prompt";
export type { Stages, StagesInput } from "./config/stages-schema";
export type { RecalledLesson } from "./journal/lessons";
export type { RiskLevels } from "./stages/risk-levels";

// Configuration, keys, providers (the config's schema, defaults, base URLs and rate limits: quantagent-ts/config).
export { type ApiKeyStatus, maskApiKey } from "./config/api-keys";
export type { BaseUrlSource } from "./config/base-url";
export { type Config, type ConfigInput, createConfig } from "./config/config-schema";
export { type ProviderId, providerIds, type ProviderInfo, providers } from "./config/providers";
export { type ModelSelection, switchProvider } from "./config/switch-provider";
export type { ApiKeyValidation } from "./models/validate-api-key";

// Errors: the base every library error extends, and the ones a caller most often tells apart (all of them in
// quantagent-ts/errors).
export { InputError } from "./common/input-error";
export { type ErrorKind, QuantAgentError } from "./common/quantagent-error";
export { type ModelCapability, ModelCapabilityError } from "./llm/model-capability-error";
export { ProviderError } from "./llm/provider-error";

// Market data (the rest, with the benchmark's files and the Yahoo source: quantagent-ts/market).
export { aggregateTo4h } from "./market/aggregate-4h";
export type { AssetEntry } from "./market/assets";
export type { Candle } from "./market/candle";
export { parseCsv } from "./market/csv-source";
export { type DateRangeRequest, type DateRangeValidation, validateDateRange } from "./market/date-range";
export { type Timeframe, type TimeframeInfo, TIMEFRAMES, timeframeTable } from "./market/timeframes";

// Plugins: a research session's own indicators, analysts and data sources (quantagent-ts/plugins for the rest).
export {
  type AnalystInput,
  defineIndicator,
  definePlugin,
  type Plugin,
  type PluginAnalyst,
  type PluginDataSource,
  type PluginDefinition,
  type PluginIndicator,
} from "./plugins/define-plugin";

// Charts: one Chromium shared by several pipelines.
export { type ChartRenderer, createChartRenderer } from "./charts/png-renderer";

// Notebook display (tslab's display satisfies Display); the journal's tables and figures: quantagent-ts/notebook.
export type { Display } from "./notebook/display";
export { htmlTable } from "./notebook/html-table";
export { showPlotly } from "./notebook/interactive-chart";
export { createProgressView, type ProgressViewOptions } from "./notebook/progress-view";
export { showResult, showWindowChart } from "./notebook/result-view";

// Evaluation on the shipped benchmark.
export type { EvaluationOptions } from "./evaluation/evaluation-options";
export type { EvaluationResult } from "./evaluation/evaluation-result";
export { accuracyTableMarkdown } from "./evaluation/report";
export { runEvaluation } from "./evaluation/run-evaluation";
export { showEvaluation } from "./evaluation/write-report";
export { writeEvaluationReport } from "./evaluation/write-report";
export { readBenchmarkWindow, readBenchmarkWindows } from "./market/benchmark-data";
export { BENCHMARK_DIR } from "./market/benchmark-dir";
export { createEvaluationProgressView } from "./reports/progress-bar";

// Walk-forward backtest on one series, with costs; its parts are in quantagent-ts/backtest.
export type { BacktestOptions } from "./backtest/backtest-options";
export type { BacktestResult } from "./backtest/backtest-result";
export { runBacktest } from "./backtest/run-backtest";
export { showBacktest } from "./backtest/write-backtest-report";
export { writeBacktestReport } from "./backtest/write-backtest-report";
export { createRunProgressView } from "./reports/progress-bar";

// Chart-reading probe: synthetic series with planted shapes, analyzed blind and scored against the planted truth
// (the shapes' catalog, the series written as CSV files, the options' schema: quantagent-ts/probe).
export type { ChartProbeOptions } from "./probe/probe-options";
export type { ProbeResult } from "./probe/probe-result";
export { plantedSeries, type PlantedSeriesOptions } from "./probe/probe-schedule";
export { runChartProbe } from "./probe/run-chart-probe";
export type { ProbeShape } from "./probe/shapes/shape-catalog";
export { showChartProbe } from "./probe/write-probe-report";
export { writeProbeReport } from "./probe/write-probe-report";

// Forward test: a watchlist analysed at every bar close (live, once, or a replayed series), scored as bars arrive.
export { type ForwardRecord, forwardRecord, type ForwardRecordOptions } from "./forward/forward-record";
export {
  startWatch,
  type StartWatchOptions,
  type Watch,
  type WatchMode,
  type WatchSummary,
} from "./forward/start-watch";
export type { WatchEvent } from "./forward/watch-event";
export type { WatchEntry, WatchEntryInput, WatchlistStore } from "./journal/watchlist-store";

// Analysis journal: open it; the rest (statistics, outcomes, views, its types) is in quantagent-ts/journal.
export { type Journal, type JournalEntryInput, openJournal } from "./journal";
