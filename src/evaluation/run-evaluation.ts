// Runs the agents over benchmark decision points and scores them against the baselines, under the per-horizon or
// the published protocol (evaluation-protocol.ts).
//
// How it runs: windows are read, cut into decision points (and, with mirror on, each point mirrored: a price at or
// below zero fails here, before any model call), and each point's 45-bar history is analysed with
// pipeline.analyze({ candles, timeframe: "4h" }), at most `concurrency` at a time (analyse-points.ts). Model answers
// go through the on-disk cache (cachedChatModel), so a rerun, or a run restarted after an interruption, asks the
// provider only for what it never answered, and gives the same numbers. A point whose analysis fails is recorded
// with its error and the run goes on; aborting the signal stops the whole run. Then everything is scored: accuracy
// and returns beside the baselines, the mirrored run, the paired tests and the split at the model's training cutoff.
import path from "node:path";

import { z } from "zod";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { describeError } from "../common/describe-error";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor } from "../common/secret-redactor";
import { type Config, type ConfigInput, createConfig, memoryWhileBlind } from "../config/config-schema";
import { createDatabaseHandle } from "../journal/database-handle";
import { openJournal } from "../journal/open-journal";
import { modelSettingsFor } from "../llm/create-chat-model";
import { createUsageMeter } from "../llm/usage-meter";
import { createPipeline, type Pipeline, type PipelineDependencies } from "../pipeline/pipeline";
import { databaseUrlOf, passwordOf } from "../pipeline/pipeline-journal";
import type { Plugin, PluginDefinition } from "../plugins/define-plugin";
import { checkPluginSet, summarisePlugins } from "../plugins/plugin-set";
import type { Directive } from "../scoring/directive";
import { databaseAnswerStore } from "../shared-state/database-answer-store";
import { normaliseStages } from "../stages/stages-schema";
import { analysePoints, type AnalysisTask } from "./analyse-points";
import { readBenchmarkWindows } from "./benchmark-data";
import {
  type BenchmarkWindow,
  type DecisionPoint,
  decisionPoints,
  resolveDecisionPointOptions,
} from "./decision-points";
import { evaluationRunInput } from "./evaluation-journal";
import { evaluationModels } from "./evaluation-models";
import { evaluationProtocolSchema, resolveProtocolSettings } from "./evaluation-protocol";
import type {
  EvaluationProgressListener,
  EvaluationResult,
  EvaluationSettings,
  PointRecord,
} from "./evaluation-result";
import { type EvaluationStageRun, prepareStageRun } from "./evaluation-stages";
import { mirrorDecisionPoint } from "./mirror-points";
import { explorePublishedConventions } from "./published-conventions";
import { scoreRun } from "./score-run";

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
  const blind = settings.includeModel && (settings.blind ?? config.blind);
  checkEdgeWithStages(config, { blind, mirror: settings.mirror && settings.includeModel });
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
  // Mirrored before any model call: a series that cannot be mirrored (a price at or below zero) costs nothing.
  const mirroredPoints = settings.mirror ? points.map(mirrorDecisionPoint) : null;
  // Pure and cheap; computed before any model call so that a surprise here costs nothing.
  const conventions =
    settings.protocol === "published"
      ? explorePublishedConventions(windows, { seeds: settings.randomSeeds, firstSeed: settings.firstSeed })
      : null;

  const meter = createUsageMeter();
  const databaseUrl = databaseUrlOf(config, dependencies.env ?? process.env);
  // With PostgreSQL, answers are cached in the database every worker and server shares, unless a folder is named.
  const database =
    settings.includeModel && databaseUrl && settings.cacheDir === undefined && !dependencies.database
      ? createDatabaseHandle({ dataDir: config.data_dir, databaseUrl })
      : undefined;
  const shared = dependencies.database ?? database;
  const folder = path.resolve(
    typeof settings.cacheDir === "string" ? settings.cacheDir : path.join(config.data_dir, "cache", "evaluation"),
  );
  const inDatabase = shared !== undefined && settings.cacheDir === undefined;
  const cache =
    settings.cacheDir === false ? null : inDatabase ? { store: databaseAnswerStore(shared) } : { dir: folder };
  const cacheDir = cache === null ? null : inDatabase ? `${shared.location} (model_answers)` : folder;
  const records: PointRecord[] = points.map((point, index) => ({
    ...pointRecord(point),
    ...(mirroredPoints ? { mirrored: { outcomes: outcomesOf(mirroredPoints[index]!) } } : {}),
  }));
  let pipeline: Pipeline | undefined;
  let stageRun: EvaluationStageRun | undefined;
  let errors = 0;
  let mirrorErrors = 0;
  try {
    if (settings.includeModel) {
      // The optional stages: memory's own journal and the order of its points (evaluation-stages.ts).
      stageRun = await prepareStageRun({ config, env: dependencies.env ?? process.env, points, windows });
      const stages = stageRun;
      pipeline = createPipeline(
        { ...stages.config, blind },
        {
          ...dependencies,
          env: stages.env,
          ...(shared ? { database: shared } : {}),
          plugins,
          wrapChatModel: evaluationModels({
            cache,
            plugins: pluginSummary,
            stages: config.stages,
            blind,
            onCall: (call) => meter.record(call),
            wrap: dependencies.wrapChatModel,
          }),
        },
      );
      // A missing key fails here, once, instead of once per point.
      pipeline.model("agent");
      pipeline.model("graph");
      const tasksOf = (index: number): AnalysisTask[] => {
        const point = itemAt(points, index);
        const record = itemAt(records, index);
        const original: AnalysisTask = {
          point,
          side: "original",
          request: stages.request(point),
          options: stages.options(point),
          record,
        };
        const mirrored = mirroredPoints?.[index];
        return mirrored && record.mirrored
          ? [
              original,
              { point: mirrored, side: "mirrored", request: stages.request(mirrored), record: record.mirrored },
            ]
          : [original];
      };
      // Memory's lanes keep an asset's points in time order; otherwise (and always with mirror, which memory refuses)
      // every analysis is a lane of its own.
      const lanes = stages.lanes.flatMap((lane) =>
        lane.length === 1 ? tasksOf(lane[0]!).map((task) => [task]) : [lane.flatMap(tasksOf)],
      );
      const total = lanes.reduce((sum, lane) => sum + lane.length, 0);
      let done = 0;
      const unit = mirroredPoints ? "analyses" : pointOptions.pointsPerWindow === 1 ? "windows" : "decision points";
      const progress = (last?: { id: string; decision?: Directive; error?: string }) =>
        onProgress?.({
          unit,
          done,
          total,
          errors: errors + mirrorErrors,
          usage: meter.summary(),
          elapsedMs: performance.now() - started,
          last,
        });
      progress();
      await analysePoints(pipeline, lanes, {
        concurrency: settings.concurrency,
        schedule: settings.schedule,
        signal,
        onDone: (task, last) => {
          if (task.record.error !== undefined) {
            if (task.side === "mirrored") mirrorErrors += 1;
            else errors += 1;
          }
          done += 1;
          progress(last);
        },
      });
    }
  } finally {
    await pipeline?.close();
    await stageRun?.close();
    await database?.close();
  }

  const runScores = scoreRun(points, mirroredPoints, records, {
    horizons: pointOptions.horizons,
    protocol: settings.protocol,
    randomSeeds: settings.randomSeeds,
    firstSeed: settings.firstSeed,
    graphModel: settings.includeModel ? config.graph_llm_model : undefined,
  });
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
    blind,
    mirror: settings.mirror,
  };
  const result: EvaluationResult = {
    settings: resultSettings,
    points: records,
    ...runScores,
    conventions,
    usage: meter.summary(),
    errors,
    mirrorErrors,
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

function outcomesOf(point: DecisionPoint): { horizon: number; move: number }[] {
  return point.outcomes.map((outcome) => ({ horizon: outcome.horizon, move: outcome.move }));
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
    outcomes: outcomesOf(point),
  };
}

function modelsOf(config: Config) {
  return { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") };
}

/**
 * Memory cannot run blind (its lessons name the market and the dates), nor mirrored: a mirrored point's lessons would
 * be about the real series' outcomes, and its replay would need the mirrored later bars. Refused before any call.
 */
function checkEdgeWithStages(config: Config, edge: { blind: boolean; mirror: boolean }): void {
  if (!config.stages.memory) return;
  if (edge.blind) throw memoryWhileBlind();
  if (edge.mirror) {
    throw new InputError({
      message:
        "Invalid evaluation options: mirror cannot run with the memory stage (a mirrored point's lessons would be " +
        "about the real series). Run the mirrored evaluation without memory, or memory without mirror.",
    });
  }
}
