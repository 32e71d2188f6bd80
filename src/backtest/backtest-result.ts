// The record a backtest returns and its reports are made from: what was run on which bars, each decision with every
// line's side, the lines with their figures and equity curves, the paired tests against always-LONG, the estimate
// told before the run and the usage it had.
import type { Stages } from "../config/stages-schema";
import type { DecisionRisk } from "../experiment/decision";
import type { UsageSummary } from "../llm/usage-meter";
import type { ModelsUsed } from "../pipeline/analysis-result";
import type { BaselineId } from "../scoring/baselines";
import type { Directive } from "../scoring/directive";
import type { BacktestLine, LinePairedTest } from "./backtest-lines";
import type { LineDeflatedSharpe, LineSignificance } from "./backtest-significance";
import type { BacktestEstimate } from "./cost-estimate";

export interface BacktestSettings {
  series: { name: string; timeframe: string; bars: number; start: string; end: string };
  /** Bars each decision sees (the config's window_bars). */
  windowBars: number;
  /** Bars a position is held without a new decision (the config's decision_horizon_bars). */
  horizon: number;
  step: number;
  costBps: number;
  seed: number;
  /** Bars a year, read from the series' own spacing: what the Sharpe ratios are annualised with. */
  barsPerYear: number | null;
  /** The models the agents used; null for a baselines-only run. */
  models: ModelsUsed | null;
  promptVersion: string | null;
  plugins: { name: string; version: string }[];
  /** The optional stages the analyses ran with ({}: none; always {} for a baselines-only run). */
  stages: Stages;
  /** Where decisions and model answers are cached; null when caching is off or the model took no part. */
  cacheDir: string | null;
  /** The model saw blind windows (no date, name or price level). Absent in runs recorded before it existed. */
  blind?: boolean;
  /** Every line was also played on the mirrored series (`mirror` in the result). */
  mirror?: boolean;
}

export interface BacktestDecisionRecord {
  /** Index of the decision bar in the series (0-based). */
  bar: number;
  /** Open time of the decision bar, ISO 8601; the decision is taken at its close. */
  time: string;
  close: number;
  /** The move it is scored on: its close to the close `horizon` bars later (or the last close). */
  move: number;
  /** The model's directive; absent when its analysis failed or the run had no model. */
  directive?: Directive;
  /** The risk stage's levels the position was given, when it ran (null when the stage was off). */
  risk?: DecisionRisk | null;
  /** Taken from the decision cache. */
  cached?: boolean;
  error?: string;
  /** What each baseline decided at this bar. */
  baselines: Record<BaselineId, Directive>;
}

export interface BacktestResult {
  settings: BacktestSettings;
  decisions: BacktestDecisionRecord[];
  /** The model's line first (when it ran), then buy_and_hold and the baselines. */
  lines: BacktestLine[];
  /** Every directional line against always_long, on the decisions both scored. */
  paired: LinePairedTest[];
  /**
   * Whether the money made is more than luck: each deciding line against buy-and-hold (the model line against
   * always-LONG too), a circular block bootstrap of the per-bar return difference (backtest-significance.ts).
   */
  significance: LineSignificance[];
  /** The deflated Sharpe ratio of the model line (or, without one, of the best baseline); null when none varies. */
  deflatedSharpe: LineDeflatedSharpe | null;
  /**
   * With `mirror`: every line played again on the series' mirror image (p -> c² / p around its last close,
   * src/market/mirror-candles.ts), the model's first when it ran, with its paired tests; otherwise null.
   */
  mirror?: { lines: BacktestLine[]; paired: LinePairedTest[]; errors: number } | null;
  /** What the run was expected to ask of the provider, told before it started; null without a model. */
  estimate: BacktestEstimate | null;
  usage: UsageSummary;
  /** Decisions whose analysis failed. */
  errors: number;
  startedAt: string;
  durationMs: number;
  /** The run's id in the journal (when the config's journal is on). */
  journalRunId?: string;
  journalError?: { code: string; message: string };
}
