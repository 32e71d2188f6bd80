// Classifies errors from @anthropic-ai/sdk into ProviderError (SPEC 5).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import { classifySdkError, type ClassifyContext } from "../classify-common-error";
import type { ProviderError, ProviderErrorKind } from "../provider-error";
import { isQuotaError } from "../quota-error";

/** Anthropic's body is `{type: "error", error: {type, message}}`; the SDK keeps all of it as `error.error`. */
function providerMessage(error: APIError): string | undefined {
  return error.apiMessage ?? undefined;
}

function kindForStatus(error: APIError): ProviderErrorKind {
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

export function classifyAnthropicError(error: unknown, context: ClassifyContext): ProviderError {
  return classifySdkError(error, context, {
    classes: { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError },
    kindOf: kindForStatus,
    messageOf: providerMessage,
  });
}
