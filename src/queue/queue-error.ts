// The queue's typed error: a queued run asked of SQLite is the setup's problem (config), an unknown run id the caller's
// (input), a queue database that cannot be reached the environment's (internal, like the journal's). Each message
// says what to do.
import { type ErrorKind, QuantAgentError } from "../common/quantagent-error";

export type QueueErrorReason =
  /** Queued runs and workers need PostgreSQL: several processes share the queue through it. */
  | "needs_postgres"
  /** No queued run has the id asked for. */
  | "run_not_found"
  /** The run's stored spec or a point's input is not what this version reads (written by another version). */
  | "unreadable_run"
  /** The run is of another kind than the command asked about (an evaluation's id given to backtest --report). */
  | "wrong_kind"
  /** PostgreSQL could not be reached, or the queue could not be started on it. */
  | "unavailable";

const CODES: Record<QueueErrorReason, string> = {
  needs_postgres: "queue_needs_postgres",
  run_not_found: "queued_run_not_found",
  unreadable_run: "queued_run_unreadable",
  wrong_kind: "queued_run_wrong_kind",
  unavailable: "queue_unavailable",
};

export class QueueError extends QuantAgentError {
  override name = "QueueError";
  readonly reason: QueueErrorReason;

  constructor(options: { reason: QueueErrorReason; message: string; cause?: unknown }) {
    super({
      code: CODES[options.reason],
      kind: kindOf(options.reason),
      message: options.message,
      cause: options.cause,
    });
    this.reason = options.reason;
  }
}

function kindOf(reason: QueueErrorReason): ErrorKind {
  switch (reason) {
    case "needs_postgres":
      return "config";
    case "run_not_found":
    case "wrong_kind":
      return "input";
    case "unreadable_run":
    case "unavailable":
      return "internal";
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}

/** The error for a queued run or a worker asked of a journal without PostgreSQL. */
export function needsPostgres(what: string): QueueError {
  return new QueueError({
    reason: "needs_postgres",
    message:
      `${what} needs PostgreSQL: workers on any machine share the queue, the points and the results through it, and ` +
      "the SQLite journal is one machine's file. Set DATABASE_URL=postgres://user:password@host:5432/name " +
      "(the database the servers' journal uses), or run it in this process without --queue.",
  });
}
