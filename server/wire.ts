// The JSON shapes of the API's smaller answers: the library's camelCase results, written in the snake_case names
// the HTTP contract fixes (and the old web client reads). Analysis results have their own mapping in the library
// (toWireResult), since notebook users ask for that one too.
import type { ApiKeyStatus, ApiKeyValidation, DateRangeValidation, TimeframeInfo } from "../src/index";
import { describeBarLength } from "../src/market/index";
import type { AnalysisSummary, ScoreOutcomesCounts } from "../src/journal/index";

export function wireKeyStatus(status: ApiKeyStatus): { has_key: boolean; masked_key: string | null } {
  return { has_key: status.hasKey, masked_key: status.maskedKey };
}

export function wireKeyValidation(validation: ApiKeyValidation): { valid: true; message: string } | { valid: false; error: string } {
  return validation.ok ? { valid: true, message: validation.message } : { valid: false, error: validation.error };
}

export type WireDateRange =
  | { valid: true; days: number }
  | { valid: false; error: string; max_days: number | null; current_days: number | null };

export function wireDateRange(validation: DateRangeValidation): WireDateRange {
  return validation.ok
    ? { valid: true, days: validation.days }
    : { valid: false, error: validation.error, max_days: validation.maxDays, current_days: validation.currentDays };
}

export interface WireTimeframeLimit {
  timeframe: string;
  max_days: number;
  /** The yahoo-finance2 interval fetched. */
  interval: string;
  /** True when the fetched bars are grouped into longer ones (4h from 1h). */
  aggregated: boolean;
  /** Nominal bar length; null for months, whose length varies. */
  bar_seconds: number | null;
}

export function wireTimeframeLimit(info: TimeframeInfo): WireTimeframeLimit {
  return {
    timeframe: info.timeframe,
    max_days: info.maxDays,
    interval: info.yahooInterval,
    aggregated: info.aggregated,
    bar_seconds: info.barMs === undefined ? null : info.barMs / 1000,
  };
}

/** One timeframe's limit as the replaced system's API answered it (GET /api/timeframe-limits/<timeframe>). */
export interface WireLegacyTimeframeLimit {
  max_days: number;
  /** "4-hour bars: at most 730 days per request". */
  description: string;
}

export function wireLegacyTimeframeLimit(info: TimeframeInfo): WireLegacyTimeframeLimit {
  return { max_days: info.maxDays, description: `${describeBarLength(info.timeframe)} bars: at most ${info.maxDays} days per request` };
}

/** A history list entry in the wire's snake_case names. */
export interface WireAnalysisSummary {
  id: string;
  created_at: string;
  source: string;
  asset: string;
  symbol: string;
  timeframe: string;
  window_end: string | null;
  bar_count: number;
  decision: "LONG" | "SHORT" | null;
  risk_reward_ratio: number | null;
  models: AnalysisSummary["models"];
  prompt_version: string;
  cost_usd: number | null;
  tokens: { input: number; output: number };
  error: { code: string; message: string } | null;
  outcome: AnalysisSummary["outcome"];
}

export function wireAnalysisSummary(summary: AnalysisSummary): WireAnalysisSummary {
  return {
    id: summary.id,
    created_at: summary.createdAt,
    source: summary.source,
    asset: summary.asset,
    symbol: summary.symbol,
    timeframe: summary.timeframe,
    window_end: summary.windowEnd,
    bar_count: summary.barCount,
    decision: summary.decision,
    risk_reward_ratio: summary.riskRewardRatio,
    models: summary.models,
    prompt_version: summary.promptVersion,
    cost_usd: summary.costUsd,
    tokens: summary.tokens,
    error: summary.error,
    outcome: summary.outcome,
  };
}

export function wireScoreCounts(counts: ScoreOutcomesCounts): { scored: number; pending: number; failed: number; caller_data: number } {
  return { scored: counts.scored, pending: counts.pending, failed: counts.failed, caller_data: counts.callerData };
}
