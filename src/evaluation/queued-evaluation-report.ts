// A queued evaluation's result, once its workers are done (`quantagent evaluate --report <run id>`): while points are
// pending, how many; then the same EvaluationResult an evaluation in one process returns, made from the points and
// what the workers stored (directives, errors, every call's tokens), scored the same way. The run is recorded in the
// journal once, whoever asks for its report and however often.
import { createConfig } from "../config/config-schema";
import type { DatabaseHandle } from "../journal/database-handle";
import { modelSettingsFor } from "../llm/create-chat-model";
import { createUsageMeter } from "../llm/usage-meter";
import { QueueError } from "../queue/queue-error";
import { readQueuedPoints, readQueuedRun } from "../queue/queued-runs";
import { recordRunOnce } from "../queue/record-run-once";
import { pendingPoints, type RunProgress, runProgress } from "../queue/run-progress";
import { normaliseStages } from "../stages/stages-schema";
import { EVALUATION_JOB_KIND } from "./evaluation-job";
import { evaluationJobInputSchema, evaluationJobResultSchema, evaluationJobSpecSchema } from "./evaluation-job-schemas";
import { evaluationRunInput } from "./evaluation-journal";
import type { EvaluationResult, PointRecord } from "./evaluation-result";
import type { PublishedConventions } from "./published-conventions";
import { pointRecord } from "./run-evaluation";
import { scoreRun } from "./score-run";

export type QueuedEvaluationReport =
  { state: "pending"; progress: RunProgress } | { state: "done"; progress: RunProgress; result: EvaluationResult };

const unreadable = (runId: string, what: string) =>
  new QueueError({
    reason: "unreadable_run",
    message: `Queued run ${runId}: ${what} cannot be read by this version; write its report with the version that queued it.`,
  });

export async function queuedEvaluationReport(options: {
  database: DatabaseHandle;
  runId: string;
  /** Record the finished run in the journal (once, whoever asks first). @default true */
  record?: boolean;
}): Promise<QueuedEvaluationReport> {
  const { database, runId } = options;
  const { db } = await database.open();
  const run = await readQueuedRun(db, runId);
  const progress = await runProgress(db, runId);
  if (!run || !progress)
    throw new QueueError({ reason: "run_not_found", message: `No queued run ${runId} in the database.` });
  if (run.kind !== EVALUATION_JOB_KIND)
    throw new QueueError({
      reason: "wrong_kind",
      message: `Queued run ${runId} is a ${run.kind}, not an evaluation: write its report with quantagent ${run.kind} --report ${runId}.`,
    });
  if (pendingPoints(progress) > 0) return { state: "pending", progress };
  const spec = evaluationJobSpecSchema.safeParse(run.spec);
  if (!spec.success) throw unreadable(runId, "its settings");

  const meter = createUsageMeter();
  const stored = await readQueuedPoints(db, runId);
  const points = stored.map((row) => {
    const input = evaluationJobInputSchema.safeParse(row.input);
    if (!input.success) throw unreadable(runId, `point ${row.pointId}`);
    return input.data.point;
  });
  const records: PointRecord[] = stored.map((row, index) => {
    const record = pointRecord(points[index]!);
    const result = row.result === null ? undefined : evaluationJobResultSchema.safeParse(row.result).data;
    for (const call of result?.calls ?? [])
      meter.record({
        hit: call.hit,
        key: "",
        provider: call.provider,
        model: call.model,
        usage: { inputTokens: call.inputTokens, outputTokens: call.outputTokens },
      });
    const error = row.error ?? (result ? result.error : "the worker's result could not be read");
    return {
      ...record,
      ...(result?.decision ? { decision: result.decision } : {}),
      ...(result?.forecastHorizon === undefined ? {} : { forecastHorizon: result.forecastHorizon }),
      ...(result?.riskRewardRatio === undefined ? {} : { riskRewardRatio: result.riskRewardRatio }),
      ...(error === undefined ? {} : { error }),
      ...(result ? { durationMs: result.durationMs } : {}),
    };
  });

  const { config: queued, ...settings } = spec.data;
  const config = createConfig(queued);
  const scoring = { horizons: settings.horizons, protocol: settings.protocol };
  const finishedAt = Math.max(...stored.map((row) => Date.parse(row.finishedAt ?? run.createdAt)));
  const result: EvaluationResult = {
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
      concurrency: new Set(stored.map((row) => row.worker)).size,
      models: { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") },
      promptVersion: settings.promptVersion,
      stages: normaliseStages(config.stages),
      plugins: [],
      cacheDir: settings.cache ? `${database.location} (model_answers)` : null,
      blind: false,
      mirror: false,
    },
    points: records,
    // Queued runs are neither blind nor mirrored (the CLI refuses those with --queue): no mirrored points.
    ...scoreRun(points, null, records, {
      ...scoring,
      randomSeeds: settings.randomSeeds,
      firstSeed: settings.firstSeed,
      graphModel: config.graph_llm_model,
    }),
    conventions: settings.conventions as unknown as PublishedConventions | null,
    usage: meter.summary(),
    errors: records.filter((record) => record.error !== undefined).length,
    mirrorErrors: 0,
    startedAt: settings.queuedAt,
    durationMs: Number.isFinite(finishedAt) ? Math.max(0, finishedAt - Date.parse(settings.queuedAt)) : 0,
  };
  if (options.record === false) return { state: "done", progress, result };
  const recorded = await recordRunOnce(database, run.id, (journal) =>
    journal.recordEvaluationRun(evaluationRunInput(result, result.settings.promptVersion ?? "")),
  );
  return { state: "done", progress, result: { ...result, ...recorded } };
}
