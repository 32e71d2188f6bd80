// runBacktest: a walk-forward backtest of the agents on one continuous series, beside buy-and-hold and the
// baselines on the same bars, with trading costs. A module that takes a pipeline (or the config to build one), not
// a method of it.
//
// How it runs, and what is refused before anything is spent: the options are checked (a step of zero, a negative
// or absurd cost), the series is loaded and checked (time order, no repeated bar, long enough for one decision;
// with the model, spaced as its timeframe says), the key is checked, every decision is looked up in the decision
// cache and the estimate of what is left is told (onEstimate) and held against the cost limit. Only then are the
// missing decisions analysed, by the experiment engine (src/experiment/), on the walk-forward schedule. The baselines decide on the same windows, every line is played
// through the position engine, and the run is recorded in the journal when the config's journal is on.
import path from "node:path";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import { type Config, createConfig } from "../config/config-schema";
import { applyProviderSwitch } from "../config/provider-switch";
import { hasStages, normaliseStages } from "../config/stages-schema";
import type { Decision } from "../experiment/decision";
import { createDecisionCache } from "../experiment/decision-cache";
import { openExperiment } from "../experiment/open-experiment";
import { readRunJournal, recordRun } from "../experiment/record-run";
import { checkMemoryEdges } from "../experiment/run-options";
import { modelsUsedBy } from "../llm/model-settings";
import { createUsageMeter } from "../llm/usage-meter";
import { assertBarSpacing } from "../market/bar-spacing";
import { mirrorCandles } from "../market/mirror-candles";
import { checkPluginSet, summarisePlugins } from "../plugins/plugin-set";
import { tradingCost } from "../scoring/trading-cost";
import { assembleBacktest } from "./backtest-assembly";
import { backtestRunInput, modelBacktestsOn, seriesIdentity } from "./backtest-journal";
import { type BacktestOptions, backtestOptionsSchema } from "./backtest-options";
import type { BacktestResult } from "./backtest-result";
import { loadBacktestSeries } from "./backtest-series";
import { baselineDecisions } from "./baseline-decisions";
import { assertWithinBudget, type BacktestEstimate, estimateBacktest } from "./cost-estimate";
import { decisionBars, decisionWindow, walkForwardPoints } from "./walk-forward-schedule";

export async function runBacktest(options: BacktestOptions): Promise<BacktestResult> {
  const { pipeline: given, config: configInput, dependencies = {}, plugins: pluginOption, ...rest } = options;
  const { signal, onProgress, onEstimate, ...data } = rest;
  const parsed = backtestOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid backtest options");
  if (given && (configInput !== undefined || pluginOption !== undefined))
    throw new InputError({
      message: "Give either a pipeline or a config (with plugins) to runBacktest, not both: a pipeline brings its own",
    });
  const settings = parsed.data;
  const cost = tradingCost(settings.costBps);
  const config: Config = given
    ? { ...given.config }
    : applyProviderSwitch(createConfig(configInput ?? {}), dependencies.env ?? process.env);
  const plugins = checkPluginSet(pluginOption ?? dependencies.plugins ?? []);
  const pluginSummary = given ? given.plugins : summarisePlugins(plugins);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const meter = createUsageMeter();
  const blind = settings.includeModel && (settings.blind ?? config.blind);
  const cacheDir =
    !settings.includeModel || settings.cacheDir === false
      ? null
      : path.resolve(settings.cacheDir ?? path.join(config.data_dir, "cache", "backtest"));

  const stages = normaliseStages(settings.stages ?? config.stages);
  checkMemoryEdges(stages, { blind, mirror: settings.includeModel && settings.mirror }, "backtest");
  if (settings.includeModel && stages.memory && given && !given.config.journal)
    throw new InputError({
      message:
        "Memory keeps its lessons in the journal, and the given pipeline's journal is off: turn its journal on, " +
        "or give runBacktest a config instead (it then gives memory a journal of its own)",
      details: { field: "stages" },
    });
  const env = dependencies.env ?? process.env;
  // The stages' setup (memory's own journal) comes first: the pipeline is built with it.
  const experiment = await openExperiment({
    kind: "backtest",
    given,
    config,
    stages: settings.includeModel ? stages : {},
    blind,
    env,
    dependencies,
    plugins,
    pluginSummary,
    answers: cacheDir === null ? null : { dir: path.join(cacheDir, "answers") },
    meter,
  });

  try {
    const series = await loadBacktestSeries(settings.series, { pipeline: () => experiment.pipeline(), signal });
    const { candles } = series;
    // The whole series, baselines alone included: bars 4 hours apart are not 1h bars (the Sharpe ratio's bars a year,
    // the report's "808 1h bars" would be wrong), as analyze refuses them.
    assertBarSpacing(candles, series.timeframe, `the series ${series.name}`);
    // Mirrored before any call: a price at or below zero is an input error that costs nothing.
    const mirrored = settings.mirror ? mirrorCandles(candles) : null;
    const horizon = config.decision_horizon_bars;
    const windowBars = config.window_bars;
    const step = settings.step ?? horizon;
    const bars = decisionBars(candles.length, { windowBars, step, horizon });
    const baselines = baselineDecisions(candles, bars, { windowBars, horizon, seed: settings.seed });
    const mirroredSeries = mirrored && { ...series, candles: mirrored, name: `${series.name} (mirrored)` };

    let modelDecisions: Decision[] | undefined;
    let mirroredDecisions: Decision[] | undefined;
    let estimate: BacktestEstimate | null = null;
    if (settings.includeModel) {
      // Every window an analysis will see, checked as the analysis would check it, before any call.
      for (const bar of bars)
        assertBarSpacing(decisionWindow(candles, bar, windowBars), series.timeframe, `the series ${series.name}`);
      experiment.requireModels(); // a missing key fails here, once, before any call
      const models = modelsUsedBy(config, env);
      const cache = createDecisionCache(cacheDir === null ? null : path.join(cacheDir, "decisions"), {
        promptVersion: PROMPT_VERSION,
        plugins: pluginSummary,
        models,
        chartDispatch: config.chart_dispatch,
        indicatorMode: config.indicator_mode,
        agents: config.agents,
        horizon,
        timeframe: series.timeframe,
        name: series.name,
        ...(hasStages(stages) ? { stages } : {}),
        // Only when above one (the majority of several answers is another decision), so plain runs' caches stay valid.
        ...(config.decision_samples > 1 ? { decisionSamples: config.decision_samples } : {}),
        // Only when on, so the caches of plain runs stay valid.
        ...(blind ? { blind: true } : {}),
      });
      const sides = [series, ...(mirroredSeries ? [mirroredSeries] : [])].map((side) => {
        const points = walkForwardPoints(side, bars, windowBars);
        return { points, keys: points.map((point) => cache.key(point.window)) };
      });
      const found = await Promise.all(sides.map((side) => Promise.all(side.keys.map((key) => cache.get(key)))));
      estimate = estimateBacktest({
        decisions: bars.length * sides.length,
        cached: found.flat().filter((hit) => hit !== undefined).length,
        models: { agent: models.agent.model, graph: models.graph.model },
        chartDispatch: config.chart_dispatch,
        indicatorMode: config.indicator_mode,
        agents: config.agents,
        stageCalls: 2 * (stages.debate?.rounds ?? 0) + (stages.memory ? 1 : 0),
        scripted: models.agent.provider === "demo" && models.graph.provider === "demo",
        decisionSamples: config.decision_samples,
      });
      onEstimate?.(estimate);
      assertWithinBudget(estimate, settings.maxCostUsd);
      const [original, mirror] = await sequence(sides, (side, index) =>
        experiment.decide(side.points, {
          concurrency: settings.concurrency,
          schedule: settings.schedule,
          cache: { decisions: cache, keys: side.keys, found: found[index]! },
          signal,
          progress: { unit: "decisions", meter, onProgress },
        }),
      );
      modelDecisions = original;
      mirroredDecisions = mirror;
    }
    const target = given ? { pipeline: given } : { config, env };
    // The backtests already run with a model on this very series: the tries its Sharpe ratio is deflated by.
    const earlier =
      settings.includeModel && config.journal
        ? await readRunJournal(target, (journal) => modelBacktestsOn(journal, seriesIdentity(series)))
        : undefined;
    const result = assembleBacktest({
      series,
      bars,
      windowBars,
      horizon,
      step,
      cost,
      seed: settings.seed,
      baselines,
      ...(modelDecisions ? { model: { name: config.graph_llm_model, decisions: modelDecisions } } : {}),
      settings: {
        models: settings.includeModel ? modelsUsedBy(config, env) : null,
        promptVersion: settings.includeModel ? PROMPT_VERSION : null,
        plugins: settings.includeModel ? pluginSummary : [],
        stages: settings.includeModel ? stages : {},
        cacheDir,
        blind,
        mirror: settings.mirror,
      },
      mirror: mirroredSeries && { candles: mirroredSeries.candles, decisions: mirroredDecisions },
      estimate,
      usage: meter.summary(),
      startedAt,
      durationMs: Math.round(performance.now() - started),
      trials: 1 + (earlier ?? 0),
    });
    if (!config.journal) return result;
    return { ...result, ...(await recordRun(backtestRunInput(result), target)) };
  } finally {
    await experiment.close();
  }
}

/** Runs `task` over `items` one after another (the mirrored decisions after the real ones), in order. */
async function sequence<Item, Result>(
  items: readonly Item[],
  task: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (const [index, item] of items.entries()) results.push(await task(item, index));
  return results;
}
