// The Decision agent's output record (SPEC 6): zod schema, and parsing of a model's raw answer into it.
import { z } from "zod";
import { extractJsonObject } from "../common/extract-json";
import { formatZodError } from "../common/format-zod-error";

export const decisionRecordSchema = z.strictObject({
  forecast_horizon: z.string({ error: "must be a string such as \"next 3 bars (12 hours)\"" }).trim().min(1, "must not be empty"),
  decision: z.enum(["LONG", "SHORT"], { error: 'must be exactly "LONG" or "SHORT"' }),
  justification: z.string({ error: "must be a string" }).trim().min(1, "must not be empty"),
  risk_reward_ratio: z
    .number({ error: "must be a number" })
    .min(1.2, "must be between 1.2 and 1.8")
    .max(1.8, "must be between 1.2 and 1.8"),
});

export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

export type DecisionParse = { ok: true; record: DecisionRecord } | { ok: false; problem: string };

/**
 * Reads a decision from model text. Models often wrap JSON in a ```json fence or add a sentence around it, so
 * the first balanced {...} object is taken; everything else about the record must be exactly right.
 */
export function parseDecision(text: string): DecisionParse {
  const json = extractJsonObject(text);
  if (json === undefined) return { ok: false, problem: "the answer contains no JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: `the JSON does not parse (${(error as Error).message})` };
  }
  const parsed = decisionRecordSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: formatZodError(parsed.error) };
  return { ok: true, record: parsed.data };
}
