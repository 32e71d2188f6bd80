// Queues a backtest for workers (`quantagent backtest --queue`): the same options as runBacktest, checked the same
// way and in the same order before anything is spent: the options, the series (loaded and checked here, then stored
// with the run, so a worker anywhere needs no file and no market data), every decision window's spacing, and the
// estimate, told and held against the cost limit. Then one job per decision bar in the PostgreSQL queue. Nothing is
// spent here: the workers ask the providers, with their own keys.
//
// Refused before anything is read, each saying why: no PostgreSQL; a baselines-only run (it asks no model, so there
// is nothing for workers to do); memory (each decision's lessons come from the decisions before it, in time order,
// which independent jobs on several workers cannot keep); mirror (its second series is not queued yet).
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import type { Env } from "../config/api-keys";
import { createConfig } from "../config/config-schema";
import { queuedConfigOf } from "../config/queued-config";
import { createDatabaseHandle } from "../journal/database-handle";
import { modelSettingsFor } from "../llm/create-chat-model";
import { assertBarSpacing } from "../market/bar-spacing";
import { createPipeline, type PipelineDependencies } from "../pipeline/pipeline";
import { databaseUrlOf } from "../pipeline/pipeline-journal";
import { enqueueRun, type QueuedRun } from "../queue/enqueue-run";
import { needsPostgres } from "../queue/queue-error";
import type { JobSettingsInput } from "../queue/queue-settings";
import { normaliseStages } from "../stages/stages-schema";
import { backtestJobKind } from "./backtest-job";
import type { BacktestJobInput, BacktestJobSpec } from "./backtest-job-schemas";
import { type BacktestOptions, backtestOptionsSchema } from "./backtest-options";
import { loadBacktestSeries } from "./backtest-series";
import { assertWithinBudget, type BacktestEstimate, estimateBacktest } from "./cost-estimate";
import { decisionBars, decisionWindow } from "./decision-schedule";

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
  const databaseUrl = databaseUrlOf(config, env);
  if (!databaseUrl) throw needsPostgres("A queued backtest");
  if (!settings.includeModel)
    throw new InputError({
      message: "A baselines-only backtest asks no model, so there is nothing to queue: run it without --queue.",
    });
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
  const [agent, graph] = [modelSettingsFor(config, "agent"), modelSettingsFor(config, "graph")];
  const estimate = estimateBacktest({
    decisions: bars.length,
    cached: 0,
    models: { agent: agent.model, graph: graph.model },
    chartDispatch: config.chart_dispatch,
    stageCalls: 2 * (stages.debate?.rounds ?? 0),
    scripted: agent.provider === "demo" && graph.provider === "demo",
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
    queuedAt: new Date().toISOString(),
  };
  const points = bars.map((bar) => ({ id: `bar-${bar}`, input: { bar } satisfies BacktestJobInput }));
  const database = createDatabaseHandle({ dataDir: config.data_dir, databaseUrl });
  try {
    const queued = await enqueueRun({ database, databaseUrl, kind: backtestJobKind, spec, points, jobs });
    return { ...queued, estimate };
  } finally {
    await database.close();
  }
}
