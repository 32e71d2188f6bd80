// The record an analysis returns (SPEC 10): the reports, both charts, the decision, and how it was reached.
import type { DecisionRecord } from "../agents/decision-record";
import type { ModelCallRecord } from "../agents/model-call";
import type { TrendlineSummary } from "../agents/trend-summary";
import type { StraightLine } from "../charts/straight-line";
import type { ProviderId } from "../config/providers";
import type { TokenUsage } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { PipelineStep } from "./progress-events";

export interface IndicatorSnapshot {
  /** Latest value of each indicator at its standard periods (null while warming up). */
  rsi: number | null;
  macd: number | null;
  macd_signal: number | null;
  macd_histogram: number | null;
  stochastic_k: number | null;
  stochastic_d: number | null;
  roc: number | null;
  williams_r: number | null;
}

export interface ModelsUsed {
  agent: { provider: ProviderId; model: string; temperature: number };
  graph: { provider: ProviderId; model: string; temperature: number };
}

export interface TrendlineEquations {
  close_support: StraightLine;
  close_resistance: StraightLine;
  low_support: StraightLine;
  high_resistance: StraightLine;
}

export interface AnalysisResult {
  asset: string;
  asset_name: string;
  symbol: string;
  timeframe: Timeframe;
  /** Bars in the analysis window. */
  data_length: number;
  window: { start: string; end: string };
  technical_indicators: string;
  pattern_analysis: string;
  trend_analysis: string;
  /** Base64 PNGs. */
  pattern_chart: string;
  trend_chart: string;
  final_decision: DecisionRecord;
  indicator_values: IndicatorSnapshot;
  trendlines: TrendlineSummary;
  /**
   * The four lines of the trend chart as slope and intercept over the window's bar indexes (x = 0 is the first of
   * `candles`), so a viewer can draw them across the window: `trendlines` only holds their values at the last bar.
   */
  trendline_equations: TrendlineEquations;
  /** The candles of the window, for an interactive chart. */
  candles: Candle[];
  timings_ms: Partial<Record<PipelineStep, number>> & { total: number };
  usage: { calls: ModelCallRecord[]; total: TokenUsage };
  models: ModelsUsed;
}
