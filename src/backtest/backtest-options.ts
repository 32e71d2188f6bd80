// What runBacktest accepts, checked with zod before anything is read, fetched or spent: the series, the schedule
// (`step`), the cost per side, the random baseline's seed, whether the model takes part, the caches and the cost
// limit. The models, window and horizon come from the pipeline's config (window_bars, decision_horizon_bars).
import { z } from "zod";

import type { ConfigInput } from "../config/config-schema";
import { stagesSchema } from "../config/stages-schema";
import { type RunDependencies, runOptionsShape } from "../experiment/run-options";
import { type Pipeline } from "../pipeline/pipeline";
import type { RunProgressListener } from "../reports/progress-bar";
import { costBpsSchema, DEFAULT_COST_BPS } from "../scoring/trading-cost";
import { backtestSeriesSchema } from "./backtest-series";
import type { BacktestEstimate } from "./cost-estimate";

export const backtestOptionsSchema = z.strictObject({
  series: backtestSeriesSchema,
  /** Bars between decisions; default the horizon (decision_horizon_bars), so each position runs its horizon. */
  step: z
    .number({ error: "must be a number of bars" })
    .int("must be a whole number of bars")
    .min(1, "must be at least 1 bar")
    .max(10_000, "must be at most 10,000 bars")
    .optional(),
  /** Basis points per side, paid on every open, close and flip. @default 5 */
  costBps: costBpsSchema.default(DEFAULT_COST_BPS),
  /** Seed of the random baseline's coin flips. @default 1 */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  /** false: the baselines alone (no model, no key, no cost). @default true */
  includeModel: z.boolean().default(true),
  /** Analyses in flight at once. @default 2 */
  concurrency: z.number().int().min(1).max(16).default(2),
  /**
   * Where completed decisions and model answers are kept; default <config.data_dir>/cache/backtest. false keeps
   * nothing (a rerun pays again).
   */
  cacheDir: z.union([z.string().min(1).max(4096), z.literal(false)]).optional(),
  /** Refuse to start when the estimated cost of the analyses still to make is above this many US dollars. */
  maxCostUsd: z.number().nonnegative("maxCostUsd must be 0 or more").optional(),
  ...runOptionsShape,
  /**
   * The optional stages of every analysis (memory, debate, risk); default the pipeline's config's. With risk, each
   * position leaves at its stop or target (backtest-stages.ts, position-engine.ts).
   */
  stages: stagesSchema.optional(),
  /** Also play every line on the series' mirror image (backtest-assembly.ts); the model is asked twice as often. */
  mirror: z.boolean().default(false),
});

export type BacktestOptions = z.input<typeof backtestOptionsSchema> &
  RunDependencies & {
    /**
     * The pipeline whose models, config, data loading and plugins the backtest uses, as they are (wrap its models with
     * cachedChatModel when it is created to cache every call; completed decisions are cached either way). Its own
     * journal setting is left alone: the backtest records its run whole, not each decision.
     */
    pipeline?: Pipeline;
    /** Instead of a pipeline: the config to build one from (models, keys, window_bars, decision_horizon_bars); its
     * dependencies and plugins are used with a config only. */
    config?: ConfigInput;
    onProgress?: RunProgressListener;
    /** Told what the run will ask of the provider, before anything is spent (and before the cost limit is checked). */
    onEstimate?: (estimate: BacktestEstimate) => void;
  };
