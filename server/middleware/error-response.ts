// The one table that turns an error into an HTTP status and a JSON body. Used by the error-handling middleware and,
// for analyses already streaming, by the server-sent-events writer, so both speak the same words.
//
// Choices worth knowing:
// - Provider failures are 502 (the provider, not this server or the caller, failed), with the provider's kind in
//   `code` (provider_auth, provider_quota, ...). A provider's 401 is deliberately NOT passed on as 401: the page keeps
//   401 for "this server wants its access token", and a rejected OpenAI key must send the user to Settings instead.
//   Rate limits are 503 with the same `code` scheme, because trying again later is the fix.
// - NoDataError is 422: the request was well formed, the market simply had no bars for it (404 would read as
//   "no such endpoint" to HTTP tooling).
// - Anything unrecognised is 500 with a generic sentence; the details go to the log only (`unexpected: true`).
import {
  ChartRenderError,
  ChartRendererClosedError,
  ConfigError,
  CsvParseError,
  CustomAssetStoreError,
  DateRangeError,
  DecisionError,
  EmptyReportError,
  ModelRefusalError,
  InputError,
  MarketDataError,
  MissingApiKeyError,
  NoDataError,
  NotEnoughDataError,
  ProviderError,
  type ProviderErrorKind,
} from "../../src/index";
import { ClientDisconnectedError } from "../client-disconnect";
import { HttpProblem } from "../http-problem";

export interface ErrorBody {
  success: false;
  /** One or more plain sentences saying what is wrong and, where possible, how to fix it. */
  error: string;
  /** A stable machine-readable tag (the page chooses its hint from it). */
  code: string;
  /** The provider concerned, for key and provider errors. */
  provider?: string;
  /** For date-range errors, as in POST /api/validate-date-range. */
  max_days?: number | null;
  current_days?: number | null;
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

function known(status: number, code: string, error: string, extra: Partial<ErrorBody> = {}): ErrorResponse {
  return { status, body: { success: false, error, code, ...extra }, unexpected: false };
}

function providerStatus(kind: ProviderErrorKind): number {
  switch (kind) {
    case "rate_limit":
    case "aborted":
      return 503;
    case "auth":
    case "quota":
    case "network":
    case "model_not_found":
    case "bad_request":
    case "server":
    case "unknown":
      return 502;
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

/** Koa's own errors (ctx.throw, router 405/501) carry `status` and `expose`. */
function isExposedHttpError(error: unknown): error is Error & { status: number; expose: boolean } {
  return (
    error instanceof Error &&
    typeof (error as { status?: unknown }).status === "number" &&
    (error as { expose?: unknown }).expose === true
  );
}

export function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpProblem) {
    return { ...known(error.status, error.code, error.message), headers: error.headers };
  }
  // Never sent (nobody is listening); it keeps a dropped connection out of the "unexpected" log.
  if (error instanceof ClientDisconnectedError) return known(499, "client_closed", error.message);
  if (error instanceof MissingApiKeyError) return known(400, "missing_api_key", error.message, { provider: error.provider });
  if (error instanceof DateRangeError) {
    return known(400, "date_range", error.message, { max_days: error.maxDays, current_days: error.currentDays });
  }
  if (error instanceof InputError || error instanceof ConfigError) return known(400, "invalid_request", error.message);
  if (error instanceof NotEnoughDataError) return known(400, "not_enough_data", error.message);
  if (error instanceof CsvParseError) return known(400, "invalid_csv", error.message);
  if (error instanceof CustomAssetStoreError) {
    return error.isInputError ? known(400, "invalid_symbol", error.message) : known(500, "asset_store", error.message);
  }
  if (error instanceof NoDataError) return known(422, "no_data", error.message);
  if (error instanceof MarketDataError) {
    if (error.kind === "invalid_request") return known(400, "invalid_request", error.message);
    if (error.kind === "aborted") return known(503, "cancelled", error.message);
    return known(502, "market_data", error.message);
  }
  if (error instanceof ProviderError) {
    return known(providerStatus(error.kind), `provider_${error.kind}`, error.message, { provider: error.provider });
  }
  if (error instanceof DecisionError) return known(502, "decision_failed", error.message);
  if (error instanceof EmptyReportError) return known(502, "empty_report", error.message);
  if (error instanceof ModelRefusalError) return known(502, "model_refusal", error.message);
  if (error instanceof ChartRendererClosedError) return known(503, "unavailable", "The server is shutting down; try again in a moment.");
  if (error instanceof ChartRenderError) {
    // Only a browser that would not start points at the installation; otherwise the reason itself is the news.
    const advice = error.kind === "launch" ? " Check that Chromium is installed (see the README)." : "";
    return known(500, "chart_render", `The charts could not be drawn on the server: ${error.message}.${advice}`);
  }
  if (isExposedHttpError(error) && error.status >= 400 && error.status < 500) {
    return known(error.status, error.status === 405 ? "method_not_allowed" : `http_${error.status}`, error.message);
  }
  return { status: 500, body: { success: false, error: GENERIC_ERROR_MESSAGE, code: "internal" }, unexpected: true };
}
