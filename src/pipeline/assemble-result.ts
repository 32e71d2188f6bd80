// The result record of a finished analysis, put together from what its steps produced: the reports, the decision,
// both charts, the indicator and trendline values, the timings and the model calls each step recorded, and whether it was a demo.
import type { Decision } from "../agents/decision-record";
import type { ModelCallRecord, StepRecorder } from "../agents/model-call";
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import type { StepName } from "../agents/steps";
import type { TrendlineSummary } from "../agents/trend-summary";
import { fitCandleTrendlines, resistanceLine, supportLine } from "../charts/trendlines";
import type { AgentsMode, IndicatorMode } from "../config/config-schema";
import type { LatestIndicatorValues } from "../indicators/compute-indicators";
import { addUsage, type ChatModel, zeroUsage } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { PluginSummary } from "../plugins/plugin-set";
import type { DrawnCharts } from "./analysis-charts";
import { type AnalysisResult, type IndicatorSnapshot, isDemoRun } from "./analysis-result";
import type { StepId } from "./progress-events";

/** The window an analysis reads and what it is of: what running an analysis starts from and its result names. */
export interface AnalysisWindow {
  asset: string;
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** The analysis window, already cut to its final length. */
  candles: Candle[];
  /** The requested start (ISO), when the window reaches back before it to fill up (load-candles.ts). */
  requestedStart?: string;
}

export interface AnalysisParts extends AnalysisWindow {
  /** Whether the agents saw a blind view of the window (agent-view.ts). */
  blind: boolean;
  indicatorMode: IndicatorMode;
  agents: AgentsMode;
  reports: { indicator: string; pattern: string; trend: string };
  analystReports: readonly { name: string; text: string }[];
  plugins: PluginSummary[];
  /** The optional stages that ran, and what they added (absent when a stage did not run). */
  stages: AnalysisResult["stages"];
  debate?: AnalysisResult["debate"];
  risk?: AnalysisResult["risk"];
  memory?: AnalysisResult["memory"];
  charts: DrawnCharts;
  decision: Decision;
  indicatorValues: LatestIndicatorValues;
  pluginIndicatorValues: AnalysisResult["pluginIndicatorValues"];
  trendlines: TrendlineSummary;
  fits: ReturnType<typeof fitCandleTrendlines>;
  timings: Partial<Record<StepId, number>>;
  totalMs: number;
  recorders: readonly StepRecorder[];
  models: { agent: ChatModel; graph: ChatModel };
}

export function assembleResult(parts: AnalysisParts): AnalysisResult {
  const { candles, fits, models, recorders } = parts;
  const calls: ModelCallRecord[] = recorders.flatMap((recorder) => recorder.calls());
  const first = candles[0];
  const last = candles[candles.length - 1];
  const modelsUsed = {
    agent: { provider: models.agent.provider, model: models.agent.model, temperature: models.agent.temperature },
    graph: { provider: models.graph.provider, model: models.graph.model, temperature: models.graph.temperature },
  };
  return {
    promptVersion: PROMPT_VERSION,
    blind: parts.blind,
    indicatorMode: parts.indicatorMode,
    agents: parts.agents,
    asset: parts.asset,
    assetName: parts.assetName,
    symbol: parts.symbol,
    timeframe: parts.timeframe,
    barCount: candles.length,
    window: {
      start: new Date(first?.time ?? 0).toISOString(),
      end: new Date(last?.time ?? 0).toISOString(),
      ...(parts.requestedStart === undefined ? {} : { requestedStart: parts.requestedStart }),
    },
    reports: parts.reports,
    analystReports: Object.fromEntries(parts.analystReports.map((report) => [report.name, report.text])),
    plugins: parts.plugins,
    stages: parts.stages,
    ...(parts.debate ? { debate: parts.debate } : {}),
    ...(parts.risk ? { risk: parts.risk } : {}),
    ...(parts.memory ? { memory: parts.memory } : {}),
    charts: { pattern: parts.charts.pattern.toString("base64"), trend: parts.charts.trend.toString("base64") },
    decision: parts.decision,
    indicatorValues: snapshot(parts.indicatorValues),
    pluginIndicatorValues: parts.pluginIndicatorValues,
    trendlines: parts.trendlines,
    trendlineEquations: {
      closeSupport: supportLine(fits.close),
      closeResistance: resistanceLine(fits.close),
      lowSupport: supportLine(fits.highLow),
      highResistance: resistanceLine(fits.highLow),
    },
    candles,
    timingsMs: { ...parts.timings, total: parts.totalMs },
    usage: {
      calls,
      callsPerStep: Object.fromEntries(recorders.map((recorder) => [recorder.step, recorder.calls().length])) as Record<
        StepName,
        number
      >,
      total: calls.reduce((sum, call) => addUsage(sum, call.usage), zeroUsage),
    },
    models: modelsUsed,
    demo: isDemoRun(modelsUsed),
    // Each sentence once, however many calls or steps met it (every call to o3 leaves its temperature out).
    warnings: [...new Set(recorders.flatMap((recorder) => recorder.warnings()))],
  };
}

function snapshot(latest: LatestIndicatorValues): IndicatorSnapshot {
  return {
    rsi: latest.rsi,
    macd: latest.macd,
    macdSignal: latest.macdSignal,
    macdHistogram: latest.macdHistogram,
    stochasticK: latest.stochasticK,
    stochasticD: latest.stochasticD,
    roc: latest.roc,
    williamsR: latest.williamsR,
  };
}
