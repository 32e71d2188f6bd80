// What a queued backtest stores, read back with zod by workers and by the report (possibly on other machines, or
// written by another version): the run's spec (the series itself, so workers need no file and no market data, the
// schedule, costs, models and stages, never a key or a base URL), each point's input (its decision bar), and each
// point's result (the decision as the decision cache keeps it, or why it failed, and the calls it made).
import { z } from "zod";

import { providerIdSchema } from "../config/providers";
import { queuedConfigSchema } from "../config/queued-config";
import { candleSchema } from "../market/candle";
import { timeframeSchema } from "../market/timeframes";
import { costBpsSchema } from "../scoring/trading-cost";
import { MAX_SERIES_BARS } from "./backtest-series";
import { cachedDecisionSchema } from "./decision-cache";

export const backtestJobSpecSchema = z.strictObject({
  /** The models, window_bars, decision_horizon_bars and stages (never memory: enqueue-backtest.ts says why). */
  config: queuedConfigSchema.refine((config) => !config.stages.memory, "memory cannot run in a queued backtest"),
  /** Workers run a point only under the prompts it was queued with: a run is one version of the agents. */
  promptVersion: z.string().min(1),
  series: z.strictObject({
    name: z.string().min(1).max(200),
    timeframe: timeframeSchema,
    candles: z.array(candleSchema).min(2).max(MAX_SERIES_BARS),
  }),
  step: z.number().int().positive(),
  costBps: costBpsSchema,
  seed: z.number().int(),
  blind: z.boolean(),
  schedule: z.enum(["concurrent", "sequential"]),
  /** Model answers through the shared cache (a point run again asks the provider nothing). */
  cache: z.boolean(),
  /** What the run was expected to ask of the provider, told (and held against --max-cost) when it was queued. */
  estimate: z.json(),
  queuedAt: z.string(),
});
export type BacktestJobSpec = z.output<typeof backtestJobSpecSchema>;

export const backtestJobInputSchema = z.strictObject({
  /** The decision bar (0-based index into the spec's series); the window is the bars up to it. */
  bar: z.number().int().nonnegative().max(MAX_SERIES_BARS),
});
export type BacktestJobInput = z.output<typeof backtestJobInputSchema>;

const callSchema = z.strictObject({
  hit: z.boolean(),
  provider: providerIdSchema,
  model: z.string(),
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
});

export const backtestJobResultSchema = z.strictObject({
  decision: cachedDecisionSchema.optional(),
  /** Why the analysis failed, when it did in a way a retry would not change. */
  error: z.string().optional(),
  durationMs: z.number().nonnegative(),
  /** Every model call the analysis made: answered by the cache or by the provider, with its tokens. */
  calls: z.array(callSchema),
});
export type BacktestJobResult = z.output<typeof backtestJobResultSchema>;
