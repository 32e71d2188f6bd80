// Typed provider errors with the exact user-facing messages of SPEC 5. Classification lives in each provider's
// *-errors.ts (openai/, anthropic/), with the shared cases in classify-common-error.ts.
import { providerInfo, type ProviderId } from "../config/providers";

export type ProviderErrorKind =
  | "auth"
  | "rate_limit"
  | "quota"
  | "network"
  | "model_not_found"
  | "bad_request"
  | "server"
  | "aborted"
  | "unknown";

export interface ProviderErrorDetails {
  kind: ProviderErrorKind;
  provider: ProviderId;
  statusCode?: number;
  model?: string;
  /** The provider's own explanation, scrubbed of anything key-like. Only used for kinds without a fixed text. */
  detail?: string;
  cause?: unknown;
}

function messageFor(details: ProviderErrorDetails): string {
  const brand = providerInfo(details.provider).displayName;
  const detail = details.detail ? ` (${details.detail})` : "";
  switch (details.kind) {
    case "auth":
      return `Invalid API Key: The ${brand} API key you provided is invalid or has expired. Check it in the Settings panel or the ${providerInfo(details.provider).keyEnvVar} environment variable.`;
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
    case "aborted":
      return `Cancelled: the ${brand} request was cancelled.`;
    case "unknown":
      return `Provider Error: the ${brand} request failed${detail}.`;
    default: {
      const exhaustive: never = details.kind;
      return exhaustive;
    }
  }
}

export class ProviderError extends Error {
  override name = "ProviderError";
  readonly kind: ProviderErrorKind;
  readonly provider: ProviderId;
  readonly statusCode: number | undefined;
  readonly model: string | undefined;

  constructor(details: ProviderErrorDetails) {
    super(messageFor(details), { cause: details.cause });
    this.kind = details.kind;
    this.provider = details.provider;
    this.statusCode = details.statusCode;
    this.model = details.model;
  }

  /** Retrying may help: rate limits, network trouble and server errors. Quota errors are never retried. */
  get isRetryable(): boolean {
    return this.kind === "rate_limit" || this.kind === "network" || this.kind === "server";
  }
}
