// Classification shared by the provider error files: caller aborts, timeouts, raw connection failures, bad bodies.
import { describeError } from "../common/describe-error";
import { redactKnownSecrets } from "../common/secret-redactor";
import type { ProviderId } from "../config/providers";
import { AnswerTooLongError } from "./answer-limits";
import { refusedCapability, type RequestNeeds } from "./capability-refusal";
import type { ModelRole } from "./chat-model";
import { ModelCapabilityError } from "./model-capability-error";
import { ProviderError, type ProviderErrorReason } from "./provider-error";

/** What a classifier knows about the call that failed, to name the model and the endpoint in the message. */
export interface ClassifyContext {
  provider: ProviderId;
  model: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** The caller's signal: when it fired, the failure is the caller's cancellation, whatever the SDK reports. */
  signal?: AbortSignal;
  /** The key the call was made with: removed by value from any provider text that echoes it back. */
  apiKey?: string;
  /** The base URL as a capability refusal names it, when it is not the provider's own address (a local server). */
  endpoint?: string;
  /** The role the model plays, named in a capability refusal; absent outside a role (a key check). */
  role?: ModelRole;
  /** What the request asked beyond text: a refusal is only read as one of these. */
  needs?: RequestNeeds;
}

/** Provider text for a message: the call's key (by value) and key-like text removed, whitespace collapsed, capped. */
export function providerDetail(text: unknown, maxLength = 200, apiKey?: string): string | undefined {
  if (typeof text !== "string" || text.trim() === "") return undefined;
  // Trailing periods go: the detail sits inside parentheses in the middle of a sentence.
  const clean = redactKnownSecrets(text, [apiKey])
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.\s]+$/, "");
  return clean.length > maxLength ? `${clean.slice(0, maxLength)}...` : clean;
}

/** Host and port of the base URL, never its path or credentials (a proxy URL may carry a token). */
function endpointHost(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    return new URL(baseUrl).host || undefined;
  } catch {
    return undefined;
  }
}

/** What every ProviderError of a call says about where it went. */
function origin(context: ClassifyContext): { provider: ClassifyContext["provider"]; model: string } {
  return { provider: context.provider, model: context.model };
}

const connectionCodes: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "DNS lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "response body timed out",
  CERT_HAS_EXPIRED: "TLS certificate expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed TLS certificate",
};

/** The first known connection error code along the cause chain (undici nests them: TypeError -> cause). */
function connectionReason(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(connectionCodes, code)) return connectionCodes[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function networkError(error: unknown, context: ClassifyContext, reason?: string): ProviderError {
  const host = endpointHost(context.baseUrl);
  const why = reason ?? connectionReason(error);
  const detail = [why, host ? `at ${host}` : undefined].filter(Boolean).join(" ");
  return new ProviderError({ reason: "network", ...origin(context), detail: detail || undefined, cause: error });
}

/** A 404 that is not about a model usually means the base URL lacks or doubles a path segment such as /v1. */
export function notFoundDetail(providerMessage: unknown, apiKey?: string): string {
  return [providerDetail(providerMessage, undefined, apiKey), "check the base URL"].filter(Boolean).join("; ");
}

export function timeoutReason(context: ClassifyContext): string {
  return context.timeoutMs === undefined ? "timed out" : `timed out after ${context.timeoutMs} ms`;
}

function isNamedError(error: unknown, name: string): boolean {
  return error !== null && typeof error === "object" && (error as { name?: unknown }).name === name;
}

/** The AnswerTooLongError along the cause chain: an SDK may wrap the body's failure in its own error. */
function answerTooLong(error: unknown): AnswerTooLongError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === "object"; depth += 1) {
    if (current instanceof AnswerTooLongError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Every error a classifier answers: a provider's failure, or a model without what the request needed. */
export type ClassifiedError = ProviderError | ModelCapabilityError;

/** Errors to settle before looking at SDK classes: already classified, too long, or cancelled by the caller. */
export function classifyBeforeSdk(error: unknown, context: ClassifyContext): ClassifiedError | undefined {
  if (error instanceof ProviderError || error instanceof ModelCapabilityError) return error;
  const tooLong = answerTooLong(error);
  if (tooLong) {
    return new ProviderError({
      reason: "answer_too_long",
      provider: context.provider,
      model: context.model,
      detail: `at ${tooLong.limit}`,
      cause: error,
    });
  }
  if (!context.signal?.aborted) return undefined;
  // A caller's AbortSignal.timeout() is a timeout (a Network Error), any other abort is a cancellation.
  if (isNamedError(context.signal.reason, "TimeoutError")) return networkError(error, context, "timed out");
  return new ProviderError({ reason: "aborted", provider: context.provider, model: context.model, cause: error });
}

/** Errors that reach us outside the SDK's classes: body read failures, invalid JSON, our own response checks. */
export function classifyAfterSdk(error: unknown, context: ClassifyContext): ProviderError {
  if (isNamedError(error, "AbortError")) {
    return new ProviderError({ reason: "aborted", provider: context.provider, model: context.model, cause: error });
  }
  if (isNamedError(error, "TimeoutError")) return networkError(error, context, timeoutReason(context));
  // undici: "fetch failed" before a response, "terminated" when the connection drops while the body is read.
  if (error instanceof TypeError && (/fetch failed|terminated/i.test(error.message) || connectionReason(error))) {
    return networkError(error, context, connectionReason(error) ?? "connection lost while reading the response");
  }
  if (error instanceof SyntaxError) {
    return new ProviderError({
      reason: "unknown",
      ...origin(context),
      detail: "the response was not valid JSON",
      cause: error,
    });
  }
  const message = describeError(error);
  return new ProviderError({
    reason: "unknown",
    ...origin(context),
    detail: providerDetail(message, undefined, context.apiKey),
    cause: error,
  });
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes each SDK exports under the same names (the two SDKs share their client core). */
export interface SdkErrorClasses<ApiError extends Error> {
  APIError: abstract new (...args: never[]) => ApiError;
  APIUserAbortError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
}

export interface SdkErrorRules<ApiError extends Error & { status?: number }> {
  classes: SdkErrorClasses<ApiError>;
  /** The kind of an HTTP error answer; this is where the providers differ. */
  reasonOf(error: ApiError): ProviderErrorReason;
  /** The provider's own sentence from the error body. */
  messageOf(error: ApiError): unknown;
}

/** The classification flow both adapters share; each supplies its SDK's classes and its status rules. */
export function classifySdkError<ApiError extends Error & { status?: number }>(
  error: unknown,
  context: ClassifyContext,
  rules: SdkErrorRules<ApiError>,
): ClassifiedError {
  const early = classifyBeforeSdk(error, context);
  if (early) return early;
  const { classes } = rules;
  if (error instanceof classes.APIUserAbortError) {
    return new ProviderError({ reason: "aborted", provider: context.provider, model: context.model, cause: error });
  }
  // The timeout class extends the connection class, so it is checked first.
  if (error instanceof classes.APIConnectionTimeoutError) return networkError(error, context, timeoutReason(context));
  if (error instanceof classes.APIConnectionError) return networkError(error, context);
  if (error instanceof classes.APIError) {
    const message = rules.messageOf(error);
    // Before the status rules: a model without tools is refused with a 400 like any bad request, but the way out is
    // a setting, not a retry or a bug report.
    const capability = refusedCapability(error.status, message, context.needs);
    if (capability) {
      return new ModelCapabilityError({
        capability,
        model: context.model,
        role: context.role ?? null,
        ...(context.endpoint === undefined ? {} : { endpoint: context.endpoint }),
        detail: providerDetail(message, undefined, context.apiKey),
        cause: error,
      });
    }
    const reason = rules.reasonOf(error);
    const detail =
      reason === "bad_request" && error.status === 404
        ? notFoundDetail(message, context.apiKey)
        : providerDetail(message, undefined, context.apiKey);
    return new ProviderError({ reason, ...origin(context), statusCode: error.status, detail, cause: error });
  }
  return classifyAfterSdk(error, context);
}
