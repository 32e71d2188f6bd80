// The wire shape of an analysis's result: the snake_case JSON the HTTP API answers, the old web page reads and the
// journal stores. The one place where the result's camelCase names become the wire's (its stage parts in
// analysis-stages.ts, the progress events in progress-event.ts); notebook users who want the same JSON call
// toWireResult(result).
import { z } from "zod";

import { decisionRecordSchema, toDecisionRecord } from "../agents/decision-record";
import { agentsModeSchema, indicatorModeSchema } from "../config/config-schema";
import { DEMO_LABEL } from "../config/providers";
import { stagesSchema } from "../config/stages-schema";
import { candleSchema } from "../market/candle";
import type { AnalysisResult, IndicatorSnapshot } from "../pipeline/analysis-result";
import { toWireMemory, toWireRisk, wireDebateSchema, wireMemorySchema, wireRiskSchema } from "./analysis-stages";

const modelUsedSchema = z.object({ provider: z.string(), model: z.string(), temperature: z.number() });
const straightLineSchema = z.object({ slope: z.number(), intercept: z.number() });
const tokenUsageSchema = z.object({ input_tokens: z.number(), output_tokens: z.number() });
/**
 * The decision as results give it: the model's record (decision-record.ts) and, with decision_samples above 1, the
 * samples' votes and the majority's share. `confidence` is absent only in analyses recorded before it was asked for.
 */
export const wireDecisionSchema = decisionRecordSchema.extend({
  confidence: decisionRecordSchema.shape.confidence.optional(),
  votes: z
    .strictObject({ LONG: z.number().int().nonnegative(), SHORT: z.number().int().nonnegative() })
    .optional()
    .meta({ description: "With decision_samples above 1: how many samples said each directive" }),
  agreement: z
    .number()
    .min(0.5)
    .max(1)
    .optional()
    .meta({ description: "With decision_samples above 1: the majority's share of the samples that answered" }),
});

export const wireAnalysisResultSchema = z.object({
  /** The journal's id, when the analysis was recorded. */
  id: z.string().optional(),
  /** Why the journal could not record this (otherwise complete) analysis. */
  journal_error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The version of the agents' prompts. */
  prompt_version: z.string(),
  /**
   * True when the agents saw a blind view: no date, name or price level (the charts are the blind ones they saw; the
   * candles, trendlines and indicator values stay in the window's own prices). Absent in results stored before it.
   */
  blind: z.boolean().optional(),
  /** How the Indicator agent got its numbers; absent in results stored before the choice existed (all "tool-call"). */
  indicator_mode: indicatorModeSchema.optional(),
  /** Who decided: the four agents or one vision call; absent in results stored before the choice existed (the team). */
  agents: agentsModeSchema.optional(),
  asset: z.string(),
  asset_name: z.string(),
  symbol: z.string(),
  timeframe: z.string(),
  data_length: z.number().int(),
  window: z.object({ start: z.string(), end: z.string(), requested_start: z.string().optional() }),
  technical_indicators: z.string(),
  pattern_analysis: z.string(),
  trend_analysis: z.string(),
  /** Reports of plugin analysts, by analyst name. */
  analyst_reports: z.record(z.string(), z.string()),
  /** The plugins that took part, with their versions. */
  plugins: z.array(z.object({ name: z.string(), version: z.string() })),
  /** The optional stages that ran: {} for the four agents alone. */
  stages: stagesSchema,
  debate: wireDebateSchema.optional(),
  risk: wireRiskSchema.optional(),
  memory: wireMemorySchema.optional(),
  /** Base64 PNGs. */
  pattern_chart: z.string(),
  trend_chart: z.string(),
  final_decision: wireDecisionSchema,
  indicator_values: z.record(z.string(), z.number().nullable()),
  trendlines: z.object({
    close_support: z.number(),
    close_resistance: z.number(),
    support_slope: z.number(),
    resistance_slope: z.number(),
    low_support: z.number(),
    high_resistance: z.number(),
    last_close: z.number(),
  }),
  /** The four trend-chart lines as slope and intercept over the window's bar indexes (x = 0: the first candle). */
  trendline_equations: z.object({
    close_support: straightLineSchema,
    close_resistance: straightLineSchema,
    low_support: straightLineSchema,
    high_resistance: straightLineSchema,
  }),
  candles: z.array(candleSchema),
  timings_ms: z.record(z.string(), z.number()),
  usage: z.object({
    calls: z.array(
      z.object({
        step: z.string(),
        role: z.string(),
        provider: z.string(),
        model: z.string(),
        input_tokens: z.number(),
        output_tokens: z.number(),
        duration_ms: z.number(),
      }),
    ),
    /** Model calls per step: the first place to look when comparing chart_dispatch modes or providers. */
    calls_per_step: z.record(z.string(), z.number().int()),
    total: tokenUsageSchema,
  }),
  models: z.object({ agent: modelUsedSchema, graph: modelUsedSchema }),
  /** True for the demo provider's scripted answers; absent in analyses recorded before it existed. */
  demo: z.boolean().optional().meta({
    description: 'true: the reports and decision are scripted by the demo provider ("demo: scripted, not a model")',
  }),
  /** "demo: scripted, not a model" on demo results, for clients that show one line of text. */
  notice: z.string().optional(),
  /**
   * What the run did otherwise than configured, in sentences: a reasoning model's temperature left out, JSON mode a
   * server refused, an unknown field of the decision record ignored. Absent when there is nothing to say.
   */
  warnings: z.array(z.string()).optional().meta({
    description: "Sentences saying what the run did otherwise than configured (a setting a model does not take, ...)",
  }),
  outcome: z
    .array(z.object({ bars: z.union([z.literal(1), z.literal(3)]), hit: z.boolean(), return: z.number() }))
    // null as a stored analysis answers it while pending (GET /api/analyses/<id>, which shows the same view).
    .nullable()
    .optional()
    .meta({
      description:
        "the decision scored at once against the bars after the window, 1 and 3 bars later, when the data held them (a sample window, a CSV with end)",
    }),
});
export type WireAnalysisResult = z.infer<typeof wireAnalysisResultSchema>;

/** The wire name of each indicator value. */
export const WIRE_INDICATOR_KEYS: Readonly<Record<keyof IndicatorSnapshot, string>> = {
  rsi: "rsi",
  macd: "macd",
  macdSignal: "macd_signal",
  macdHistogram: "macd_histogram",
  stochasticK: "stochastic_k",
  stochasticD: "stochastic_d",
  roc: "roc",
  williamsR: "williams_r",
};

export function toWireResult(result: AnalysisResult): WireAnalysisResult {
  const lines = result.trendlines;
  return {
    ...(result.id === undefined ? {} : { id: result.id }),
    ...(result.journalError === undefined ? {} : { journal_error: result.journalError }),
    prompt_version: result.promptVersion,
    blind: result.blind,
    indicator_mode: result.indicatorMode,
    agents: result.agents,
    asset: result.asset,
    asset_name: result.assetName,
    symbol: result.symbol,
    timeframe: result.timeframe,
    data_length: result.barCount,
    window: {
      start: result.window.start,
      end: result.window.end,
      ...(result.window.requestedStart === undefined ? {} : { requested_start: result.window.requestedStart }),
    },
    technical_indicators: result.reports.indicator,
    pattern_analysis: result.reports.pattern,
    trend_analysis: result.reports.trend,
    analyst_reports: result.analystReports,
    plugins: result.plugins,
    stages: result.stages,
    ...(result.debate ? { debate: result.debate } : {}),
    ...(result.risk ? { risk: toWireRisk(result.risk) } : {}),
    ...(result.memory ? { memory: toWireMemory(result.memory) } : {}),
    pattern_chart: result.charts.pattern,
    trend_chart: result.charts.trend,
    final_decision: {
      ...toDecisionRecord(result.decision),
      ...(result.decision.votes ? { votes: result.decision.votes, agreement: result.decision.agreement } : {}),
    },
    // Plugin indicators come after the built-in ones, under their own names.
    indicator_values: {
      ...Object.fromEntries(
        (Object.keys(WIRE_INDICATOR_KEYS) as (keyof IndicatorSnapshot)[]).map((key) => [
          WIRE_INDICATOR_KEYS[key],
          result.indicatorValues[key],
        ]),
      ),
      ...result.pluginIndicatorValues,
    },
    trendlines: {
      close_support: lines.closeSupport,
      close_resistance: lines.closeResistance,
      support_slope: lines.supportSlope,
      resistance_slope: lines.resistanceSlope,
      low_support: lines.lowSupport,
      high_resistance: lines.highResistance,
      last_close: lines.lastClose,
    },
    trendline_equations: {
      close_support: result.trendlineEquations.closeSupport,
      close_resistance: result.trendlineEquations.closeResistance,
      low_support: result.trendlineEquations.lowSupport,
      high_resistance: result.trendlineEquations.highResistance,
    },
    candles: result.candles,
    timings_ms: Object.fromEntries(
      Object.entries(result.timingsMs).filter((entry): entry is [string, number] => entry[1] !== undefined),
    ),
    usage: {
      calls: result.usage.calls.map((call) => ({
        step: call.step,
        role: call.role,
        provider: call.provider,
        model: call.model,
        input_tokens: call.usage.inputTokens,
        output_tokens: call.usage.outputTokens,
        duration_ms: call.durationMs,
      })),
      calls_per_step: result.usage.callsPerStep,
      total: { input_tokens: result.usage.total.inputTokens, output_tokens: result.usage.total.outputTokens },
    },
    models: result.models,
    demo: result.demo,
    ...(result.demo ? { notice: DEMO_LABEL } : {}),
    ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}),
    ...(result.outcome === undefined ? {} : { outcome: result.outcome }),
  };
}

/** POST /api/analyze in the replaced system's form: the page that client opens, and the whole result. */
export const legacyAnalyzeAnswerSchema = z.object({
  success: z.literal(true),
  redirect: z.string().meta({
    description: "/output?results=<URL-encoded JSON>: the page the original client opens, with the fields it shows",
  }),
  full_results: wireAnalysisResultSchema,
});
