// What a worker reports as it goes, for its log: a discriminated union the command line prints as one line each.
import { QuantAgentError } from "../common/quantagent-error";

export type WorkerEvent =
  | { type: "started"; worker: string; concurrency: number }
  | { type: "point-started"; runId: string; pointId: string; attempt: number }
  | {
      type: "point-finished";
      runId: string;
      pointId: string;
      outcome: "done" | "failed";
      error?: string;
      /** False when another attempt had stored the point first. */
      stored: boolean;
      durationMs: number;
    }
  | { type: "point-already-finished"; runId: string; pointId: string }
  | { type: "point-retry"; runId: string; pointId: string; attempt: number; error: string }
  | { type: "point-gave-up"; runId: string; pointId: string; error: string; stored: boolean }
  | { type: "database-unreachable"; error: string; retryInMs: number }
  /** A job of another queue (the forward test's) threw: pg-boss retries it. */
  | { type: "job-failed"; queue: string; error: string }
  | { type: "stopping"; worker: string }
  | { type: "stopped"; worker: string };

/** An error for a log line: the library's code and message, or the message alone. */
export function workerEventError(error: unknown): string {
  if (QuantAgentError.isInstance(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** One line of text for the event (without a time stamp). */
export function describeWorkerEvent(event: WorkerEvent): string {
  switch (event.type) {
    case "started":
      return `worker ${event.worker} started: ${event.concurrency} point${event.concurrency === 1 ? "" : "s"} at a time`;
    case "point-started":
      return `started point ${event.pointId} of run ${event.runId} (attempt ${event.attempt})`;
    case "point-finished":
      return (
        `${event.outcome === "done" ? "finished" : "failed"} point ${event.pointId} of run ${event.runId} ` +
        `in ${(event.durationMs / 1000).toFixed(1)} s` +
        (event.error ? `: ${event.error}` : "") +
        (event.stored ? "" : " (already recorded by another attempt; this one was not stored)")
      );
    case "point-already-finished":
      return `point ${event.pointId} of run ${event.runId} was already recorded: nothing to do`;
    case "point-retry":
      return `point ${event.pointId} of run ${event.runId} goes back to the queue (attempt ${event.attempt}): ${event.error}`;
    case "point-gave-up":
      return `gave up point ${event.pointId} of run ${event.runId}: ${event.error}`;
    case "database-unreachable":
      return `PostgreSQL cannot be reached (${event.error}); trying again in ${(event.retryInMs / 1000).toFixed(1)} s`;
    case "job-failed":
      return `a ${event.queue} job failed and goes back to the queue: ${event.error}`;
    case "stopping":
      return `worker ${event.worker} stopping: finishing the points in flight`;
    case "stopped":
      return `worker ${event.worker} stopped`;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
