// An evaluation queued for workers (`quantagent evaluate --queue`): its spec (the settings it is scored with, read back
// by the report; the common part is the experiment engine's, src/experiment/queued/), one job per decision point
// carrying the point's bars and future moves (so a worker anywhere, and the report, need no benchmark files), and
// enqueueEvaluation: the same options as runEvaluation, checked the same way, the benchmark read and cut into points
// here. Refused before anything is read, besides what the engine refuses: plugins (a worker loads its own, so a run
// could mix plugin sets) and the optional stages.
import { z } from "zod";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { InputError } from "../common/input-error";
import type { Env } from "../config/api-keys";
import { createConfig } from "../config/config-schema";
import { queuedConfigOf } from "../config/queued-config";
import { hasStages } from "../config/stages-schema";
import { experimentJobKind } from "../experiment/queued/decision-job";
import { enqueueExperiment, queueDatabaseUrl } from "../experiment/queued/enqueue-experiment";
import { queuedExperimentSpecShape } from "../experiment/queued/queued-schemas";
import { modelSettingsFor } from "../llm/model-settings";
import { candleSchema } from "../market/candle";
import type { QueuedRun } from "../queue/enqueue-run";
import type { JobSettingsInput } from "../queue/queue-settings";
import { benchmarkSchedule } from "./benchmark-schedule";
import { experimentPointOf } from "./decision-points";
import { type EvaluationOptions, evaluationOptionsSchema } from "./evaluation-options";
import { evaluationProtocolSchema } from "./evaluation-protocol";
import { explorePublishedConventions } from "./published/conventions";

export const EVALUATION_JOB_KIND = "evaluation";

export const evaluationJobSpecSchema = z.strictObject({
  ...queuedExperimentSpecShape,
  protocol: evaluationProtocolSchema,
  benchmarkDir: z.string(),
  assets: z.array(z.string()).min(1),
  windows: z.number().int().positive().nullable(),
  horizons: z.array(z.number().int().positive()).min(1),
  historyBars: z.number().int().positive(),
  pointsPerWindow: z.number().int().positive(),
  stride: z.number().int().positive(),
  randomSeeds: z.number().int().positive(),
  firstSeed: z.number().int(),
  /** Under the published protocol, the conventions checked against the published figures (read when queued). */
  conventions: z.json().nullable(),
});
export type EvaluationJobSpec = z.output<typeof evaluationJobSpecSchema>;

export const evaluationJobInputSchema = z.strictObject({
  point: z.strictObject({
    id: z.string().min(1).max(200),
    asset: z.string().min(1).max(40),
    window: z.number().int().nonnegative(),
    point: z.number().int().nonnegative(),
    barIndex: z.number().int().nonnegative(),
    history: z.array(candleSchema).min(2).max(1000),
    entryTime: z.number(),
    entryClose: z.number().positive(),
    outcomes: z
      .array(
        z.strictObject({
          horizon: z.number().int().positive(),
          exitTime: z.number(),
          exitClose: z.number().positive(),
          move: z.number().finite(),
        }),
      )
      .min(1),
  }),
});
export type EvaluationJobInput = z.output<typeof evaluationJobInputSchema>;

/** "evaluation: gpt-4o (openai) on BTC, SPX, 100 windows each, per-horizon" */
export function describeEvaluationSpec(spec: EvaluationJobSpec): string {
  const graph = modelSettingsFor(createConfig(spec.config), "graph");
  const windows =
    spec.windows === null ? "every window" : `${spec.windows} window${spec.windows === 1 ? "" : "s"} each`;
  return `evaluation: ${graph.model} (${graph.provider}) on ${spec.assets.join(", ")}, ${windows}, ${spec.protocol}`;
}

export const evaluationJobKind = experimentJobKind({
  name: EVALUATION_JOB_KIND,
  specSchema: evaluationJobSpecSchema,
  inputSchema: evaluationJobInputSchema,
  describe: describeEvaluationSpec,
  pointOf: (_spec, input) => experimentPointOf(input.point, null, { mirrored: false }),
});

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
  const databaseUrl = queueDatabaseUrl("evaluation", { config, env, includeModel: settings.includeModel });
  // Memory runs an asset's points in order through a journal of the run's own, which independent jobs cannot share.
  if (hasStages(config.stages))
    throw new InputError({
      message:
        "An evaluation with the optional stages (memory, debate, risk) cannot be queued yet: run it in one process.",
    });
  const { windows, points, settings: scheduled } = await benchmarkSchedule(settings, config, signal);
  signal?.throwIfAborted();
  const spec: EvaluationJobSpec = {
    config: queuedConfigOf(config),
    promptVersion: PROMPT_VERSION,
    blind: false,
    ...scheduled,
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
  return enqueueExperiment({
    config,
    databaseUrl,
    kind: evaluationJobKind,
    spec,
    points: points.map((point) => ({ id: point.id, input: { point } satisfies EvaluationJobInput })),
    jobs,
  });
}
