// quantagent-ts/queue: long evaluations and backtests as jobs on pg-boss in the journal's PostgreSQL, one per
// decision point, done by `quantagent worker` processes on any machines; progress readable from anywhere.
export { isConnectionError, retryWhileDisconnected } from "./connection-retry";
export { enqueueRun, type EnqueueRunOptions, type QueuedRun } from "./enqueue-run";
export type { AnyJobKind, JobKind, OpenedRun, WorkerContext } from "./job-kind";
export { GAVE_UP_QUEUE, type JobQueue, openJobQueue, POINT_QUEUE, type PointJobData } from "./job-queue";
export { shouldRetry } from "./point-failure";
export { needsPostgres, QueueError, type QueueErrorReason } from "./queue-error";
export {
  type JobSettings,
  type JobSettingsInput,
  jobSettingsSchema,
  type WorkerSettings,
  type WorkerSettingsInput,
  workerSettingsSchema,
} from "./queue-settings";
export { type FinishedPoint, type QueuedRunRow, readQueuedPoints, readQueuedRun } from "./queued-runs";
export { recordRunOnce } from "./record-run-once";
export {
  listRuns,
  type ListRunsOptions,
  pendingPoints,
  type QueuedRunsReader,
  queuedRunsReader,
  type RunProgress,
  runProgress,
} from "./run-progress";
export { type QueueHandler, startWorker, type StartWorkerOptions, type Worker } from "./run-worker";
export { describeWorkerEvent, type WorkerEvent } from "./worker-events";
