// Classifies errors from @anthropic-ai/sdk into ProviderError (the plain-word messages of provider-error.ts).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";

import { type ClassifiedError, type ClassifyContext, classifySdkError } from "../classify-common-error";
import type { ProviderErrorReason } from "../provider-error";
import { isQuotaError } from "../quota-error";

/** Anthropic's body is `{type: "error", error: {type, message}}`; the SDK keeps all of it as `error.error`. */
function providerMessage(error: APIError): string | undefined {
  return error.apiMessage ?? undefined;
}

function reasonForStatus(error: APIError): ProviderErrorReason {
  const status = error.status ?? 0;
  // 402 billing_error, and the 400 "Your credit balance is too low" that predates it, are both quota errors.
  if (isQuotaError({ status, body: error.error })) return "quota";
  if (status === 401 || error.type === "authentication_error") return "auth";
  if (status === 429 || error.type === "rate_limit_error") return "rate_limit";
  // Anthropic answers an unknown model with 404 not_found_error "model: <name>"; other 404s mean a wrong base URL.
  if (status === 404 && /model/i.test(providerMessage(error) ?? "")) return "model_not_found";
  if (status === 408) return "network";
  // 529 overloaded_error is Anthropic's "busy, try later", a server condition like any 5xx.
  if (status >= 500) return "server";
  return "bad_request";
}

/** The HTTP status Anthropic answers each error type with (its documented error table). */
const statusForErrorType: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/**
 * An `event: error` inside a stream arrives after a 200, so the SDK's error has no status; it is rebuilt as the
 * error the same type gets as an HTTP answer, so an overloaded stream is classified as a 529 is. Neither SDK
 * retries it: the answer had already started, and its text may already be with the caller.
 */
function withStatusOfType(caught: unknown): unknown {
  if (!(caught instanceof APIError) || caught.status !== undefined || caught instanceof APIUserAbortError)
    return caught;
  const error = caught as APIError;
  const status = error.type ? statusForErrorType[error.type] : undefined;
  return status === undefined
    ? error
    : APIError.generate(status, error.error, undefined, error.headers ?? new Headers());
}

export function classifyAnthropicError(error: unknown, context: ClassifyContext): ClassifiedError {
  return classifySdkError(withStatusOfType(error), context, {
    classes: { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError },
    reasonOf: reasonForStatus,
    messageOf: providerMessage,
  });
}
