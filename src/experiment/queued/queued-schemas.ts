// What every queued experiment stores beside its own settings, read back with zod by workers and reports (possibly on
// other machines, or written by another version): the spec's common part (the models and stages, never a key or a
// base URL: those are each worker's own; the prompt version; blind; the cache), and each point's result (the
// decision as the decision cache keeps it, or why it failed, and every call it made, for tokens and cost).
import { z } from "zod";

import { providerIdSchema } from "../../config/providers";
import { queuedConfigSchema } from "../../config/queued-config";
import { storedDecisionSchema } from "../decision";

export const queuedExperimentSpecShape = {
  /** The models, window, horizon and stages (never memory: a queue cannot keep a lane's time order). */
  config: queuedConfigSchema.refine((config) => !config.stages.memory, "memory cannot run in a queued run"),
  /** Workers run a point only under the prompts it was queued with: a run is one version of the agents. */
  promptVersion: z.string().min(1),
  blind: z.boolean(),
  schedule: z.enum(["concurrent", "sequential"]),
  /** Model answers through the shared cache (a point run again asks the provider nothing). */
  cache: z.boolean(),
  queuedAt: z.string(),
};
export type QueuedExperimentSpec = z.output<z.ZodObject<typeof queuedExperimentSpecShape>>;

const callSchema = z.strictObject({
  hit: z.boolean(),
  provider: providerIdSchema,
  model: z.string(),
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
});

export const decisionJobResultSchema = z.strictObject({
  decision: storedDecisionSchema.optional(),
  /** Why the analysis failed, when it did in a way a retry would not change. */
  error: z.string().optional(),
  durationMs: z.number().nonnegative(),
  /** Every model call the analysis made: answered by the cache or by the provider, with its tokens. */
  calls: z.array(callSchema),
});
export type DecisionJobResult = z.output<typeof decisionJobResultSchema>;
