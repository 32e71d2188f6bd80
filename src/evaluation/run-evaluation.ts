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

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import { createConfig } from "../config/config-schema";
import { applyProviderSwitch } from "../config/provider-switch";
import { normaliseStages } from "../config/stages-schema";
import { openExperiment } from "../experiment/open-experiment";
import { recordRun } from "../experiment/record-run";
import { checkMemoryEdges } from "../experiment/run-options";
import { createDatabaseHandle } from "../journal/database-handle";
import { modelsUsedBy } from "../llm/model-settings";
import { createUsageMeter } from "../llm/usage-meter";
import { databaseUrlOf } from "../pipeline/pipeline-journal";
import { checkPluginSet, summarisePlugins } from "../plugins/plugin-set";
import { databaseAnswerStore } from "../shared-state/database-answer-store";
import { benchmarkSchedule } from "./benchmark-schedule";
import { type DecisionPoint, experimentPointOf } from "./decision-points";
import { evaluationRunInput } from "./evaluation-journal";
import { type EvaluationOptions, evaluationOptionsSchema } from "./evaluation-options";
import {
  analyzedDirective,
  type EvaluationResult,
  type EvaluationSettings,
  type PointRecord,
} from "./evaluation-result";
import { mirrorDecisionPoint } from "./mirror-points";
import { explorePublishedConventions } from "./published/conventions";
import { scoreRun } from "./score-run";

export async function runEvaluation(options: EvaluationOptions): Promise<EvaluationResult> {
  const { signal, onProgress, dependencies = {}, plugins: pluginOption, ...data } = options;
  const plugins = checkPluginSet(pluginOption ?? dependencies.plugins ?? []);
  const pluginSummary = summarisePlugins(plugins);
  const parsed = evaluationOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid evaluation options");
  const settings = parsed.data;
  const config = applyProviderSwitch(createConfig(settings.config ?? {}), dependencies.env ?? process.env);
  const blind = settings.includeModel && (settings.blind ?? config.blind);
  checkMemoryEdges(config.stages, { blind, mirror: settings.mirror && settings.includeModel }, "evaluation");
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { pointOptions, windows, points, settings: scheduled } = await benchmarkSchedule(settings, config, signal);
  // Mirrored before any model call: a series that cannot be mirrored (a price at or below zero) costs nothing.
  const mirroredPoints = settings.mirror ? points.map(mirrorDecisionPoint) : null;
  // Pure and cheap; computed before any model call so that a surprise here costs nothing.
  const conventions =
    settings.protocol === "published"
      ? explorePublishedConventions(windows, { seeds: settings.randomSeeds, firstSeed: settings.firstSeed })
      : null;

  const meter = createUsageMeter();
  const env = dependencies.env ?? process.env;
  const databaseUrl = databaseUrlOf(config, env);
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
  const answers =
    settings.cacheDir === false ? null : inDatabase ? { store: databaseAnswerStore(shared) } : { dir: folder };
  const cacheDir = answers === null ? null : inDatabase ? `${shared.location} (model_answers)` : folder;
  const records: PointRecord[] = points.map((point, index) => ({
    ...pointRecord(point),
    ...(mirroredPoints ? { mirrored: { outcomes: outcomesOf(mirroredPoints[index]!) } } : {}),
  }));
  let errors = 0;
  let mirrorErrors = 0;
  if (settings.includeModel) {
    const experiment = await openExperiment({
      kind: "evaluation",
      config,
      stages: config.stages,
      blind,
      env,
      dependencies: { ...dependencies, ...(shared ? { database: shared } : {}) },
      plugins,
      pluginSummary,
      answers,
      meter,
    });
    try {
      experiment.requireModels();
      const windowOf = new Map(windows.map((window) => [`${window.asset}/${window.window}`, window]));
      // Each point beside its mirrored twin, so both sides of a point are analysed close together.
      const sides = points.flatMap((point, index) => {
        const record = itemAt(records, index);
        const mirrored = mirroredPoints?.[index];
        return [
          {
            record: record,
            mirrored: false,
            point: experimentPointOf(point, windowOf.get(`${point.asset}/${point.window}`) ?? null, {
              mirrored: false,
            }),
          },
          ...(mirrored && record.mirrored
            ? [
                {
                  record: record.mirrored,
                  mirrored: true,
                  point: experimentPointOf(mirrored, null, { mirrored: true }),
                },
              ]
            : []),
        ];
      });
      const unit = mirroredPoints ? "analyses" : pointOptions.pointsPerWindow === 1 ? "windows" : "decision points";
      const decisions = await experiment.decide(
        sides.map((side) => side.point),
        {
          concurrency: settings.concurrency,
          schedule: settings.schedule,
          signal,
          progress: { unit, meter, onProgress },
        },
      );
      sides.forEach((side, index) => {
        const decision = itemAt(decisions, index);
        Object.assign(side.record, analyzedDirective(decision));
        if (decision.error !== undefined && side.mirrored) mirrorErrors += 1;
        else if (decision.error !== undefined) errors += 1;
      });
    } finally {
      await experiment.close();
      await database?.close();
    }
  }

  const runScores = scoreRun(points, mirroredPoints, records, {
    horizons: pointOptions.horizons,
    protocol: settings.protocol,
    randomSeeds: settings.randomSeeds,
    firstSeed: settings.firstSeed,
    graphModel: settings.includeModel ? modelsUsedBy(config, env).graph.model : undefined,
  });
  const resultSettings: EvaluationSettings = {
    ...scheduled,
    concurrency: settings.concurrency,
    models: settings.includeModel ? modelsUsedBy(config, env) : null,
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
  return { ...result, ...(await recordRun(evaluationRunInput(result, PROMPT_VERSION), { config, env })) };
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
