// Runs the agents over benchmark decision points and scores them against the baselines, under the per-horizon or
// the published protocol (evaluation-protocol.ts).
//
// How it runs: windows are read, cut into decision points, and each point's 45-bar history is analysed with
// pipeline.analyze({ candles, timeframe: "4h" }), at most `concurrency` at a time. Model answers go through the
// on-disk cache (cachedChatModel), so a rerun asks the provider nothing and gives the same numbers. A point whose
// analysis fails is recorded with its error and the run goes on; aborting the signal stops the whole run.
import path from "node:path";

import { z } from "zod";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { forEachWithConcurrency } from "../common/bounded-concurrency";
import { describeError } from "../common/describe-error";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor } from "../common/secret-redactor";
import { type Config, type ConfigInput, createConfig } from "../config/config-schema";
import { openJournal } from "../journal/open-journal";
import type { ChatModel, ChatRequest } from "../llm/chat-model";
import { modelSettingsFor } from "../llm/create-chat-model";
import { cachedChatModel } from "../llm/model-cache";
import { createUsageMeter, type UsageMeter } from "../llm/usage-meter";
import { createPipeline, type Pipeline, type PipelineDependencies } from "../pipeline/pipeline";
import { databaseUrlOf, passwordOf } from "../pipeline/pipeline-journal";
import type { Plugin, PluginDefinition } from "../plugins/define-plugin";
import { checkPluginSet, summarisePlugins } from "../plugins/plugin-set";
import type { Directive } from "../scoring/directive";
import { hasStages, normaliseStages } from "../stages/stages-schema";
import { readBenchmarkWindows } from "./benchmark-data";
import {
  type BenchmarkWindow,
  type DecisionPoint,
  decisionPoints,
  resolveDecisionPointOptions,
} from "./decision-points";
import { evaluationRunInput } from "./evaluation-journal";
import { evaluationProtocolSchema, resolveProtocolSettings } from "./evaluation-protocol";
import type {
  EvaluationProgressListener,
  EvaluationResult,
  EvaluationSettings,
  PointRecord,
} from "./evaluation-result";
import { type EvaluationStageRun, prepareStageRun } from "./evaluation-stages";
import { marketDrift } from "./market-drift";
import { explorePublishedConventions } from "./published-conventions";
import { scoreEvaluation } from "./score-evaluation";

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
  /** Model-answer cache folder; default <config.data_dir>/cache/evaluation; false turns caching off. */
  cacheDir: z.union([z.string().min(1), z.literal(false)]).optional(),
  schedule: z.enum(["concurrent", "sequential"]).default("concurrent"),
});
export type EvaluationOptions = z.input<typeof evaluationOptionsSchema> & {
  signal?: AbortSignal;
  onProgress?: EvaluationProgressListener;
  /** Passed to createPipeline (env, renderer, fetch); a wrapChatModel given here wraps the cached model. */
  dependencies?: PipelineDependencies;
  /** Plugins for the analyses (an ablation: the same run with and without them). Recorded in the result and cache keys. */
  plugins?: readonly (Plugin | PluginDefinition)[];
};

export async function runEvaluation(options: EvaluationOptions): Promise<EvaluationResult> {
  const { signal, onProgress, dependencies = {}, plugins: pluginOption, ...data } = options;
  const plugins = checkPluginSet(pluginOption ?? dependencies.plugins ?? []);
  const pluginSummary = summarisePlugins(plugins);
  const parsed = evaluationOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid evaluation options");
  const settings = parsed.data;
  const config = createConfig(settings.config ?? {});
  const protocolSettings = resolveProtocolSettings(settings.protocol, {
    horizons: settings.horizons,
    pointsPerWindow: settings.pointsPerWindow,
    historyBars: config.window_bars,
  });
  const pointOptions = resolveDecisionPointOptions({
    historyBars: config.window_bars,
    ...protocolSettings,
    stride: settings.stride,
  });
  const started = performance.now();
  const startedAt = new Date().toISOString();

  const windows: BenchmarkWindow[] = [];
  for (const asset of settings.assets)
    windows.push(...(await readBenchmarkWindows(settings.benchmarkDir, asset, { windows: settings.windows, signal })));
  const points: DecisionPoint[] = windows.flatMap((window) => decisionPoints(window, pointOptions));
  // Pure and cheap; computed before any model call so that a surprise here costs nothing.
  const conventions =
    settings.protocol === "published"
      ? explorePublishedConventions(windows, { seeds: settings.randomSeeds, firstSeed: settings.firstSeed })
      : null;

  const meter = createUsageMeter();
  const cacheDir =
    settings.cacheDir === false
      ? null
      : path.resolve(settings.cacheDir ?? path.join(config.data_dir, "cache", "evaluation"));
  const records: PointRecord[] = points.map(pointRecord);
  let pipeline: Pipeline | undefined;
  let stageRun: EvaluationStageRun | undefined;
  let errors = 0;
  try {
    if (settings.includeModel) {
      // The optional stages: memory's own journal and the order of its points (evaluation-stages.ts).
      stageRun = await prepareStageRun({ config, env: dependencies.env ?? process.env, points, windows });
      const stages = stageRun;
      pipeline = createPipeline(stages.config, {
        ...dependencies,
        env: stages.env,
        plugins,
        wrapChatModel: (model, role) => {
          // The prompt version, the plugin set and the stages are part of every key: a run under other prompts, with
          // other plugins or stages, asks every agent afresh (model-cache.ts says why the prompt text alone is not
          // enough).
          const keyContext = {
            promptVersion: PROMPT_VERSION,
            ...(pluginSummary.length > 0 ? { plugins: pluginSummary } : {}),
            ...(hasStages(config.stages) ? { stages: normaliseStages(config.stages) } : {}),
          };
          const cached = cacheDir
            ? cachedChatModel(model, { dir: cacheDir, onCall: (call) => meter.record(call), keyContext })
            : meteredOnly(model, meter);
          return dependencies.wrapChatModel?.(cached, role) ?? cached;
        },
      });
      // A missing key fails here, once, instead of once per point.
      pipeline.model("agent");
      pipeline.model("graph");
      const active = pipeline;
      let done = 0;
      const unit = pointOptions.pointsPerWindow === 1 ? "windows" : "decision points";
      const progress = (last?: { id: string; decision?: Directive; error?: string }) =>
        onProgress?.({
          unit,
          done,
          total: points.length,
          errors,
          usage: meter.summary(),
          elapsedMs: performance.now() - started,
          last,
        });
      progress();
      const analysePoint = async (index: number) => {
        const point = itemAt(points, index);
        const record = itemAt(records, index);
        const pointStarted = performance.now();
        try {
          const result = await active.analyze(stages.request(point), {
            signal,
            schedule: settings.schedule,
            ...stages.options(point),
          });
          record.decision = result.decision.decision;
          record.forecastHorizon = result.decision.forecastHorizon;
          record.riskRewardRatio = result.decision.riskRewardRatio;
        } catch (error) {
          if (signal?.aborted) throw error;
          record.error = describeError(error);
          errors += 1;
        }
        record.durationMs = Math.round(performance.now() - pointStarted);
        done += 1;
        progress({ id: point.id, decision: record.decision, error: record.error });
      };
      // A lane's points run one after another (memory's order), lanes side by side; without memory, a point a lane.
      await forEachWithConcurrency(
        stages.lanes,
        settings.concurrency,
        async (lane) => {
          for (const index of lane) await analysePoint(index);
        },
        { signal },
      );
    }
  } finally {
    await pipeline?.close();
    await stageRun?.close();
  }

  const directives = settings.includeModel
    ? new Map(records.flatMap((record) => (record.decision ? [[record.id, record.decision] as const] : [])))
    : undefined;
  const scoring = { horizons: pointOptions.horizons, protocol: settings.protocol };
  const scores = scoreEvaluation(points, {
    ...scoring,
    directives,
    randomSeeds: settings.randomSeeds,
    firstSeed: settings.firstSeed,
  });
  // The drift is read on the samples the methods were scored on: without the failed analyses' points.
  const drift = marketDrift(directives ? points.filter((point) => directives.has(point.id)) : points, scoring);
  const resultSettings: EvaluationSettings = {
    protocol: settings.protocol,
    benchmarkDir: settings.benchmarkDir,
    assets: settings.assets.map((asset) => asset.toUpperCase()),
    windows: settings.windows ?? null,
    horizons: pointOptions.horizons,
    historyBars: pointOptions.historyBars,
    pointsPerWindow: pointOptions.pointsPerWindow,
    stride: pointOptions.stride,
    randomSeeds: settings.randomSeeds,
    firstSeed: settings.firstSeed,
    concurrency: settings.concurrency,
    models: settings.includeModel ? modelsOf(config) : null,
    promptVersion: settings.includeModel ? PROMPT_VERSION : null,
    plugins: pluginSummary,
    stages: settings.includeModel ? normaliseStages(config.stages) : {},
    cacheDir: settings.includeModel ? cacheDir : null,
  };
  const result: EvaluationResult = {
    settings: resultSettings,
    points: records,
    scores,
    drift,
    conventions,
    usage: meter.summary(),
    errors,
    startedAt,
    durationMs: Math.round(performance.now() - started),
  };
  // Runs with a model are recorded whole in the journal (baselines alone are the same every time and are not).
  if (!settings.includeModel || !config.journal) return result;
  return { ...result, ...(await recordRun(result, config, dependencies)) };
}

/** The run's journal id, or why it could not be recorded (the run itself stands either way). */
async function recordRun(
  result: EvaluationResult,
  config: Config,
  dependencies: PipelineDependencies,
): Promise<Pick<EvaluationResult, "journalRunId" | "journalError">> {
  const databaseUrl = databaseUrlOf(config, dependencies.env ?? process.env);
  try {
    const journal = await openJournal({ dataDir: config.data_dir, databaseUrl });
    try {
      return { journalRunId: (await journal.recordEvaluationRun(evaluationRunInput(result, PROMPT_VERSION))).id };
    } finally {
      await journal.close();
    }
  } catch (error) {
    const redact = createSecretRedactor(() => [passwordOf(databaseUrl)]).redact;
    return {
      journalError: {
        code: QuantAgentError.isInstance(error) ? error.code : "internal",
        message: redact(`The run was not recorded in the journal: ${describeError(error)}`),
      },
    };
  }
}

/** A decision point as the result records it (outcomes without the bars). */
export function pointRecord(point: DecisionPoint): PointRecord {
  return {
    id: point.id,
    asset: point.asset,
    window: point.window,
    point: point.point,
    lastBarTime: new Date(point.entryTime).toISOString(),
    entryClose: point.entryClose,
    outcomes: point.outcomes.map((outcome) => ({ horizon: outcome.horizon, move: outcome.move })),
  };
}

function modelsOf(config: Config) {
  return { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") };
}

/** Without a cache every call is fresh; it is still counted for tokens and cost. */
function meteredOnly(model: ChatModel, meter: UsageMeter): ChatModel {
  return {
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    async chat(request: ChatRequest) {
      const response = await model.chat(request);
      meter.record({ hit: false, key: "", provider: model.provider, model: model.model, usage: response.usage });
      return response;
    },
  };
}
