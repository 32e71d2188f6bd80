// A queued evaluation's result, once its workers are done (`quantagent evaluate --report <run id>`): while points are
// pending, how many; then the same EvaluationResult an evaluation in one process returns, made from the points and
// what the workers stored (src/experiment/queued/queued-report.ts), scored the same way. The run is recorded in the
// journal once, whoever asks for its report and however often.
import { createConfig } from "../config/config-schema";
import { type QueuedRunRead, readQueuedExperiment, recordQueuedRun } from "../experiment/queued/queued-report";
import type { DatabaseHandle } from "../journal/database-handle";
import { modelSettingsFor } from "../llm/create-chat-model";
import type { RunProgress } from "../queue/run-progress";
import { normaliseStages } from "../stages/stages-schema";
import { evaluationRunInput } from "./evaluation-journal";
import {
  EVALUATION_JOB_KIND,
  type EvaluationJobInput,
  evaluationJobInputSchema,
  type EvaluationJobSpec,
  evaluationJobSpecSchema,
} from "./evaluation-queue";
import type { EvaluationResult, PointRecord } from "./evaluation-result";
import type { PublishedConventions } from "./published-conventions";
import { pointRecord } from "./run-evaluation";
import { scoreRun } from "./score-run";

export type QueuedEvaluationReport =
  { state: "pending"; progress: RunProgress } | { state: "done"; progress: RunProgress; result: EvaluationResult };

export async function queuedEvaluationReport(options: {
  database: DatabaseHandle;
  runId: string;
  /** Record the finished run in the journal (once, whoever asks first). @default true */
  record?: boolean;
}): Promise<QueuedEvaluationReport> {
  const read = await readQueuedExperiment({
    database: options.database,
    runId: options.runId,
    kind: { name: EVALUATION_JOB_KIND, specSchema: evaluationJobSpecSchema, inputSchema: evaluationJobInputSchema },
  });
  if (read.state === "pending") return read;
  const result = evaluationOf(read, options.database.location);
  if (options.record === false) return { state: "done", progress: read.progress, result };
  const recorded = await recordQueuedRun(
    options.database,
    options.runId,
    evaluationRunInput(result, result.settings.promptVersion ?? ""),
  );
  return { state: "done", progress: read.progress, result: { ...result, ...recorded } };
}

function evaluationOf(
  read: Extract<QueuedRunRead<EvaluationJobSpec, EvaluationJobInput>, { state: "done" }>,
  location: string,
): EvaluationResult {
  const points = read.points.map(({ input }) => input.point);
  const records: PointRecord[] = read.points.map(({ input, decision }) => ({
    ...pointRecord(input.point),
    ...(decision.directive
      ? {
          decision: decision.directive,
          forecastHorizon: decision.forecastHorizon,
          riskRewardRatio: decision.riskRewardRatio,
        }
      : {}),
    ...(decision.error === undefined ? {} : { error: decision.error }),
    ...(decision.durationMs === undefined ? {} : { durationMs: decision.durationMs }),
  }));
  const { config: queued, ...settings } = read.spec;
  const config = createConfig(queued);
  return {
    settings: {
      protocol: settings.protocol,
      benchmarkDir: settings.benchmarkDir,
      assets: settings.assets,
      windows: settings.windows,
      horizons: settings.horizons,
      historyBars: settings.historyBars,
      pointsPerWindow: settings.pointsPerWindow,
      stride: settings.stride,
      randomSeeds: settings.randomSeeds,
      firstSeed: settings.firstSeed,
      // For a queued run: how many workers stored its points.
      concurrency: read.workers,
      models: { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") },
      promptVersion: settings.promptVersion,
      stages: normaliseStages(config.stages),
      plugins: [],
      cacheDir: settings.cache ? `${location} (model_answers)` : null,
      blind: settings.blind,
      mirror: false,
    },
    points: records,
    // Queued runs are never mirrored (refused with --queue): no mirrored points.
    ...scoreRun(points, null, records, {
      horizons: settings.horizons,
      protocol: settings.protocol,
      randomSeeds: settings.randomSeeds,
      firstSeed: settings.firstSeed,
      graphModel: config.graph_llm_model,
    }),
    conventions: settings.conventions as unknown as PublishedConventions | null,
    usage: read.usage,
    errors: records.filter((record) => record.error !== undefined).length,
    mirrorErrors: 0,
    startedAt: settings.queuedAt,
    durationMs: read.durationMs,
  };
}
