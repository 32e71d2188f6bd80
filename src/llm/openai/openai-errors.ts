// Classifies errors from the openai SDK (OpenAI and DashScope's compatible endpoint) into ProviderError.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";

import { type ClassifiedError, type ClassifyContext, classifySdkError } from "../classify-common-error";
import type { ProviderErrorReason } from "../provider-error";
import { isQuotaError } from "../quota-error";

/** The provider's own sentence: the SDK keeps the body's `error` member as `error.error`. */
function providerMessage(error: APIError): unknown {
  const body: unknown = error.error;
  return typeof body === "object" && body !== null && "message" in body ? body.message : undefined;
}

/** OpenAI says `code: "model_not_found"`; compatible servers often only say so in words. */
function isModelNotFound(error: APIError): boolean {
  if (error.code === "model_not_found") return true;
  const message = providerMessage(error);
  return typeof message === "string" && /model/i.test(message);
}

function reasonForStatus(error: APIError): ProviderErrorReason {
  const status = error.status ?? 0;
  // The body, not the status, decides quota: OpenAI's quota error is a 429 like any rate limit.
  if (isQuotaError({ status, body: error.error })) return "quota";
  if (status === 401 || error.code === "invalid_api_key") return "auth";
  if (status === 429) return "rate_limit";
  // A 404 that does not mention a model is usually a wrong base URL (a missing /v1), reported as a request error.
  if (status === 404 && isModelNotFound(error)) return "model_not_found";
  if (status === 408) return "network";
  if (status >= 500) return "server";
  return "bad_request";
}

/** The HTTP status that goes with an error's type or code, for errors that arrive without one. */
function statusForStreamedError(error: APIError): number | undefined {
  if (error.type === "server_error" || error.type === "api_error") return 500;
  if (error.code === "invalid_api_key") return 401;
  if (error.code === "rate_limit_exceeded" || error.code === "insufficient_quota") return 429;
  if (error.type === "invalid_request_error") return 400;
  return undefined;
}

/**
 * An error sent inside a stream (`data: {"error": {...}}`) arrives after a 200, so the SDK's error has no status; it
 * is rebuilt as the error the same body gets as an HTTP answer, so it is classified the same way.
 */
function withStatusOfBody(caught: unknown): unknown {
  if (!(caught instanceof APIError) || caught.status !== undefined || caught instanceof APIUserAbortError)
    return caught;
  const error = caught as APIError;
  const status = statusForStreamedError(error);
  return status === undefined
    ? error
    : APIError.generate(status, { error: error.error }, undefined, error.headers ?? new Headers());
}

export function classifyOpenAIError(error: unknown, context: ClassifyContext): ClassifiedError {
  return classifySdkError(withStatusOfBody(error), context, {
    classes: { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError },
    reasonOf: reasonForStatus,
    messageOf: providerMessage,
  });
}
