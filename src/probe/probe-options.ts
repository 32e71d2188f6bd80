// What runChartProbe accepts, checked with zod before anything is generated, read or spent: which shapes to plant
// (an unknown name is refused with the list of known ones), how many series of each (at least one), the seed, the
// noise and the length of each series, the timeframe its bars are spaced on, and the usual run settings (concurrency,
// the decision cache, the cost limit). The models come from the config.
import { z } from "zod";

import type { BacktestEstimate } from "../backtest/cost-estimate";
import { quoteInput } from "../common/quote-input";
import type { ConfigInput } from "../config/config-schema";
import { TIMEFRAMES } from "../market/timeframes";
import type { PipelineDependencies } from "../pipeline/pipeline";
import type { RunProgressListener } from "../reports/progress-bar";
import { isProbeShape, PROBE_SHAPES, type ProbeShape } from "./shapes/shape-catalog";

/** Series per shape unless told otherwise: 48 analyses for every shape, enough to tell a chart reader from chance. */
export const DEFAULT_PER_SHAPE = 3;
export const DEFAULT_NOISE = 0.004;
export const MAX_NOISE = 0.05;

/** Months have no fixed length, so their bars cannot be evenly spaced. */
const evenTimeframes = TIMEFRAMES.filter((timeframe) => timeframe !== "1mo");

const shapeSchema = z.string().superRefine((name, context) => {
  if (!isProbeShape(name))
    context.addIssue({
      code: "custom",
      message: `unknown shape ${quoteInput(name)}: the shapes are ${PROBE_SHAPES.join(", ")}`,
    });
});

export const probeOptionsSchema = z.strictObject({
  /** The shapes to plant, each once in this order; default every shape. */
  shapes: z
    .array(shapeSchema)
    .min(1, "give at least one shape")
    .transform((names) => [...new Set(names)] as ProbeShape[])
    .optional(),
  /** Series of each shape. @default 3 */
  perShape: z
    .number({ error: "must be a number of series" })
    .int("must be a whole number of series")
    .min(1, "must be at least 1 series per shape")
    .max(1000, "must be at most 1,000 series per shape")
    .default(DEFAULT_PER_SHAPE),
  /** The run's seed: the same seed plants the same series. @default 1 */
  seed: z
    .number()
    .int("must be a whole number")
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  /** Standard deviation of each close around the planted outline, as a fraction of price. @default 0.004 */
  noise: z
    .number({ error: "must be a number" })
    .min(0, "must be 0 or more")
    .max(MAX_NOISE, `must be at most ${MAX_NOISE} (5% a bar hides any shape)`)
    .default(DEFAULT_NOISE),
  /** Bars in each series, the analysis window; default the config's window_bars. */
  bars: z
    .number({ error: "must be a number of bars" })
    .int("must be a whole number of bars")
    .min(35, "must be at least 35 bars (an analysis needs 35)")
    .max(500, "must be at most 500 bars")
    .optional(),
  timeframe: z.enum(evenTimeframes, { error: `must be one of ${evenTimeframes.join(", ")}` }).default("4h"),
  /** Analyses in flight at once. @default 2 */
  concurrency: z.number().int().min(1).max(16).default(2),
  /**
   * Where completed decisions and model answers are kept; default <config.data_dir>/cache/probe. false keeps nothing
   * (a rerun pays again).
   */
  cacheDir: z.union([z.string().min(1).max(4096), z.literal(false)]).optional(),
  /** Refuse to start when the estimated cost of the analyses still to make is above this many US dollars. */
  maxCostUsd: z.number().nonnegative("must be 0 or more").optional(),
  schedule: z.enum(["concurrent", "sequential"]).default("concurrent"),
});

export type ParsedProbeOptions = z.output<typeof probeOptionsSchema>;

export type ChartProbeOptions = z.input<typeof probeOptionsSchema> & {
  /** The config the pipeline is built from (models, keys, data_dir, journal); blind is always on. */
  config?: ConfigInput;
  /** Passed to createPipeline (env, renderer, fetch); a wrapChatModel here wraps the cached model. */
  dependencies?: PipelineDependencies;
  signal?: AbortSignal;
  onProgress?: RunProgressListener;
  /** Told what the run will ask of the provider, before anything is spent (and before the cost limit is checked). */
  onEstimate?: (estimate: BacktestEstimate) => void;
};
