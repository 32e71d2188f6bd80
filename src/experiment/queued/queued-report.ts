// A queued experiment once its workers are done (`quantagent evaluate --report <run id>`, `backtest --report`): while
// points are pending, how many; then the run's spec, each point's input beside the decision its worker stored, and the
// tokens every call took, for the experiment to score as it scores a run in one process. The finished run is recorded
// in the journal once, whoever asks for its report and however often (src/queue/record-run-once.ts).
import type { z } from "zod";

import type { DatabaseHandle } from "../../journal/database-handle";
import type { EvaluationRunInput } from "../../journal/evaluation-run-input";
import { createUsageMeter, type UsageSummary } from "../../llm/usage-meter";
import { QueueError } from "../../queue/queue-error";
import { readQueuedPoints, readQueuedRun } from "../../queue/queued-runs";
import { recordRunOnce } from "../../queue/record-run-once";
import { pendingPoints, type RunProgress, runProgress } from "../../queue/run-progress";
import { type Decision, decisionOf } from "../decision";
import { decisionJobResultSchema } from "./queued-schemas";

/** The command that writes each kind's report. */
const COMMANDS: Record<string, string> = { evaluation: "evaluate", backtest: "backtest" };

export interface QueuedReportOptions {
  database: DatabaseHandle;
  runId: string;
  /** Record the finished run in the journal (once, whoever asks first). @default true */
  record?: boolean;
}

/** A queued experiment's report: how far its workers are while points are pending, then its result. */
export type QueuedReport<Result> =
  { state: "pending"; progress: RunProgress } | { state: "done"; progress: RunProgress; result: Result };

export type QueuedRunRead<Spec, Input> =
  | { state: "pending"; progress: RunProgress }
  | {
      state: "done";
      progress: RunProgress;
      spec: Spec;
      /** In the order the points were queued. */
      points: { id: string; input: Input; decision: Decision }[];
      usage: UsageSummary;
      /** How many workers stored its points. */
      workers: number;
      /** From when it was queued to its last point's end. */
      durationMs: number;
    };

const unreadable = (runId: string, what: string) =>
  new QueueError({
    reason: "unreadable_run",
    message: `Queued run ${runId}: ${what} cannot be read by this version; write its report with the version that queued it.`,
  });

const withArticle = (kind: string) => `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;

async function readQueuedExperiment<Spec extends { queuedAt: string }, Input>(options: {
  database: DatabaseHandle;
  runId: string;
  kind: { name: string; specSchema: z.ZodType<Spec>; inputSchema: z.ZodType<Input> };
}): Promise<QueuedRunRead<Spec, Input>> {
  const { database, runId, kind } = options;
  const { db } = await database.open();
  const run = await readQueuedRun(db, runId);
  const progress = await runProgress(db, runId);
  if (!run || !progress)
    throw new QueueError({ reason: "run_not_found", message: `No queued run ${runId} in the database.` });
  if (run.kind !== kind.name)
    throw new QueueError({
      reason: "wrong_kind",
      message: `Queued run ${runId} is ${withArticle(run.kind)}, not ${withArticle(kind.name)}: write its report with quantagent ${COMMANDS[run.kind] ?? run.kind} --report ${runId}.`,
    });
  if (pendingPoints(progress) > 0) return { state: "pending", progress };
  const spec = kind.specSchema.safeParse(run.spec);
  if (!spec.success) throw unreadable(runId, "its settings");

  const meter = createUsageMeter();
  const stored = await readQueuedPoints(db, runId);
  const points = stored.map((row) => {
    const input = kind.inputSchema.safeParse(row.input);
    if (!input.success) throw unreadable(runId, `point ${row.pointId}`);
    const result = row.result === null ? undefined : decisionJobResultSchema.safeParse(row.result).data;
    for (const call of result?.calls ?? [])
      meter.record({
        hit: call.hit,
        key: "",
        provider: call.provider,
        model: call.model,
        usage: { inputTokens: call.inputTokens, outputTokens: call.outputTokens },
      });
    const error = row.error ?? (result ? result.error : "the worker's result could not be read");
    const decision: Decision = {
      risk: null,
      cached: false,
      ...(result?.decision ? decisionOf(result.decision) : {}),
      ...(error === undefined ? {} : { error }),
      ...(result ? { durationMs: result.durationMs } : {}),
    };
    return { id: row.pointId, input: input.data, decision };
  });
  const finishedAt = Math.max(...stored.map((row) => Date.parse(row.finishedAt ?? run.createdAt)));
  const queuedAt = Date.parse(spec.data.queuedAt);
  return {
    state: "done",
    progress,
    spec: spec.data,
    points,
    usage: meter.summary(),
    workers: new Set(stored.map((row) => row.worker)).size,
    durationMs: Number.isFinite(finishedAt) ? Math.max(0, finishedAt - queuedAt) : 0,
  };
}

/**
 * A queued experiment's report: pending while its points are, then its result, made by `resultOf` from what was read
 * and recorded in the journal once (unless `record` is false), whoever asks for it and however often.
 */
export async function queuedReport<Spec extends { queuedAt: string }, Input, Result extends object>(
  options: QueuedReportOptions,
  kind: { name: string; specSchema: z.ZodType<Spec>; inputSchema: z.ZodType<Input> },
  resultOf: (read: Extract<QueuedRunRead<Spec, Input>, { state: "done" }>) => Result,
  runInput: (result: Result) => EvaluationRunInput,
): Promise<QueuedReport<Result & { journalRunId?: string }>> {
  const { database, runId } = options;
  const read = await readQueuedExperiment({ database, runId, kind });
  if (read.state === "pending") return read;
  const result = resultOf(read);
  if (options.record === false) return { state: "done", progress: read.progress, result };
  const recorded = await recordRunOnce(database, runId, (journal) => journal.recordEvaluationRun(runInput(result)));
  return { state: "done", progress: read.progress, result: { ...result, ...recorded } };
}
