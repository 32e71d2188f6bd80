// runChartProbe: does the vision model see the shape it names? The agents analyse synthetic series with planted,
// known shapes (src/probe/shapes/), drawn and prompted exactly as a real window (the same pipeline.analyze, charts and
// prompts), always blind; their answers are scored against the planted truth (score-probe.ts).
//
// How it runs, and what is refused before anything is spent: the options are checked (an unknown shape, a per-shape
// count of zero), the series are generated (pure and cheap), the key is checked, every decision is looked up in the
// decision cache and the estimate of what is left is told (onEstimate) and held against the cost limit. Only then are
// the missing decisions analysed, by the experiment engine (src/experiment/), which keeps the Pattern and Trend
// agents' reports with each. The run is recorded in the journal (kind "probe") when the config's journal is on.
import path from "node:path";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { type BacktestEstimate, estimateBacktest } from "../backtest/cost-estimate";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import { type Config, createConfig } from "../config/config-schema";
import { applyProviderSwitch } from "../config/provider-switch";
import { createDecisionCache } from "../experiment/decision-cache";
import { openExperiment } from "../experiment/open-experiment";
import { recordRun } from "../experiment/record-run";
import { modelsUsedBy } from "../llm/model-settings";
import { createUsageMeter } from "../llm/usage-meter";
import { isDemoRun } from "../pipeline/analysis-result";
import { patternPick } from "./pattern-pick";
import { probeRunInput } from "./probe-journal";
import { type ChartProbeOptions, probeOptionsSchema } from "./probe-options";
import type { ProbePoint, ProbeResult, ProbeSettings } from "./probe-result";
import { probePoint, probeSchedule } from "./probe-schedule";
import { probeVerdict } from "./probe-verdict";
import { scoreProbe } from "./score-probe";
import { PROBE_SHAPES } from "./shapes/shape-catalog";
import { trendAnswer } from "./trend-answer";

/** Bumped when the series a seed plants change, so no cached decision about an older series is taken for a newer. */
const PROBE_SERIES_VERSION = 1;

export async function runChartProbe(options: ChartProbeOptions): Promise<ProbeResult> {
  const { config: configInput, dependencies = {}, signal, onProgress, onEstimate, ...data } = options;
  const parsed = probeOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid probe options");
  const asked = parsed.data;
  const base = applyProviderSwitch(createConfig(configInput ?? {}), dependencies.env ?? process.env);
  const bars = asked.bars ?? base.window_bars;
  // Always blind, and the four agents alone: the probe measures chart reading, not the optional stages.
  const config: Config = { ...base, blind: true, stages: {}, window_bars: bars };
  const shapes = asked.shapes ?? [...PROBE_SHAPES];
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const series = probeSchedule({ ...asked, shapes, bars });
  const points = series.map(probePoint);
  const cacheDir =
    asked.cacheDir === false ? null : path.resolve(asked.cacheDir ?? path.join(config.data_dir, "cache", "probe"));
  const env = dependencies.env ?? process.env;
  const meter = createUsageMeter();
  const experiment = await openExperiment({
    kind: "probe",
    config,
    stages: {},
    blind: true,
    env,
    dependencies,
    plugins: [],
    pluginSummary: [],
    answers: cacheDir === null ? null : { dir: path.join(cacheDir, "answers") },
    meter,
  });
  try {
    experiment.requireModels(); // a missing key fails here, once, before any call
    const models = modelsUsedBy(config, env);
    const cache = createDecisionCache(cacheDir === null ? null : path.join(cacheDir, "decisions"), {
      probe: PROBE_SERIES_VERSION,
      promptVersion: PROMPT_VERSION,
      models,
      chartDispatch: config.chart_dispatch,
      indicatorMode: config.indicator_mode,
      horizon: config.decision_horizon_bars,
      timeframe: asked.timeframe,
      blind: true,
    });
    const keys = points.map((point) => cache.key(point.window));
    const found = await Promise.all(keys.map((key) => cache.get(key)));
    const estimate: BacktestEstimate = estimateBacktest({
      decisions: points.length,
      // A cached decision without the reports is analysed again (decide.ts), so it is not free.
      cached: found.filter((hit) => hit?.reports !== undefined).length,
      models: { agent: models.agent.model, graph: models.graph.model },
      chartDispatch: config.chart_dispatch,
      indicatorMode: config.indicator_mode,
      scripted: models.agent.provider === "demo" && models.graph.provider === "demo",
    });
    onEstimate?.(estimate);
    assertProbeWithinBudget(estimate, asked.maxCostUsd);
    const decisions = await experiment.decide(points, {
      concurrency: asked.concurrency,
      schedule: asked.schedule,
      cache: { decisions: cache, keys, found },
      keepReports: true,
      signal,
      progress: { unit: "series", meter, onProgress },
    });
    const probePoints: ProbePoint[] = series.map((planted, index) => {
      const decision = itemAt(decisions, index);
      const last = itemAt(planted.candles, planted.candles.length - 1);
      const end = { label: planted.label, lastBarTime: new Date(last.time).toISOString(), lastClose: last.close };
      if (decision.error !== undefined || !decision.reports || !decision.directive)
        return { ...end, cached: decision.cached, error: decision.error ?? "The analysis gave no reports" };
      return {
        ...end,
        pick: patternPick(decision.reports.pattern),
        trend: trendAnswer(decision.reports.trend),
        directive: decision.directive,
        cached: decision.cached,
      };
    });
    const demo = isDemoRun(models);
    const scores = scoreProbe(probePoints, { shapes, demo });
    const settings: ProbeSettings = {
      shapes,
      perShape: asked.perShape,
      seed: asked.seed,
      noise: asked.noise,
      bars,
      timeframe: asked.timeframe,
      models,
      promptVersion: PROMPT_VERSION,
      cacheDir,
      blind: true,
    };
    const result: ProbeResult = {
      settings,
      points: probePoints,
      scores,
      verdict: probeVerdict(scores),
      estimate,
      usage: meter.summary(),
      errors: probePoints.filter((point) => point.error !== undefined).length,
      demo,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    };
    if (!config.journal) return result;
    return { ...result, ...(await recordRun(probeRunInput(result), { config, env })) };
  } finally {
    await experiment.close();
  }
}

/** Throws an InputError (code over_budget) when the estimate is above `maxCostUsd`, or cannot be told at all. */
export function assertProbeWithinBudget(estimate: BacktestEstimate, maxCostUsd: number | undefined): void {
  if (maxCostUsd === undefined || estimate.toAnalyse === 0) return;
  if (estimate.costUsd === null)
    throw new InputError({
      code: "over_budget",
      message: `Not started: a cost limit of $${maxCostUsd} was set, but ${estimate.unpricedModels.join(", ")} has no list price, so the cost of ${estimate.toAnalyse} analyses cannot be estimated. Drop the limit to run anyway, or use a priced model. Nothing was spent.`,
      details: { max_cost_usd: maxCostUsd },
    });
  if (estimate.costUsd > maxCostUsd)
    throw new InputError({
      code: "over_budget",
      message: `Not started: the estimated cost, ~$${estimate.costUsd.toFixed(2)} for ${estimate.toAnalyse} analyses, is above the limit of $${maxCostUsd}. Raise the limit, or probe fewer series (--per-shape, --shapes). Nothing was spent.`,
      details: { max_cost_usd: maxCostUsd, estimated_cost_usd: Number(estimate.costUsd.toFixed(4)) },
    });
}
