// What a kind of queued run is to the queue: how to read its spec and its points' inputs (zod, since they come back
// from the database, possibly written by another version), and how a worker does one point. The queue knows nothing
// else about evaluations or backtests: a worker is a thin shell that hands each job to its kind.
import type { z } from "zod";

import type { ChartRenderer } from "../charts/png-renderer";
import type { Env } from "../config/api-keys";
import type { DatabaseHandle } from "../journal/database-handle";

/** What a worker process lends every run it works on. */
export interface WorkerContext {
  /** Keys and base URLs come from the worker's own environment, never from the queue. */
  env: Env;
  dataDir: string;
  /** The PostgreSQL database the queue is in (model-answer cache, rate limits). */
  database: DatabaseHandle;
  /** One Chromium for all the worker's runs. */
  renderer: ChartRenderer;
}

/** A run opened in a worker: what its points share (a pipeline with the run's models), until closed. */
export interface OpenedRun<Input, Result> {
  /** Does one point and answers its result (stored as JSON); throws when it failed (see classify). */
  runPoint(input: Input, signal: AbortSignal): Promise<Result>;
  close(): Promise<void>;
}

export interface JobKind<Spec = unknown, Input = unknown, Result = unknown> {
  /** Stored with the run ("evaluation", "backtest"). */
  readonly name: string;
  readonly specSchema: z.ZodType<Spec>;
  readonly inputSchema: z.ZodType<Input>;
  /** One line saying what a run is, shown in run lists (its models, assets, windows). */
  describe(spec: Spec): string;
  /** Why a point failed, when its result says so (an analysis that failed): counted as failed in the progress. */
  failureOf?(result: Result): string | undefined;
  openRun(spec: Spec, context: WorkerContext): Promise<OpenedRun<Input, Result>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds kinds of every spec and input
export type AnyJobKind = JobKind<any, any, any>;
