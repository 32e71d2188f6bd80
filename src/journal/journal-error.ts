// The journal's error type, on the library's common base: `reason` says what went wrong in the journal's terms,
// `code` and `kind` are what every library error carries (the server maps them to statuses), and the message says
// what to do about it. Built from one named-argument object, as every library error is.
import { type ErrorKind, QuantAgentError } from "../common/quantagent-error";

export type JournalErrorReason =
  /** What the caller passed (an entry, an option, a cursor) is invalid; nothing was written. */
  | "invalid_input"
  /** No analysis has the id asked for. */
  | "not_found"
  /** No evaluation or backtest run has the id asked for. */
  | "run_not_found"
  /** No watchlist entry has the id asked for. */
  | "watch_entry_not_found"
  /** The journal was closed before the call. */
  | "closed"
  /** The SQLite file is not a database or fails its integrity check; it was left untouched. */
  | "damaged_database"
  /** The database cannot be reached or opened (PostgreSQL down, wrong URL, folder not writable). */
  | "database_unavailable"
  /** The schema could not be brought up to date, or was written by a newer version. */
  | "migration_failed";

const CODES: Record<JournalErrorReason, string> = {
  invalid_input: "invalid_journal_input",
  not_found: "analysis_not_found",
  run_not_found: "run_not_found",
  watch_entry_not_found: "watch_entry_not_found",
  closed: "journal_closed",
  damaged_database: "journal_damaged",
  database_unavailable: "journal_unavailable",
  migration_failed: "journal_migration_failed",
};

export interface JournalErrorOptions {
  reason: JournalErrorReason;
  message: string;
  /** The SQLite file concerned, for the reasons about a file. Not in `details`: a server path is not for clients. */
  filePath?: string;
  cause?: unknown;
}

export class JournalError extends QuantAgentError {
  override name = "JournalError";
  readonly reason: JournalErrorReason;
  readonly filePath: string | undefined;

  constructor(options: JournalErrorOptions) {
    super({
      code: CODES[options.reason],
      kind: kindOf(options.reason),
      message: options.message,
      cause: options.cause,
    });
    this.reason = options.reason;
    this.filePath = options.filePath;
  }
}

/** The caller's mistakes (bad input, an unknown id, a closed journal) are input; the database's problems internal. */
function kindOf(reason: JournalErrorReason): ErrorKind {
  switch (reason) {
    case "invalid_input":
    case "not_found":
    case "run_not_found":
    case "watch_entry_not_found":
    case "closed":
      return "input";
    case "damaged_database":
    case "database_unavailable":
    case "migration_failed":
      return "internal";
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}
