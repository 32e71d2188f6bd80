// What a queued evaluation stores, read back with zod by workers and by the report (possibly on other machines, or
// written by another version): the run's spec (its models and settings, never a key or a base URL: those are each
// worker's own), each point's input (the decision point with its bars and future moves, so workers need no benchmark
// files), and each point's result (the directive or why it failed, and the calls it made, for tokens and cost).
import { z } from "zod";

import { providerIdSchema } from "../config/providers";
import { queuedConfigSchema } from "../config/queued-config";
import { candleSchema } from "../market/candle";
import { evaluationProtocolSchema } from "./evaluation-protocol";

export { type QueuedConfig, queuedConfigOf, queuedConfigSchema } from "../config/queued-config";

export const evaluationJobSpecSchema = z.strictObject({
  config: queuedConfigSchema,
  /** Workers run a point only under the prompts it was queued with: a run is one version of the agents. */
  promptVersion: z.string().min(1),
  protocol: evaluationProtocolSchema,
  benchmarkDir: z.string(),
  assets: z.array(z.string()).min(1),
  windows: z.number().int().positive().nullable(),
  horizons: z.array(z.number().int().positive()).min(1),
  historyBars: z.number().int().positive(),
  pointsPerWindow: z.number().int().positive(),
  stride: z.number().int().positive(),
  randomSeeds: z.number().int().positive(),
  firstSeed: z.number().int(),
  schedule: z.enum(["concurrent", "sequential"]),
  /** Model answers through the shared cache (a rerun, or a point run again, asks the provider nothing). */
  cache: z.boolean(),
  /** Under the published protocol, the conventions checked against the published figures (read when queued). */
  conventions: z.json().nullable(),
  queuedAt: z.string(),
});
export type EvaluationJobSpec = z.output<typeof evaluationJobSpecSchema>;

const outcomeSchema = z.strictObject({
  horizon: z.number().int().positive(),
  exitTime: z.number(),
  exitClose: z.number().positive(),
  move: z.number().finite(),
});

export const evaluationJobInputSchema = z.strictObject({
  point: z.strictObject({
    id: z.string().min(1).max(200),
    asset: z.string().min(1).max(40),
    window: z.number().int().nonnegative(),
    point: z.number().int().nonnegative(),
    barIndex: z.number().int().nonnegative(),
    history: z.array(candleSchema).min(2).max(1000),
    entryTime: z.number(),
    entryClose: z.number().positive(),
    outcomes: z.array(outcomeSchema).min(1),
  }),
});
export type EvaluationJobInput = z.output<typeof evaluationJobInputSchema>;

const callSchema = z.strictObject({
  hit: z.boolean(),
  provider: providerIdSchema,
  model: z.string(),
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
});

export const evaluationJobResultSchema = z.strictObject({
  decision: z.enum(["LONG", "SHORT"]).optional(),
  forecastHorizon: z.string().optional(),
  riskRewardRatio: z.number().optional(),
  /** Why the analysis failed, when it did in a way a retry would not change. */
  error: z.string().optional(),
  durationMs: z.number().nonnegative(),
  /** Every model call the analysis made: answered by the cache or by the provider, with its tokens. */
  calls: z.array(callSchema),
});
export type EvaluationJobResult = z.output<typeof evaluationJobResultSchema>;
