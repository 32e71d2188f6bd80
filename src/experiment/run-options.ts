// What every run on the engine accepts beside its own options: the order its decisions are made in, blind analyses,
// and the pipeline's dependencies, plugins and stop signal. The evaluation's and the backtest's options extend it.
import { z } from "zod";

import { InputError } from "../common/input-error";
import { memoryWhileBlind } from "../config/config-schema";
import type { Stages } from "../config/stages-schema";
import type { PipelineDependencies } from "../pipeline/pipeline";
import type { Plugin, PluginDefinition } from "../plugins/define-plugin";

/** The options both schemas share, spread into each. */
export const runOptionsShape = {
  /** "concurrent" (default) or "sequential": one decision at a time, in time order. */
  schedule: z.enum(["concurrent", "sequential"]).default("concurrent"),
  /** Blind analyses (no date, name or price level reaches the provider); default the config's `blind`. */
  blind: z.boolean().optional(),
};

/** What a run takes beside its checked options: things zod cannot check. */
export interface RunDependencies {
  /** Passed to createPipeline (env, renderer, fetch); a wrapChatModel given here wraps the cached model. */
  dependencies?: PipelineDependencies;
  /** Plugins for the analyses (an ablation: the same run with and without them). Recorded in the result and cache keys. */
  plugins?: readonly (Plugin | PluginDefinition)[];
  signal?: AbortSignal;
}

/**
 * Memory cannot run blind (its lessons name the market and the dates), nor mirrored: a mirrored point's lessons would
 * be about the real series' outcomes, and its replay would need the mirrored later bars. Refused before any call.
 */
export function checkMemoryEdges(stages: Stages, edge: { blind: boolean; mirror: boolean }, what: string): void {
  if (!stages.memory) return;
  if (edge.blind) throw memoryWhileBlind();
  if (edge.mirror)
    throw new InputError({
      message:
        `Invalid ${what} options: mirror cannot run with the memory stage (a mirrored point's lessons would be ` +
        `about the real series). Run the mirrored ${what} without memory, or memory without mirror.`,
      details: { field: "stages" },
    });
}
