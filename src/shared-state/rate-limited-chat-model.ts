// A ChatModel that waits for its turn under the shared rate limit (shared-rate-limiter.ts) before each call. It
// wraps the provider's model directly, beneath any cache, so answers from a cache never spend the limit. A limit it
// cannot reach (PostgreSQL down) lets the call go rather than fail it.
import { createHash } from "node:crypto";

import { type Env, findApiKey, resolveBaseUrl } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import { providerInfo } from "../config/providers";
import type { RateLimits } from "../config/rate-limits";
import type { ChatModel, ChatRequest, ChatResponse } from "../llm/chat-model";
import { type SharedRateLimiter, SharedRateLimitError } from "./shared-rate-limiter";

/**
 * The bucket of a provider key: the provider and a hash of its base URL and key, so the key itself is never stored
 * and two machines with their own local model servers (same placeholder key, different URLs) do not share a limit.
 */
export function rateLimitBucket(provider: ChatModel["provider"], baseUrl: string | undefined, key: string): string {
  const digest = createHash("sha256")
    .update(`${baseUrl ?? ""}\n${key}`)
    .digest("hex");
  return `${provider}:${digest.slice(0, 32)}`;
}

export interface RateLimitedModelOptions {
  limiter: SharedRateLimiter;
  limits: RateLimits;
  /** The config the model was built from, and the environment: where its key and base URL come from. */
  config: Config;
  env: Env;
}

/** The model under its provider's shared limit; the model itself when its provider has none or it has no key. */
export function rateLimitedChatModel(model: ChatModel, options: RateLimitedModelOptions): ChatModel {
  const limit = options.limits[model.provider];
  const key = findApiKey(options.config, model.provider, options.env);
  if (!limit || key === undefined) return model;
  const bucket = rateLimitBucket(model.provider, resolveBaseUrl(options.config, model.provider, options.env), key);
  const providerName = providerInfo(model.provider).displayName;
  return {
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      try {
        await options.limiter.acquire(bucket, limit, { providerName, signal: request.signal });
      } catch (error) {
        // A saturated limit and a cancelled wait end the call; a database that cannot be reached does not: the call
        // goes unlimited (the provider's own 429s and the SDK's retries still hold), as an analysis does not fail
        // when its journal is down.
        if (error instanceof SharedRateLimitError || request.signal?.aborted) throw error;
      }
      return model.chat(request);
    },
  };
}
