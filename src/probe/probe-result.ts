// The record a chart-reading probe returns and its reports are made from: what was planted (the settings and one
// point per series with its label), what the agents answered on each, the three scores against the planted truth
// with their chance rates and exact p-values, the confusion matrix of the Pattern agent's picks, the estimate told
// before the run and the usage it had.
import type { BacktestEstimate } from "../backtest/cost-estimate";
import type { UsageSummary } from "../llm/usage-meter";
import type { ModelsUsed } from "../pipeline/analysis-result";
import type { Directive } from "../scoring/directive";
import type { PatternPick } from "./pattern-pick";
import type { ProbeSeriesLabel, TrendDirection } from "./shapes/probe-series";
import type { ProbeShape } from "./shapes/shape-catalog";

export interface ProbeSettings {
  shapes: ProbeShape[];
  perShape: number;
  seed: number;
  noise: number;
  bars: number;
  timeframe: string;
  models: ModelsUsed;
  promptVersion: string;
  /** Where completed decisions and model answers are cached; null when caching is off. */
  cacheDir: string | null;
  /** Always true: the agents see no date, name or price level. */
  blind: true;
}

export interface ProbePoint {
  label: ProbeSeriesLabel;
  /** Open time of the series' last bar (ISO 8601) and its close: where the analysis decided. */
  lastBarTime: string;
  lastClose: number;
  /** The Pattern agent's pick; absent when the analysis failed. */
  pick?: PatternPick;
  /** The Trend agent's direction; null when its report gave none; absent when the analysis failed. */
  trend?: TrendDirection | null;
  directive?: Directive;
  /** Taken from the decision cache. */
  cached?: boolean;
  error?: string;
}

/** One score against its chance rate. */
export interface ProbeScore {
  /** Series scored (failed analyses and labels without an answer to score left out). */
  n: number;
  hits: number;
  /** hits / n; null when n = 0. */
  accuracy: number | null;
  /** The accuracy of the best constant answer on the same series: the share of the most common right answer. */
  chance: number;
  /** That constant answer ("V-shaped Reversal", "upward", "LONG"); null when nothing was scored. */
  chanceAnswer: string | null;
  /** Exact binomial P(X >= hits), X ~ Binomial(n, chance): small when the score is better than chance. */
  pValue: number;
  /** P(X <= hits): small when the score is worse than chance. */
  pValueBelow: number;
}

/** A score on each planted shape (its hits among its series). */
export interface ShapeScore {
  shape: ProbeShape;
  n: number;
  hits: number;
  accuracy: number | null;
}

export interface ConfusionMatrix {
  /** The planted shapes, in the run's order. */
  rows: ProbeShape[];
  /** The picks: the planted shapes' names, then any other name the agent gave, then "none". */
  columns: string[];
  /** counts[row][column]: how often that shape was read as that name. */
  counts: number[][];
}

export type PatternScores =
  | {
      scored: true;
      /** On the planted patterns (not the plain trends, whose right pick is none). */
      overall: ProbeScore;
      perShape: ShapeScore[];
      confusion: ConfusionMatrix;
      /** On the plain trends: how often a pattern was named where none was planted. */
      falseAlarms: { n: number; named: number };
    }
  | { scored: false; reason: string };

export interface ProbeScores {
  pattern: PatternScores;
  /** The Trend agent's direction against the planted slope's, on every series whose slope has a clear direction. */
  trend: { overall: ProbeScore; perShape: ShapeScore[] };
  /** The directive against the textbook direction, on every series that has one. */
  directive: { overall: ProbeScore; perShape: ShapeScore[] };
}

export interface ProbeResult {
  settings: ProbeSettings;
  points: ProbePoint[];
  scores: ProbeScores;
  /** The verdict in words: whether the model reads charts better than chance, and what each score says. */
  verdict: string[];
  /** What the run was expected to ask of the provider, told before it started. */
  estimate: BacktestEstimate;
  usage: UsageSummary;
  /** Series whose analysis failed. */
  errors: number;
  /** True when a role used the demo provider: its answers are scripted, not a model's reading. */
  demo: boolean;
  startedAt: string;
  durationMs: number;
  journalRunId?: string;
  journalError?: { code: string; message: string };
}
