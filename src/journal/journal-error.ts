// The journal's one error type. `code` says what went wrong so callers (the server, the CLI) switch on it instead
// of reading messages; the message says what to do about it. Built from one named-argument object so a later move
// onto the project's common error base changes one constructor.

export type JournalErrorCode =
  /** What the caller passed (an entry, an option, a cursor) is invalid; nothing was written. */
  | "invalid_input"
  /** The SQLite file is not a database or fails its integrity check; it was left untouched. */
  | "damaged_database"
  /** The database cannot be reached or opened (PostgreSQL down, wrong URL, folder not writable). */
  | "database_unavailable"
  /** The schema could not be brought up to date. */
  | "migration_failed"
  /** No analysis or run has the id asked for. */
  | "not_found"
  /** The journal was closed. */
  | "closed";

export interface JournalErrorDetails {
  code: JournalErrorCode;
  message: string;
  /** The SQLite file concerned, for the codes about a file. */
  filePath?: string;
  cause?: unknown;
}

export class JournalError extends Error {
  override name = "JournalError";
  readonly code: JournalErrorCode;
  readonly filePath: string | undefined;

  constructor(details: JournalErrorDetails) {
    super(details.message, { cause: details.cause });
    this.code = details.code;
    this.filePath = details.filePath;
  }

  /** True when the caller asked for something wrong or absent (HTTP 400 / 404); false when the database is the problem. */
  get isInputError(): boolean {
    switch (this.code) {
      case "invalid_input":
      case "not_found":
        return true;
      case "damaged_database":
      case "database_unavailable":
      case "migration_failed":
      case "closed":
        return false;
      default: {
        const exhaustive: never = this.code;
        return exhaustive;
      }
    }
  }
}
