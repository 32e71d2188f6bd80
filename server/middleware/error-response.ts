// The one table that turns an error into an HTTP status and a JSON body. Used by the error-handling middleware and,
// for analyses already streaming, by the server-sent-events writer, so both speak the same words.
//
// Every library error carries a `kind` and a stable `code` (src/common/quantagent-error.ts): the status comes from
// the kind, unless the code has its own row below; the body is the error's message, its code, and its safe details
// in snake_case. Choices worth knowing:
// - Provider failures are 502 (the provider, not this server or the caller, failed), with the provider's reason in
//   `code` (provider_auth, provider_quota, ...). A provider's 401 is deliberately NOT passed on as 401: the page keeps
//   401 for "this server wants its access token", and a rejected OpenAI key must send the user to Settings instead.
//   Rate limits are 503, because trying again later is the fix.
// - no_data is 422: the request was well formed, the market simply had no bars for it (404 would read as "no such
//   endpoint" to HTTP tooling).
// - Anything that is not a library error, and the library's own InternalError (a bug), is 500 with a generic
//   sentence; the details go to the log only (`unexpected: true`).
import { type ErrorKind, QuantAgentError } from "../../src/index";
import { ClientDisconnectedError } from "../client-disconnect";
import { HttpProblem } from "../http-problem";

export interface ErrorBody {
  success: false;
  /** One or more plain sentences saying what is wrong and, where possible, how to fix it. */
  error: string;
  /** A stable machine-readable tag (the page chooses its hint from it). */
  code: string;
  /** The provider concerned, for key and provider errors; max_days and current_days for date ranges; ... */
  [detail: string]: unknown;
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers?: Readonly<Record<string, string>>;
  /** True when the error is not one of the known kinds: log it in full, answer generically. */
  unexpected: boolean;
}

export const GENERIC_ERROR_MESSAGE =
  "Something went wrong on the server. The details are in the server's log; try again, and report it if it persists.";

/** The status of each kind of library error. */
export const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  input: 400,
  config: 400,
  provider: 502,
  data: 502,
  cancelled: 503,
  internal: 500,
};

/** Codes whose status differs from their kind's. */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  no_data: 422,
  provider_rate_limit: 503,
  analysis_not_found: 404,
  run_not_found: 404,
  watch_entry_not_found: 404,
  queued_run_not_found: 404,
  journal_unavailable: 503,
  queue_unavailable: 503,
};

/** Codes answered with a fixed sentence instead of the error's own message. */
const MESSAGE_BY_CODE: Readonly<Record<string, string>> = {
  renderer_closed: "The server is shutting down; try again in a moment.",
  internal: GENERIC_ERROR_MESSAGE,
  journal_unavailable:
    "The analysis journal's database cannot be reached right now (the server's log says why). Try again shortly.",
  queue_unavailable:
    "The database that holds the queued runs cannot be reached right now (the server's log says why). Try again shortly.",
  journal_damaged:
    "The analysis journal's database file is damaged and was left untouched; the server's log names it and says what to do.",
  journal_migration_failed:
    "The analysis journal's database could not be brought up to date; the server's log says why.",
};

/** Internal codes whose message is safe and useful to show; any other internal error is answered generically. */
const SHOWN_INTERNAL_CODES = new Set([
  "chart_launch",
  "chart_render",
  "chart_timeout",
  "asset_store_corrupt",
  "asset_store_io",
  "file_lock",
]);

/**
 * Internal codes answered with their code and a fixed sentence, and logged in full: the journal's own message names
 * a file or a database host, which is for the operator's log, not for clients.
 */
const OPERATOR_CODES = new Set([
  "journal_unavailable",
  "journal_damaged",
  "journal_migration_failed",
  "queue_unavailable",
]);

/**
 * An analysis's journal_error as a client may see it: for the codes above, the fixed sentence instead of the
 * journal's message (which names the database's host and port); `undefined` when it may be shown as it is.
 */
export function journalErrorForClients(journalError: { code: string; message: string }): string | undefined {
  if (!OPERATOR_CODES.has(journalError.code)) return undefined;
  return `The analysis was not recorded in the journal: ${MESSAGE_BY_CODE[journalError.code] ?? GENERIC_ERROR_MESSAGE}`;
}

/** The chart codes get a word of advice the library's message cannot give (it does not know it runs in a server). */
function advice(error: QuantAgentError): string {
  if (error.code === "chart_launch") return " Check that Chromium is installed (see the README).";
  return "";
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function known(status: number, code: string, error: string, extra: Record<string, unknown> = {}): ErrorResponse {
  return { status, body: { ...extra, success: false, error, code }, unexpected: false };
}

/** Koa's own errors (ctx.throw, router 405/501) carry `status` and `expose`. */
function isExposedHttpError(error: unknown): error is Error & { status: number; expose: boolean } {
  return (
    error instanceof Error &&
    typeof (error as { status?: unknown }).status === "number" &&
    (error as { expose?: unknown }).expose === true
  );
}

function libraryErrorResponse(error: QuantAgentError): ErrorResponse | undefined {
  if (OPERATOR_CODES.has(error.code)) {
    return {
      ...known(STATUS_BY_CODE[error.code] ?? 500, error.code, MESSAGE_BY_CODE[error.code] ?? GENERIC_ERROR_MESSAGE),
      unexpected: true,
    };
  }
  if (error.kind === "internal" && !SHOWN_INTERNAL_CODES.has(error.code)) return undefined;
  const status = STATUS_BY_CODE[error.code] ?? STATUS_BY_KIND[error.kind];
  const details = Object.fromEntries(Object.entries(error.details).map(([name, value]) => [snakeCase(name), value]));
  const message = MESSAGE_BY_CODE[error.code] ?? `${error.message}${advice(error)}`;
  return known(status, error.code, message, details);
}

export function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpProblem) {
    return { ...known(error.status, error.code, error.message), headers: error.headers };
  }
  // Never sent (nobody is listening); it keeps a dropped connection out of the "unexpected" log.
  if (error instanceof ClientDisconnectedError) return known(499, "client_closed", error.message);
  if (QuantAgentError.isInstance(error)) {
    const response = libraryErrorResponse(error);
    if (response) return response;
  }
  if (isExposedHttpError(error) && error.status >= 400 && error.status < 500) {
    return known(error.status, error.status === 405 ? "method_not_allowed" : `http_${error.status}`, error.message);
  }
  return { status: 500, body: { success: false, error: GENERIC_ERROR_MESSAGE, code: "internal" }, unexpected: true };
}
