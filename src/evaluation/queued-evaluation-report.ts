// A queued evaluation's result, once its workers are done (`quantagent evaluate --report <run id>`): while points are
// pending, how many; then the same EvaluationResult an evaluation in one process returns, made from the points and
// what the workers stored (src/experiment/queued/queued-report.ts), scored the same way. The run is recorded in the
// journal once, whoever asks for its report and however often.
import { createConfig } from "../config/config-schema";
import { normaliseStages } from "../config/stages-schema";
import {
  type QueuedReport,
  queuedReport,
  type QueuedReportOptions,
  type QueuedRunRead,
} from "../experiment/queued/queued-report";
import { modelsUsedBy } from "../llm/model-settings";
import { evaluationRunInput } from "./evaluation-journal";
import { type EvaluationJobInput, evaluationJobKind, type EvaluationJobSpec } from "./evaluation-queue";
import { analyzedDirective, type EvaluationResult, type PointRecord } from "./evaluation-result";
import type { PublishedConventions } from "./published/conventions";
import { pointRecord } from "./run-evaluation";
import { scoreRun } from "./score-run";

export type QueuedEvaluationReport = QueuedReport<EvaluationResult>;

export async function queuedEvaluationReport(options: QueuedReportOptions): Promise<QueuedEvaluationReport> {
  return queuedReport(
    options,
    evaluationJobKind,
    (read) => evaluationOf(read, options.database.location),
    (result) => evaluationRunInput(result, result.settings.promptVersion ?? ""),
  );
}

function evaluationOf(
  read: Extract<QueuedRunRead<EvaluationJobSpec, EvaluationJobInput>, { state: "done" }>,
  location: string,
): EvaluationResult {
  const points = read.points.map(({ input }) => input.point);
  const records: PointRecord[] = read.points.map(({ input, decision }) => ({
    ...pointRecord(input.point),
    ...analyzedDirective(decision),
  }));
  // What the spec holds beside the settings it shares with a run in one process.
  const { config: queued, promptVersion, cache, schedule: _schedule, queuedAt, conventions, ...settings } = read.spec;
  const config = createConfig(queued);
  return {
    settings: {
      ...settings,
      // For a queued run: how many workers stored its points.
      concurrency: read.workers,
      models: modelsUsedBy(config),
      promptVersion,
      stages: normaliseStages(config.stages),
      plugins: [],
      cacheDir: cache ? `${location} (model_answers)` : null,
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
    conventions: conventions as unknown as PublishedConventions | null,
    usage: read.usage,
    errors: records.filter((record) => record.error !== undefined).length,
    mirrorErrors: 0,
    startedAt: queuedAt,
    durationMs: read.durationMs,
  };
}
