// What runEvaluation (and enqueueEvaluation) accepts, checked with zod before anything is read, fetched or spent:
// the benchmark and its assets, the protocol and its points, the baselines' seeds, whether the model takes part, the
// cache, blind and mirror. The models, window and stages come from the config.
import { z } from "zod";

import type { ConfigInput } from "../config/config-schema";
import type { PipelineDependencies } from "../pipeline/pipeline";
import type { Plugin, PluginDefinition } from "../plugins/define-plugin";
import { evaluationProtocolSchema } from "./evaluation-protocol";
import type { EvaluationProgressListener } from "./evaluation-result";

export const evaluationOptionsSchema = z.strictObject({
  /** The benchmark folder: <benchmarkDir>/<asset>/<ASSET>_4h_<k>.csv. */
  benchmarkDir: z.string().min(1),
  assets: z.array(z.string().trim().min(1)).min(1, "give at least one asset"),
  /** "per-horizon" (default) or "published": one directive per window, scored on the next three closes pooled. */
  protocol: evaluationProtocolSchema.default("per-horizon"),
  /** Windows per asset, the first N by number; default all. */
  windows: z.number().int().positive().optional(),
  /** Default [1, 3]; the published protocol fixes [1, 2, 3]. */
  horizons: z.array(z.number().int().positive()).min(1).optional(),
  /** Default 1, which the published protocol fixes. */
  pointsPerWindow: z.number().int().positive().optional(),
  stride: z.number().int().positive().default(10),
  concurrency: z.number().int().min(1).max(64).default(4),
  randomSeeds: z.number().int().min(1).max(100_000).default(1000),
  firstSeed: z.number().int().default(1),
  /** false scores the baselines alone (no model, no key needed). */
  includeModel: z.boolean().default(true),
  /** The pipeline config (providers, models, keys, window_bars); keys and base URLs also come from the env. */
  config: z
    .custom<ConfigInput>((value) => value === undefined || (typeof value === "object" && value !== null))
    .optional(),
  /**
   * Model-answer cache folder; default the journal's PostgreSQL database when there is one (shared by every process
   * on it), else <config.data_dir>/cache/evaluation; false turns caching off.
   */
  cacheDir: z.union([z.string().min(1), z.literal(false)]).optional(),
  schedule: z.enum(["concurrent", "sequential"]).default("concurrent"),
  /** Blind analyses (no date, name or price level reaches the provider); default the config's `blind`. */
  blind: z.boolean().optional(),
  /** Also analyse every point on its mirrored series (p -> c² / p), and score the baselines there too. */
  mirror: z.boolean().default(false),
});
export type ParsedEvaluationOptions = z.output<typeof evaluationOptionsSchema>;

export type EvaluationOptions = z.input<typeof evaluationOptionsSchema> & {
  signal?: AbortSignal;
  onProgress?: EvaluationProgressListener;
  /** Passed to createPipeline (env, renderer, fetch); a wrapChatModel given here wraps the cached model. */
  dependencies?: PipelineDependencies;
  /** Plugins for the analyses (an ablation: the same run with and without them). Recorded in the result and cache keys. */
  plugins?: readonly (Plugin | PluginDefinition)[];
};
