// The wire shapes of what the optional stages add to a result (debate, risk, memory), in the HTTP API's snake_case:
// part of the result's wire form (analysis-result.ts), kept apart so that file stays the map of the four agents' result.
import { z } from "zod";

import type { AnalysisResult } from "../pipeline/analysis-result";
import type { RiskLevels } from "../stages/risk-levels";

const wireOutcomeSchema = z
  .array(z.object({ bars: z.number().int(), hit: z.boolean(), return: z.number() }))
  .nullable();

/** The debate stage's arguments, in the order they were made. */
export const wireDebateSchema = z.array(
  z.object({ side: z.enum(["bull", "bear"]), round: z.number().int().min(1), text: z.string() }),
);
/** The risk stage's levels, or null levels with the reason the window gives no sensible stop. */
export const wireRiskSchema = z.union([
  z.object({
    stop_loss: z.number(),
    take_profit: z.number(),
    size: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "fraction of equity: 1% of equity lost at the stop, at most 1" }),
    basis: z.string().meta({ description: "the structure the stop sits beyond (recent low, low support line, ...)" }),
    atr: z.number().meta({ description: "the window's 14-bar average true range" }),
  }),
  z.object({
    stop_loss: z.null(),
    take_profit: z.null(),
    size: z.null(),
    reason: z.string().meta({ description: "why the window gives no sensible stop (a flat window, ...)" }),
    atr: z.number().nullable(),
  }),
]);
/** What the memory stage did: the lessons the Decision agent was given; in a replay, the lesson it wrote. */
export const wireMemorySchema = z.object({
  recalled: z.array(
    z.object({
      analysis_id: z.string(),
      window_end: z.string(),
      decision: z.enum(["LONG", "SHORT"]),
      outcome_bar_time: z
        .string()
        .meta({ description: "open time of the bar from whose close the outcome (and so the lesson) was known" }),
      outcome: wireOutcomeSchema,
      text: z.string(),
    }),
  ),
  lesson: z.string().optional().meta({ description: "the lesson written about this analysis (a replay of history)" }),
});

export function toWireRisk(risk: RiskLevels): z.infer<typeof wireRiskSchema> {
  return risk.stopLoss === null
    ? { stop_loss: null, take_profit: null, size: null, reason: risk.reason, atr: risk.atr }
    : { stop_loss: risk.stopLoss, take_profit: risk.takeProfit, size: risk.size, basis: risk.basis, atr: risk.atr };
}

export function toWireMemory(memory: NonNullable<AnalysisResult["memory"]>): z.infer<typeof wireMemorySchema> {
  return {
    recalled: memory.recalled.map((lesson) => ({
      analysis_id: lesson.analysisId,
      window_end: lesson.windowEnd,
      decision: lesson.decision,
      outcome_bar_time: lesson.outcomeBarTime,
      outcome: lesson.outcome,
      text: lesson.text,
    })),
    ...(memory.lesson === undefined ? {} : { lesson: memory.lesson }),
  };
}
