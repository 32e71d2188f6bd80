// The record an evaluation run returns and its reports are made from: settings, one record per decision point,
// the score rows, the market's drift on the same samples, the conventions checked against the published figures,
// token usage and cost, and progress snapshots while it runs.
import type { Stages } from "../config/stages-schema";
import type { Decision } from "../experiment/decision";
import type { UsageSummary } from "../llm/usage-meter";
import type { ModelsUsed } from "../pipeline/analysis-result";
import type { RunProgress } from "../reports/progress-bar";
import type { Directive } from "../scoring/directive";
import type { CutoffSplit } from "./cutoff-split";
import type { EvaluationProtocol } from "./evaluation-protocol";
import type { DriftRow } from "./market-drift";
import type { MirrorRow } from "./mirror-scores";
import type { PairedRow } from "./paired-comparisons";
import type { PublishedConventions } from "./published/conventions";
import type { ScoreRow } from "./score-evaluation";

export interface EvaluationSettings {
  /** How directives were scored (evaluation-protocol.ts). */
  protocol: EvaluationProtocol;
  benchmarkDir: string;
  assets: string[];
  /** Windows per asset (the first N by number); null means all. */
  windows: number | null;
  horizons: number[];
  historyBars: number;
  pointsPerWindow: number;
  stride: number;
  randomSeeds: number;
  firstSeed: number;
  concurrency: number;
  /** The models the agents used; null for a baselines-only run. */
  models: ModelsUsed | null;
  /** The version of the agents' prompts; null for a baselines-only run. */
  promptVersion: string | null;
  /** The plugins the analyses ran with (empty: none). */
  plugins: { name: string; version: string }[];
  /** The optional stages the analyses ran with ({}: none; always {} for a baselines-only run). */
  stages: Stages;
  /** Where model answers are cached: a folder, or the database (its URL without password); null when off. */
  cacheDir: string | null;
  /** The agents saw blind views: no date, name or price level (false for a baselines-only run). */
  blind: boolean;
  /** Every point was also analysed (and every baseline run) on its mirrored series. */
  mirror: boolean;
}

/** What one analysis of a point gave: a directive, or why it failed (the run went on). */
export interface AnalysedDirective {
  /** The agents' directive; absent when the analysis failed or the run had no model. */
  decision?: Directive;
  forecastHorizon?: string;
  riskRewardRatio?: number;
  /** The model's probability that its directive is right (absent in runs made before it was asked for). */
  confidence?: number;
  /** With several samples of the Decision agent: the majority's share, and each answer's directive in order. */
  agreement?: number;
  samples?: Directive[];
  /** Why the analysis failed. */
  error?: string;
  durationMs?: number;
}

/** An engine's decision as an evaluation records it. */
export function analysedDirective(decision: Decision): AnalysedDirective {
  return {
    ...(decision.directive
      ? {
          decision: decision.directive,
          forecastHorizon: decision.forecastHorizon,
          riskRewardRatio: decision.riskRewardRatio,
        }
      : {}),
    ...(decision.directive && decision.confidence !== undefined ? { confidence: decision.confidence } : {}),
    ...(decision.directive && decision.samples
      ? { agreement: decision.agreement, samples: decision.samples.map((sample) => sample.decision) }
      : {}),
    ...(decision.error === undefined ? {} : { error: decision.error }),
    ...(decision.durationMs === undefined ? {} : { durationMs: decision.durationMs }),
  };
}

export interface PointRecord extends AnalysedDirective {
  id: string;
  asset: string;
  window: number;
  point: number;
  /** Open time of the last bar the analysis saw, ISO 8601 (the decision is taken at that bar's close). */
  lastBarTime: string;
  entryClose: number;
  outcomes: { horizon: number; move: number }[];
  /** With mirror on: the analysis of the mirrored point, and its mirrored moves (each the original's opposite in log). */
  mirrored?: AnalysedDirective & { outcomes: { horizon: number; move: number }[] };
}

export interface EvaluationResult {
  settings: EvaluationSettings;
  points: PointRecord[];
  scores: ScoreRow[];
  /** Up, down and flat moves on the scored samples, per asset and overall. */
  drift: DriftRow[];
  /** Under the published protocol: the conventions tried against the published random and regression figures; else null. */
  conventions: PublishedConventions | null;
  /** With mirror on: flip rate, long rate and balanced accuracy per method, asset and horizon (mirror-scores.ts). */
  mirror: MirrorRow[] | null;
  /** Exact McNemar tests between methods on the same samples (paired-comparisons.ts). */
  paired: PairedRow[];
  /** The points split at the graph model's training cutoff (cutoff-split.ts); null for a baselines-only run. */
  cutoffSplit: CutoffSplit | null;
  usage: UsageSummary;
  /** Points whose analysis failed. */
  errors: number;
  /** Mirrored points whose analysis failed (0 without mirror). */
  mirrorErrors: number;
  startedAt: string;
  durationMs: number;
  /** The run's id in the analysis journal (runs with a model, when the config's journal is on). */
  journalRunId?: string;
  /** Why the run could not be recorded in the journal; the run's figures are complete regardless. */
  journalError?: { code: string; message: string };
}

/** A run's progress (src/reports/progress-bar.ts), counting windows when each window has one decision point. */
export type EvaluationProgress = RunProgress & { unit: "windows" | "decision points" | "analyses" };

export type EvaluationProgressListener = (progress: EvaluationProgress) => void;
