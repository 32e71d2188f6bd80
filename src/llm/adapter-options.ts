// What every provider adapter (OpenAI-compatible, Anthropic) is built with, and the parts they derive from it alike:
// the call's identity a failure is classified with, and the fetch that bounds answers and never retries quota errors.
import { createBoundedResponseFetch, DEFAULT_MAX_OUTPUT_TOKENS, responseByteLimit } from "./answer-limits";
import type { ModelRole } from "./chat-model";
import type { ClassifyContext } from "./classify-common-error";
import { createNoRetryOnQuotaFetch } from "./no-retry-on-quota-fetch";

export interface AdapterOptions {
  model: string;
  temperature: number;
  apiKey: string;
  /** Undefined: the provider's official endpoint, so the SDK never reads a *_BASE_URL variable by itself. */
  baseUrl?: string;
  /** The base URL as errors name it, when it is not the provider's own address (a local server, a gateway). */
  endpoint?: string;
  /** The role the model plays, named in its capability errors. */
  role?: ModelRole;
  /** Per attempt until the answer starts, then the longest silence within the stream, in milliseconds. */
  timeoutMs?: number;
  /** Retries after a retryable failure; quota errors are never retried whatever this says. */
  maxRetries?: number;
  /** The token limit sent when a request does not name its own (Anthropic requires one). */
  defaultMaxOutputTokens?: number;
  /** The underlying fetch (a proxy agent, a recorder); wrapped so quota errors are not retried and bodies are bounded. */
  fetch?: typeof globalThis.fetch;
}

/** What a failure of any call of one adapter is classified with, besides the call's own signal and needs. */
export type CallIdentity = Omit<ClassifyContext, "signal" | "needs"> & { baseUrl: string };

export interface AdapterSetup {
  identity: CallIdentity;
  defaultMaxOutputTokens: number;
  /** For the SDK client: quota errors are not retried, and a body cannot outgrow the default token limit. */
  fetch: ReturnType<typeof createNoRetryOnQuotaFetch>;
}

export function adapterSetup(
  provider: ClassifyContext["provider"],
  options: AdapterOptions,
  officialBaseUrl: string,
): AdapterSetup {
  const defaultMaxOutputTokens = options.defaultMaxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  return {
    identity: {
      provider,
      model: options.model,
      baseUrl: options.baseUrl ?? officialBaseUrl,
      timeoutMs: options.timeoutMs,
      apiKey: options.apiKey,
      endpoint: options.endpoint,
      role: options.role,
    },
    defaultMaxOutputTokens,
    // A request asking for more tokens than the model's default still gets the default's body limit: none does.
    fetch: createNoRetryOnQuotaFetch(
      createBoundedResponseFetch(options.fetch, responseByteLimit(defaultMaxOutputTokens)),
    ),
  };
}
