// The Decision agent's output: the JSON record the model is asked for (snake_case, as the prompt spells it and as
// the HTTP API answers it), its zod schema, and parsing of a model's raw answer into the library's Decision.
import { z } from "zod";

import { parseJsonAnswer } from "../common/extract-json";
import { formatZodError } from "../common/format-zod-error";

export const DIRECTIVES = ["LONG", "SHORT"] as const;
export type Directive = (typeof DIRECTIVES)[number];

/** The record as the model writes it. Risk/reward between 1.2 and 1.8; never HOLD. */
export const decisionRecordSchema = z.strictObject({
  forecast_horizon: z
    .string({ error: 'must be a string such as "next 3 bars (12 hours)"' })
    .trim()
    .min(1, "must not be empty"),
  decision: z.enum(DIRECTIVES, { error: 'must be exactly "LONG" or "SHORT"' }),
  justification: z.string({ error: "must be a string" }).trim().min(1, "must not be empty"),
  risk_reward_ratio: z
    .number({ error: "must be a number" })
    .min(1.2, "must be between 1.2 and 1.8")
    .max(1.8, "must be between 1.2 and 1.8"),
  /** The model's probability that the order turns out right. */
  confidence: z
    .number({ error: "must be a number between 0.5 and 1" })
    .min(0.5, "must be between 0.5 and 1")
    .max(1, "must be between 0.5 and 1"),
});
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** The decision as the library hands it to callers. */
export interface Decision {
  forecastHorizon: string;
  decision: Directive;
  justification: string;
  riskRewardRatio: number;
  /** The model's probability, 0.5 to 1, that the directive is right; with several samples, the majority's mean. */
  confidence: number;
  /**
   * With several samples (decision_samples > 1): how many said each directive, the majority's share, and each
   * answered sample's directive and confidence in the order asked (the first is what one sample would have given).
   */
  votes?: { LONG: number; SHORT: number };
  agreement?: number;
  samples?: { decision: Directive; confidence: number }[];
}

export function fromDecisionRecord(record: DecisionRecord): Decision {
  return {
    forecastHorizon: record.forecast_horizon,
    decision: record.decision,
    justification: record.justification,
    riskRewardRatio: record.risk_reward_ratio,
    confidence: record.confidence,
  };
}

export function toDecisionRecord(decision: Decision): DecisionRecord {
  return {
    forecast_horizon: decision.forecastHorizon,
    decision: decision.decision,
    justification: decision.justification,
    risk_reward_ratio: decision.riskRewardRatio,
    confidence: decision.confidence,
  };
}

export type DecisionParse =
  | {
      ok: true;
      decision: Decision;
      /** Fields the record does not know, left out (never a reason to repair). */ ignoredFields: string[];
    }
  | { ok: false; problem: string };

/** The record's fields as parsing reads them: unknown ones dropped (and named), required ones exactly right. */
const lenientRecordSchema = z.object(decisionRecordSchema.shape);

/**
 * Reads a decision from model text. Models often wrap JSON in a ```json fence or add a sentence around it, so
 * the first balanced {...} object is taken; a field the record does not know is left out and named (a model that adds
 * a "notes" field has still answered); every required field must be exactly right.
 */
export function parseDecision(text: string): DecisionParse {
  const answer = parseJsonAnswer(text);
  if (!answer.ok) return answer;
  const parsed = lenientRecordSchema.safeParse(answer.value);
  if (!parsed.success) return { ok: false, problem: formatZodError(parsed.error) };
  const known = new Set(Object.keys(decisionRecordSchema.shape));
  const ignoredFields = Object.keys(answer.value as object).filter((field) => !known.has(field));
  return { ok: true, decision: fromDecisionRecord(parsed.data), ignoredFields };
}
