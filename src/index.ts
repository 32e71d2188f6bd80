// The public surface of the library: what a notebook or a script needs, and nothing else. Specialist parts live
// behind subpaths (docs/library-guide.md): quantagent-ts/errors, /market, /charts, /indicators, /llm, /evaluation,
// /scoring, /backtest, /common, /journal, /plugins. Nothing else lives here.

// Pipeline: create it, analyze, follow the progress, get the wire JSON.
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
export {
  type AnalyzeOptions,
  type AnalyzeRequest,
  analyzeRequestSchema,
  MAX_CSV_CHARACTERS,
  MAX_INPUT_BARS,
} from "./pipeline/analyze-request";
export { MIN_ANALYSIS_BARS } from "./pipeline/load-candles";
export type { LoadedCandles } from "./pipeline/loaded-candles";
export { createPipeline, Pipeline, type PipelineDependencies } from "./pipeline/pipeline";
export { describeProgressEvent, type ProgressEvent, type ProgressListener } from "./pipeline/progress-events";
export { listSampleData, SAMPLE_TIMEFRAME, type SampleAsset, type SampleDataCatalogue } from "./pipeline/sample-data";
export { type BaseUrlChange, type BaseUrlTarget, setBaseUrl } from "./pipeline/set-base-url";
export { toWireResult, WIRE_INDICATOR_KEYS, type WireAnalysisResult } from "./wire/analysis-result";
export { toWireEvent, type WireProgressEvent } from "./wire/progress-event";

// The optional stages (memory, debate, risk) and what they add to a result.
export type { DebateSide, DebateTurn } from "./agents/prompts/researcher-prompt";
export {
  describeStages,
  MAX_DEBATE_ROUNDS,
  MAX_MEMORY_LESSONS,
  type Stages,
  type StagesInput,
  stagesSchema,
} from "./config/stages-schema";
export type { RecalledLesson } from "./journal/lessons";
export type { RiskLevels } from "./stages/risk-levels";

// Configuration, keys, providers.
export { type ApiKeyStatus, maskApiKey } from "./config/api-keys";
export { type BaseUrlSource, MAX_BASE_URL_LENGTH } from "./config/base-url";
export {
  type Config,
  type ConfigInput,
  configSchema,
  createConfig,
  defaultConfig,
  PLACEHOLDER_API_KEY,
} from "./config/config-schema";
export { PROVIDER_SWITCH_VARIABLE, providerFromEnvironment } from "./config/provider-switch";
export {
  DEMO_LABEL,
  type ProviderId,
  providerIds,
  type ProviderInfo,
  providers,
  type RemoteProviderId,
  remoteProviderIds,
} from "./config/providers";
export { type ModelSelection, switchProvider } from "./config/switch-provider";
export type { ApiKeyValidation } from "./models/validate-api-key";

// Errors: the base every library error extends, and the ones a caller most often tells apart (all of them in
// quantagent-ts/errors).
export { InputError } from "./common/input-error";
export { type ErrorKind, QuantAgentError } from "./common/quantagent-error";
export { ProviderError } from "./llm/provider-error";

// Market data.
export { aggregateTo4h } from "./market/aggregate-4h";
export { type AssetEntry, BUILT_IN_ASSETS } from "./market/assets";
export type { Candle } from "./market/candle";
export { parseCsv, parseCsvAsync, readCsvFile } from "./market/csv-source";
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

// Notebook display (tslab's display satisfies Display).
export type { Display } from "./notebook/display";
export { htmlTable } from "./notebook/html-table";
export { showPlotly } from "./notebook/interactive-chart";
export { createProgressView, type ProgressViewOptions } from "./notebook/progress-view";
export { showResult, showWindowChart } from "./notebook/result-view";

// Evaluation on the shipped benchmark.
export type { EvaluationOptions } from "./evaluation/evaluation-options";
export type { EvaluationResult } from "./evaluation/evaluation-result";
export { showEvaluation } from "./evaluation/evaluation-view";
export { accuracyTableMarkdown } from "./evaluation/report";
export { runEvaluation } from "./evaluation/run-evaluation";
export { writeEvaluationReport } from "./evaluation/write-report";
export { readBenchmarkWindow, readBenchmarkWindows } from "./market/benchmark-data";
export { BENCHMARK_DIR } from "./market/benchmark-dir";
export { createEvaluationProgressView } from "./reports/progress-bar";

// Walk-forward backtest on one series, with costs; its parts are in quantagent-ts/backtest.
export type { BacktestOptions } from "./backtest/backtest-options";
export type { BacktestResult } from "./backtest/backtest-result";
export { showBacktest } from "./backtest/backtest-view";
export { runBacktest } from "./backtest/run-backtest";
export { writeBacktestReport } from "./backtest/write-backtest-report";
export { createRunProgressView } from "./reports/progress-bar";

// Chart-reading probe: synthetic series with planted shapes, analysed blind and scored against the planted truth.
export type { ChartProbeOptions } from "./probe/probe-options";
export type { ProbeResult } from "./probe/probe-result";
export { plantedSeries, type PlantedSeriesOptions } from "./probe/probe-schedule";
export { showChartProbe } from "./probe/probe-view";
export { runChartProbe } from "./probe/run-chart-probe";
export type { ProbeSeries, ProbeSeriesLabel } from "./probe/shapes/probe-series";
export { PROBE_SHAPES, type ProbeShape, SHAPE_CATALOG } from "./probe/shapes/shape-catalog";
export { writeProbeReport } from "./probe/write-probe-report";
export { writeProbeSeries } from "./probe/write-probe-series";

// Analysis journal: open it; the rest (statistics, outcomes, views, its types) is in quantagent-ts/journal.
export { type Journal, type JournalEntryInput, openJournal } from "./journal";
