// A backtest queued for workers (`quantagent backtest --queue`): its spec (the series itself, so workers need no file
// and no market data, the schedule and costs; the common part is the experiment engine's, src/experiment/queued/),
// one job per decision bar, and enqueueBacktest: the same options as runBacktest, checked the same way and in the same
// order before anything is spent: the options, the series (loaded and checked here), every decision window's spacing,
// and the estimate, told and held against the cost limit.
//
// Refused before anything is read, besides what the engine refuses, each saying why: memory (each decision's lessons
// come from the decisions before it, in time order, which independent jobs on several workers cannot keep); mirror
// (its second series is not queued yet).
import { z } from "zod";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import type { Env } from "../config/api-keys";
import { createConfig } from "../config/config-schema";
import { providerIdSchema } from "../config/providers";
import { queuedConfigOf } from "../config/queued-config";
import { normaliseStages } from "../config/stages-schema";
import { experimentJobKind } from "../experiment/queued/decision-job";
import { enqueueExperiment, queueDatabaseUrl } from "../experiment/queued/enqueue-experiment";
import { queuedExperimentSpecShape } from "../experiment/queued/queued-schemas";
import { modelSettingsFor, modelsUsedBy } from "../llm/model-settings";
import { assertBarSpacing } from "../market/bar-spacing";
import { candleSchema } from "../market/candle";
import { timeframeSchema } from "../market/timeframes";
import { createPipeline, type PipelineDependencies } from "../pipeline/pipeline";
import type { QueuedRun } from "../queue/enqueue-run";
import { QueueError } from "../queue/queue-error";
import type { JobSettingsInput } from "../queue/queue-settings";
import { costBpsSchema } from "../scoring/trading-cost";
import { type BacktestOptions, backtestOptionsSchema } from "./backtest-options";
import { loadBacktestSeries, MAX_SERIES_BARS } from "./backtest-series";
import { assertWithinBudget, type BacktestEstimate, estimateBacktest } from "./cost-estimate";
import { decisionBars, decisionWindow, walkForwardPoints } from "./walk-forward-schedule";

export const BACKTEST_JOB_KIND = "backtest";

export const backtestJobSpecSchema = z.strictObject({
  ...queuedExperimentSpecShape,
  series: z.strictObject({
    name: z.string().min(1).max(200),
    timeframe: timeframeSchema,
    candles: z.array(candleSchema).min(2).max(MAX_SERIES_BARS),
  }),
  step: z.number().int().positive(),
  costBps: costBpsSchema,
  seed: z.number().int(),
  /** What the run was expected to ask of the provider, told (and held against --max-cost) when it was queued. */
  estimate: z.json(),
  /**
   * The models as the queuing process named them (labelled by a base URL that is not their provider's own, so priced
   * as unknown), for the report's settings; absent in runs queued before it was kept.
   */
  models: z
    .strictObject({
      agent: z.strictObject({ provider: providerIdSchema, model: z.string(), temperature: z.number() }),
      graph: z.strictObject({ provider: providerIdSchema, model: z.string(), temperature: z.number() }),
    })
    .optional(),
});
export type BacktestJobSpec = z.output<typeof backtestJobSpecSchema>;

export const backtestJobInputSchema = z.strictObject({
  /** The decision bar (0-based index into the spec's series); the window is the bars up to it. */
  bar: z.number().int().nonnegative().max(MAX_SERIES_BARS),
});
export type BacktestJobInput = z.output<typeof backtestJobInputSchema>;

/** The decision bars of a queued backtest, as the one-process backtest schedules them. */
export function queuedDecisionBars(spec: BacktestJobSpec): number[] {
  const config = createConfig(spec.config);
  return decisionBars(spec.series.candles.length, {
    windowBars: config.window_bars,
    step: spec.step,
    horizon: config.decision_horizon_bars,
  });
}

/** "backtest: gpt-4o (openai) on BTC-USD (4h), 120 decisions every 3 bars" */
export function describeBacktestSpec(spec: BacktestJobSpec): string {
  const graph = modelSettingsFor(createConfig(spec.config), "graph");
  const decisions = queuedDecisionBars(spec).length;
  return (
    `backtest: ${graph.model} (${graph.provider}) on ${spec.series.name} (${spec.series.timeframe}), ` +
    `${decisions} decision${decisions === 1 ? "" : "s"} every ${spec.step} bar${spec.step === 1 ? "" : "s"}`
  );
}

export const backtestJobKind = experimentJobKind({
  name: BACKTEST_JOB_KIND,
  specSchema: backtestJobSpecSchema,
  inputSchema: backtestJobInputSchema,
  describe: describeBacktestSpec,
  pointOf(spec, input) {
    const bars = queuedDecisionBars(spec);
    if (!bars.includes(input.bar))
      throw new QueueError({ reason: "unreadable_run", message: `Bar ${input.bar} is not a decision bar of the run.` });
    return itemAt(walkForwardPoints(spec.series, [input.bar], createConfig(spec.config).window_bars), 0);
  },
});

export type QueueBacktestOptions = Omit<
  BacktestOptions,
  "pipeline" | "plugins" | "dependencies" | "onProgress" | "concurrency" | "cacheDir"
> & {
  /** false asks the providers for every call; default the shared model-answer cache. */
  cache?: boolean;
  /** How each point's job is retried and when it counts as lost. */
  jobs?: JobSettingsInput;
  /** Where DATABASE_URL is read when the config names no database; default process.env. */
  env?: Env;
  /** For loading a symbol's series here (fetch); the workers never load it. */
  dependencies?: Pick<PipelineDependencies, "fetch">;
};

export async function enqueueBacktest(
  options: QueueBacktestOptions,
): Promise<QueuedRun & { estimate: BacktestEstimate }> {
  const {
    config: configInput,
    signal,
    onEstimate,
    cache = true,
    jobs,
    env = process.env,
    dependencies,
    ...data
  } = options;
  const parsed = backtestOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid backtest options");
  const settings = parsed.data;
  const config = createConfig(configInput ?? {});
  const databaseUrl = queueDatabaseUrl("backtest", { config, env, includeModel: settings.includeModel });
  const stages = normaliseStages(settings.stages ?? config.stages);
  if (stages.memory)
    throw new InputError({
      message:
        "Memory cannot be queued: each decision learns from the lessons of the decisions before it, in time order, " +
        "and a queue hands the decisions to several workers at once. Run a backtest with memory without --queue.",
      details: { field: "stages" },
    });
  if (settings.mirror)
    throw new InputError({
      message: "A mirrored backtest cannot be queued yet: run it without --queue (or queue it without mirror).",
      details: { field: "mirror" },
    });
  const blind = settings.blind ?? config.blind;

  // The series is loaded here only (a symbol through the pipeline's market data, which needs no key).
  const loader = createPipeline({ ...config, journal: false }, { env, ...(dependencies ?? {}) });
  const series = await loadBacktestSeries(settings.series, { pipeline: () => loader, signal }).finally(() =>
    loader.close(),
  );
  const { candles } = series;
  const windowBars = config.window_bars;
  const horizon = config.decision_horizon_bars;
  const step = settings.step ?? horizon;
  const bars = decisionBars(candles.length, { windowBars, step, horizon });
  for (const bar of bars)
    assertBarSpacing(decisionWindow(candles, bar, windowBars), series.timeframe, `the series ${series.name}`);
  // Nothing is looked up in a cache here: the estimate is what the run would cost if no answer were cached.
  const { agent, graph } = modelsUsedBy(config, env);
  const estimate = estimateBacktest({
    decisions: bars.length,
    cached: 0,
    models: { agent: agent.model, graph: graph.model },
    chartDispatch: config.chart_dispatch,
    indicatorMode: config.indicator_mode,
    agents: config.agents,
    stageCalls: 2 * (stages.debate?.rounds ?? 0),
    scripted: agent.provider === "demo" && graph.provider === "demo",
    decisionSamples: config.decision_samples,
  });
  onEstimate?.(estimate);
  assertWithinBudget(estimate, settings.maxCostUsd);
  signal?.throwIfAborted();

  const spec: BacktestJobSpec = {
    config: queuedConfigOf({ ...config, stages }),
    promptVersion: PROMPT_VERSION,
    series: { name: series.name, timeframe: series.timeframe, candles },
    step,
    costBps: settings.costBps,
    seed: settings.seed,
    blind,
    schedule: settings.schedule,
    cache,
    estimate: JSON.parse(JSON.stringify(estimate)) as BacktestJobSpec["estimate"],
    models: { agent, graph },
    queuedAt: new Date().toISOString(),
  };
  const points = bars.map((bar) => ({ id: `bar-${bar}`, input: { bar } satisfies BacktestJobInput }));
  const queued = await enqueueExperiment({ config, databaseUrl, kind: backtestJobKind, spec, points, jobs });
  return { ...queued, estimate };
}
