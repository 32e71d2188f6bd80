// The record an analysis returns: the reports, both charts, the decision, and how it was reached. The library's
// names are camelCase; the HTTP API and the system this one replaces use snake_case names for the same fields,
// made in one place (analysis-result-wire.ts).
import type { Decision } from "../agents/decision-record";
import type { ModelCallRecord } from "../agents/model-call";
import type { TrendlineSummary } from "../agents/trend-summary";
import type { ProviderId } from "../config/providers";
import type { TokenUsage } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { PipelineStep } from "./progress-events";

export interface IndicatorSnapshot {
  /** Latest value of each indicator at its standard periods (null while warming up). */
  rsi: number | null;
  macd: number | null;
  macdSignal: number | null;
  macdHistogram: number | null;
  stochasticK: number | null;
  stochasticD: number | null;
  roc: number | null;
  williamsR: number | null;
}

export interface ModelUsed {
  provider: ProviderId;
  model: string;
  temperature: number;
}

export interface ModelsUsed {
  agent: ModelUsed;
  graph: ModelUsed;
}

export interface AnalysisReports {
  indicator: string;
  pattern: string;
  trend: string;
}

export interface AnalysisResult {
  asset: string;
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** Bars in the analysis window. */
  barCount: number;
  /** ISO times of the window's first and last bar. */
  window: { start: string; end: string };
  reports: AnalysisReports;
  /** Base64 PNGs, as the vision model saw them. */
  charts: { pattern: string; trend: string };
  decision: Decision;
  indicatorValues: IndicatorSnapshot;
  trendlines: TrendlineSummary;
  /** The candles of the window, for an interactive chart. */
  candles: Candle[];
  timingsMs: Partial<Record<PipelineStep, number>> & { total: number };
  usage: { calls: ModelCallRecord[]; total: TokenUsage };
  models: ModelsUsed;
}
