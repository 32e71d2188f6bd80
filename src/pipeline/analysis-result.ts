// The record an analysis returns: the reports, both charts, the decision, and how it was reached. The library's
// names are camelCase; the HTTP API and the system this one replaces use snake_case names for the same fields,
// made in one place (src/wire/analysis-result.ts).
import type { Decision } from "../agents/decision-record";
import type { ModelCallRecord } from "../agents/model-call";
import type { DebateTurn } from "../agents/prompts/researcher-prompt";
import type { StepName } from "../agents/steps";
import type { TrendlineSummary } from "../agents/trend-summary";
import type { StraightLine } from "../charts/straight-line";
import type { AgentsMode, IndicatorMode } from "../config/config-schema";
import type { ProviderId } from "../config/providers";
import type { Stages } from "../config/stages-schema";
import type { LatestIndicatorValues } from "../indicators/compute-indicators";
import type { RecalledLesson } from "../journal/lessons";
import type { AnalysisOutcome } from "../journal/outcome";
import type { TokenUsage } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { PluginSummary } from "../plugins/plugin-set";
import type { RiskLevels } from "../stages/risk-levels";
import type { StepId } from "./progress-events";

/** Latest value of each indicator at its standard periods (null while warming up). */
export type IndicatorSnapshot = LatestIndicatorValues;

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

export interface TrendlineEquations {
  closeSupport: StraightLine;
  closeResistance: StraightLine;
  lowSupport: StraightLine;
  highResistance: StraightLine;
}

export interface AnalysisResult {
  /** The analysis journal's id for this analysis, when it was recorded. */
  id?: string;
  /**
   * Why the journal could not record this analysis (its database was unreachable, say). The analysis itself
   * succeeded and is all here; only its record is missing. Absent when recorded or when the journal is off.
   */
  journalError?: { code: string; message: string };
  /** The version of the agents' prompts (recorded so runs of different prompts are never mixed up). */
  promptVersion: string;
  /**
   * True when the agents saw a blind view (no date, name or price level: agent-view.ts). `charts` are then the blind
   * charts they saw; `candles`, `trendlines`, `indicatorValues` and `pluginIndicatorValues` stay in the window's own
   * prices.
   */
  blind: boolean;
  /** How the Indicator agent got its numbers: computed in code ("direct") or through its tool loop ("tool-call"). */
  indicatorMode: IndicatorMode;
  /** Who decided: the four agents ("team") or one vision call ("single", whose result has no analysts' reports). */
  agents: AgentsMode;
  asset: string;
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** Bars in the analysis window. */
  barCount: number;
  /**
   * ISO times of the window's first and last bar. `requestedStart` is set when the requested range held fewer bars
   * than the window and the start was moved back to fill it.
   */
  window: { start: string; end: string; requestedStart?: string };
  reports: AnalysisReports;
  /** Reports of plugin analysts, by analyst name (empty without plugins). */
  analystReports: Record<string, string>;
  /** The plugins that took part, with their versions (empty without plugins). */
  plugins: PluginSummary[];
  /** The optional stages that ran ({} for the four agents alone): memory, debate, risk. */
  stages: Stages;
  /** The bull and bear researchers' arguments in the order they were made, when the debate stage ran. */
  debate?: DebateTurn[];
  /**
   * Stop-loss, take-profit and size, when the risk stage ran; null levels with the reason when the window gives no
   * sensible stop (a flat window).
   */
  risk?: RiskLevels;
  /**
   * What the memory stage did, when it ran: the lessons the Decision agent was given (newest first), and in a replay
   * of history (the outcome already known) the lesson written about this analysis.
   */
  memory?: { recalled: RecalledLesson[]; lesson?: string };
  /** Base64 PNGs, as the vision model saw them. */
  charts: { pattern: string; trend: string };
  decision: Decision;
  /**
   * The decision scored against the bars after the window, 1 and 3 bars later, when the data held them (a sample
   * window, a CSV replayed with `end`): known at once, so shown with the result rather than only in the History.
   */
  outcome?: AnalysisOutcome;
  indicatorValues: IndicatorSnapshot;
  /** Latest values of plugin indicators, by indicator name (empty without plugins). */
  pluginIndicatorValues: Record<string, number | null>;
  trendlines: TrendlineSummary;
  /**
   * The four lines of the trend chart as slope and intercept over the window's bar indexes (x = 0 is the first of
   * `candles`), so a viewer can draw them across the window: `trendlines` only holds their values at the last bar.
   */
  trendlineEquations: TrendlineEquations;
  /** The candles of the window, for an interactive chart. */
  candles: Candle[];
  timingsMs: Partial<Record<StepId, number>> & { total: number };
  /**
   * Every model call in order; how many each step made (indicator: its tool rounds; pattern and trend: 1 with
   * chart_dispatch "direct", 2 with "tool-call"; decision: 1, or 2 after a repair; plugin analysts under their
   * names); the tokens of all of them.
   */
  usage: { calls: ModelCallRecord[]; callsPerStep: Record<StepName, number>; total: TokenUsage };
  models: ModelsUsed;
  /**
   * True when a role used the demo provider: the reports and decision are scripted ("demo: scripted, not a model"),
   * not a model's reading, and the journal keeps the analysis out of accuracy statistics.
   */
  demo: boolean;
  /**
   * What the run did otherwise than configured, in sentences (empty when nothing): a reasoning model's temperature
   * left out, JSON mode a server refused, an unknown field of the decision record ignored.
   */
  warnings: string[];
}

/** Whether a run with these models is a demo (either role on the demo provider). */
export function isDemoRun(models: { agent: { provider: string }; graph: { provider: string } }): boolean {
  return models.agent.provider === "demo" || models.graph.provider === "demo";
}
