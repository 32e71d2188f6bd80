// Queues an evaluation for workers (`quantagent evaluate --queue`): the same options as runEvaluation, checked the same
// way, the benchmark read and cut into decision points here, then one job per point in the PostgreSQL queue with the
// point's bars and future moves, so a worker anywhere needs no benchmark files. Nothing is spent: the workers ask the
// providers, with their own keys. Refused before anything is read: no PostgreSQL, a baselines-only run (it needs no
// workers), plugins (a worker loads its own, so a run could mix plugin sets).
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import type { Env } from "../config/api-keys";
import { createConfig } from "../config/config-schema";
import { createDatabaseHandle } from "../journal/database-handle";
import { databaseUrlOf } from "../pipeline/pipeline-journal";
import { enqueueRun, type QueuedRun } from "../queue/enqueue-run";
import { needsPostgres } from "../queue/queue-error";
import type { JobSettingsInput } from "../queue/queue-settings";
import { hasStages } from "../stages/stages-schema";
import { readBenchmarkWindows } from "./benchmark-data";
import { type BenchmarkWindow, decisionPoints, resolveDecisionPointOptions } from "./decision-points";
import { evaluationJobKind } from "./evaluation-job";
import type { EvaluationJobInput, EvaluationJobSpec } from "./evaluation-job-schemas";
import { queuedConfigOf } from "./evaluation-job-schemas";
import { resolveProtocolSettings } from "./evaluation-protocol";
import { explorePublishedConventions } from "./published-conventions";
import { type EvaluationOptions, evaluationOptionsSchema } from "./run-evaluation";

export type QueueEvaluationOptions = Omit<
  EvaluationOptions,
  "onProgress" | "dependencies" | "plugins" | "cacheDir" | "concurrency"
> & {
  /** false asks the providers for every call; default the shared model-answer cache. */
  cache?: boolean;
  /** How each point's job is retried and when it counts as lost. */
  jobs?: JobSettingsInput;
  /** Where DATABASE_URL is read when the config names no database; default process.env. */
  env?: Env;
};

export async function enqueueEvaluation(options: QueueEvaluationOptions): Promise<QueuedRun> {
  const { signal, cache = true, jobs, env = process.env, ...data } = options;
  const parsed = evaluationOptionsSchema.safeParse(data);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid evaluation options");
  const settings = parsed.data;
  const config = createConfig(settings.config ?? {});
  const databaseUrl = databaseUrlOf(config, env);
  if (!databaseUrl) throw needsPostgres("A queued evaluation");
  if (!settings.includeModel)
    throw new InputError({
      message: "A baselines-only evaluation asks no model, so there is nothing to queue: run it without --queue.",
    });
  // Memory runs an asset's points in order through a journal of the run's own, which independent jobs cannot share.
  if (hasStages(config.stages))
    throw new InputError({
      message:
        "An evaluation with the optional stages (memory, debate, risk) cannot be queued yet: run it in one process.",
    });
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
  const windows: BenchmarkWindow[] = [];
  for (const asset of settings.assets)
    windows.push(...(await readBenchmarkWindows(settings.benchmarkDir, asset, { windows: settings.windows, signal })));
  const points = windows.flatMap((window) => decisionPoints(window, pointOptions));
  signal?.throwIfAborted();
  const spec: EvaluationJobSpec = {
    config: queuedConfigOf(config),
    promptVersion: PROMPT_VERSION,
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
    schedule: settings.schedule,
    cache,
    // Needs the whole windows, which the report may not have: explored now (pure and cheap), kept with the run.
    conventions:
      settings.protocol === "published"
        ? (JSON.parse(
            JSON.stringify(
              explorePublishedConventions(windows, { seeds: settings.randomSeeds, firstSeed: settings.firstSeed }),
            ),
          ) as EvaluationJobSpec["conventions"])
        : null,
    queuedAt: new Date().toISOString(),
  };
  const inputs = points.map((point) => ({ id: point.id, input: { point } satisfies EvaluationJobInput }));
  const database = createDatabaseHandle({ dataDir: config.data_dir, databaseUrl });
  try {
    return await enqueueRun({ database, databaseUrl, kind: evaluationJobKind, spec, points: inputs, jobs });
  } finally {
    await database.close();
  }
}
