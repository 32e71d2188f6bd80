// Typed provider errors with the exact user-facing messages (Invalid API Key: ..., Rate Limit Exceeded: ..., Billing
// Issue: ..., Network Error: ..., Model Error: ...). Classification lives in each provider's *-errors.ts (openai/,
// anthropic/), with the shared cases in classify-common-error.ts.
import { QuantAgentError } from "../common/quantagent-error";
import { type ProviderId, providerInfo } from "../config/providers";

export type ProviderErrorReason =
  | "auth"
  | "rate_limit"
  | "quota"
  | "network"
  | "model_not_found"
  | "bad_request"
  | "server"
  | "answer_too_long"
  | "aborted"
  | "unknown";

export interface ProviderErrorOptions {
  reason: ProviderErrorReason;
  provider: ProviderId;
  statusCode?: number;
  model?: string;
  /** The provider's own explanation, scrubbed of anything key-like. Only used for kinds without a fixed text. */
  detail?: string;
  cause?: unknown;
}

function messageFor(details: ProviderErrorOptions): string {
  const brand = providerInfo(details.provider).displayName;
  const detail = details.detail ? ` (${details.detail})` : "";
  switch (details.reason) {
    case "auth":
      return `Invalid API Key: The ${brand} API key you provided is invalid or has expired. Check it in the Settings panel or the ${providerInfo(details.provider).keyEnvVar ?? "provider's key"} environment variable.`;
    case "rate_limit":
      return `Rate Limit Exceeded: You've hit the ${brand} API rate limit. Wait a moment and try again.`;
    case "quota":
      return `Billing Issue: Your ${brand} account has insufficient credits or billing issues. Check your plan and billing details with ${brand}.`;
    case "network":
      return `Network Error: Unable to connect to ${brand} servers. Check your connection, proxy or base URL${detail}.`;
    case "model_not_found":
      return `Model Error: The model "${details.model ?? "unknown"}" is not available from ${brand}. Choose another model name.`;
    case "bad_request":
      return `Request Error: ${brand} rejected the request${details.statusCode ? ` (HTTP ${details.statusCode})` : ""}${detail}.`;
    case "server":
      return `Provider Error: ${brand} had a server error${details.statusCode ? ` (HTTP ${details.statusCode})` : ""}${detail}. Try again later.`;
    case "answer_too_long":
      return `Answer Too Long: the ${brand} model's answer was stopped${detail}: it went on past what was asked for (check the model and the base URL; a server that ignores the token limit can stream for ever).`;
    case "aborted":
      return `Cancelled: the ${brand} request was cancelled.`;
    case "unknown":
      return `Provider Error: the ${brand} request failed${detail}.`;
    default: {
      const exhaustive: never = details.reason;
      return exhaustive;
    }
  }
}

export class ProviderError extends QuantAgentError {
  override name = "ProviderError";
  /** What went wrong with the call; the error's `code` is `provider_<reason>`. */
  readonly reason: ProviderErrorReason;
  readonly provider: ProviderId;
  readonly statusCode: number | undefined;
  readonly model: string | undefined;

  constructor(options: ProviderErrorOptions) {
    super({
      code: `provider_${options.reason}`,
      kind: options.reason === "aborted" ? "cancelled" : "provider",
      message: messageFor(options),
      details: {
        provider: options.provider,
        ...(options.statusCode === undefined ? {} : { statusCode: options.statusCode }),
      },
      cause: options.cause,
    });
    this.reason = options.reason;
    this.provider = options.provider;
    this.statusCode = options.statusCode;
    this.model = options.model;
  }

  /** Retrying may help: rate limits, network trouble and server errors. Quota errors are never retried. */
  get isRetryable(): boolean {
    return this.reason === "rate_limit" || this.reason === "network" || this.reason === "server";
  }
}

/** A streamed answer that cannot be read: an event of the wrong shape, or a response that was no stream at all. */
export function unreadableStreamError(
  provider: ProviderId,
  model: string | undefined,
  detail: string,
  cause?: unknown,
): ProviderError {
  return new ProviderError({ reason: "unknown", provider, model, detail, cause });
}
