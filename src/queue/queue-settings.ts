// How queued jobs are retried and when a job counts as lost, and how a worker polls: pg-boss's own settings, given
// names in this project's terms. A worker killed mid-job (SIGKILL, a lost machine) is noticed when its job has run for
// `jobTimeoutSeconds` and a maintenance pass (every `maintenanceIntervalSeconds`, by any live worker) finds it; the
// job then runs again after a retry delay. With the defaults that is within two minutes of the job's start.
import { z } from "zod";

export const jobSettingsSchema = z.strictObject({
  /**
   * Longest a point's job may run: past it the job counts as lost and runs again, and a worker still on it stops it.
   * It must cover one analysis, waits for the shared rate limit included. @default 90
   */
  jobTimeoutSeconds: z.number().int().min(2, "must be at least 2 seconds").max(3600).default(90),
  /** Runs again after a failure that may pass (a rate limit, a network error, a lost worker). @default 5 */
  retryLimit: z.number().int().min(0).max(20).default(5),
  /** First wait before a retry, doubled (with jitter) at each retry after it. @default 2 */
  retryDelaySeconds: z.number().int().min(1).max(600).default(2),
});
export type JobSettings = z.output<typeof jobSettingsSchema>;
export type JobSettingsInput = z.input<typeof jobSettingsSchema>;

export const workerSettingsSchema = z.strictObject({
  /** Points analysed at once by this worker. @default 2 */
  concurrency: z.number().int().min(1).max(64).default(2),
  /** How often an idle worker asks for work. @default 2 */
  pollingIntervalSeconds: z.number().min(0.5, "must be at least 0.5 seconds").max(60).default(2),
  /** How often the workers (one of them each time) look for lost jobs and retire old ones. @default 20 */
  maintenanceIntervalSeconds: z.number().int().min(1).max(600).default(20),
  /** Runs whose pipelines a worker keeps open at once (each with its models and cache). @default 4 */
  openRuns: z.number().int().min(1).max(64).default(4),
  /** On stop, how long jobs in flight may take to finish before they are handed back to the queue. @default 30 */
  stopTimeoutSeconds: z.number().int().min(1).max(600).default(30),
});
export type WorkerSettings = z.output<typeof workerSettingsSchema>;
export type WorkerSettingsInput = z.input<typeof workerSettingsSchema>;
