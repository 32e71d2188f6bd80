// What one analysis of one decision point gave, the same in every experiment (an evaluation, a backtest, a queued run,
// the chart-reading probe): the directive with its horizon and ratio, the risk stage's levels when it ran, the chart
// agents' reports when the experiment keeps them (the probe scores them), whether it was taken from the decision
// cache, or why it failed. Also the form the decision cache and the queue keep it in (zod, since it is read
// back from disk or from another machine), and the conversions between the two. Pure.
import { z } from "zod";

import type { AnalysisResult } from "../pipeline/analysis-result";
import type { Directive } from "../scoring/directive";
import type { RiskLevels } from "../stages/risk-levels";

/**
 * The risk stage's answer for one decision: the stop, the target, the size (a fraction of equity), the 14-bar ATR and
 * the structure the stop was put beyond; or null levels and the reason the window gives no sensible stop (the
 * position then holds, at full size, to its horizon or the next decision).
 */
export type DecisionRisk =
  | { stopLoss: number; takeProfit: number; size: number; atr: number; reason: string }
  | { stopLoss: null; takeProfit: null; size: null; atr: number | null; reason: string };

export interface Decision {
  directive?: Directive;
  forecastHorizon?: string;
  riskRewardRatio?: number;
  /** The model's probability that the directive is right; with several samples, the majority's mean. */
  confidence?: number;
  /** With several samples of the Decision agent: how they voted, the majority's share, each answer in order. */
  votes?: { LONG: number; SHORT: number };
  agreement?: number;
  samples?: { decision: Directive; confidence: number }[];
  /** The risk stage's levels (or null levels and the reason the window gives no stop) when it ran; null otherwise. */
  risk: DecisionRisk | null;
  /** The Pattern and Trend agents' reports, when the experiment asked to keep them (`keepReports`). */
  reports?: ChartReports;
  /** Taken from the decision cache (no call this run). */
  cached: boolean;
  /** Why the analysis failed (the run went on without this decision). */
  error?: string;
  durationMs?: number;
}

/** The chart agents' reports, as written: what the chart-reading probe reads each agent's answer from. */
export interface ChartReports {
  pattern: string;
  trend: string;
}

const reportText = z.string().max(100_000);

export const storedDecisionSchema = z.strictObject({
  directive: z.enum(["LONG", "SHORT"]),
  forecastHorizon: z.string().max(500),
  riskRewardRatio: z.number().finite(),
  /** The risk stage's answer, when it ran: levels, or none and the reason. */
  risk: z
    .union([
      z.strictObject({
        stopLoss: z.number().positive(),
        takeProfit: z.number().positive(),
        size: z.number().positive().max(1),
        atr: z.number().nonnegative(),
        reason: z.string().max(500),
      }),
      z.strictObject({
        stopLoss: z.null(),
        takeProfit: z.null(),
        size: z.null(),
        atr: z.number().nonnegative().nullable(),
        reason: z.string().max(500),
      }),
    ])
    .nullable(),
  /** Tokens the analysis took when it was made (what a rerun saved). */
  usage: z.strictObject({ inputTokens: z.number().nonnegative(), outputTokens: z.number().nonnegative() }),
  /** Absent in decisions kept before the record asked for it. */
  confidence: z.number().min(0.5).max(1).optional(),
  votes: z.strictObject({ LONG: z.number().int().nonnegative(), SHORT: z.number().int().nonnegative() }).optional(),
  agreement: z.number().min(0).max(1).optional(),
  samples: z
    .array(z.strictObject({ decision: z.enum(["LONG", "SHORT"]), confidence: z.number().min(0.5).max(1) }))
    .optional(),
  /** The chart agents' reports, kept only when the experiment asked for them (absent in every other entry). */
  reports: z.strictObject({ pattern: reportText, trend: reportText }).optional(),
});
/** A decision as the decision cache and a queued run's results keep it. */
export type StoredDecision = z.infer<typeof storedDecisionSchema>;

/**
 * What an experiment keeps of an analysis: its directive, horizon, ratio, risk levels and usage; and the Pattern and
 * Trend agents' reports with `keepReports`.
 */
export function storedDecisionOf(result: AnalysisResult, options: { keepReports?: boolean } = {}): StoredDecision {
  return {
    directive: result.decision.decision,
    forecastHorizon: result.decision.forecastHorizon,
    riskRewardRatio: result.decision.riskRewardRatio,
    risk: result.risk ? riskOf(result.risk) : null,
    usage: result.usage.total,
    confidence: result.decision.confidence,
    ...(result.decision.votes
      ? { votes: result.decision.votes, agreement: result.decision.agreement, samples: result.decision.samples }
      : {}),
    ...(options.keepReports ? { reports: { pattern: result.reports.pattern, trend: result.reports.trend } } : {}),
  };
}

export function decisionOf(stored: StoredDecision): Omit<Decision, "cached"> {
  return {
    directive: stored.directive,
    forecastHorizon: stored.forecastHorizon,
    riskRewardRatio: stored.riskRewardRatio,
    risk: stored.risk,
    ...(stored.confidence === undefined ? {} : { confidence: stored.confidence }),
    ...(stored.votes ? { votes: stored.votes, agreement: stored.agreement, samples: stored.samples } : {}),
    ...(stored.reports ? { reports: stored.reports } : {}),
  };
}

/** The levels as an experiment keeps them: the basis of a stop, or the reason there is none, under `reason`. */
function riskOf(risk: RiskLevels): DecisionRisk {
  return risk.stopLoss === null
    ? { stopLoss: null, takeProfit: null, size: null, atr: risk.atr, reason: risk.reason }
    : { stopLoss: risk.stopLoss, takeProfit: risk.takeProfit, size: risk.size, atr: risk.atr, reason: risk.basis };
}
