// Which failures send a point back to the queue and which are its result: what may pass (rate limits, the network,
// a provider's server error, the database, a worker without the key, the job's time limit, anything unexpected) is
// retried; what would only repeat (a refused key, no credit, a model that misbehaves, data that cannot be had, input
// the analysis refuses) is recorded. And what counts as a lost database connection.
import { describe, expect, it } from "vitest";

import { InputError } from "../../src/common/input-error";
import { InternalError, QuantAgentError } from "../../src/common/quantagent-error";
import { MissingApiKeyError } from "../../src/config/api-keys";
import { JournalError } from "../../src/journal/journal-error";
import { ProviderError } from "../../src/llm/provider-error";
import { isConnectionError } from "../../src/queue/connection-retry";
import { shouldRetry } from "../../src/queue/point-failure";
import { SharedRateLimitError } from "../../src/shared-state/shared-rate-limiter";

describe("shouldRetry", () => {
  it.each([
    ["the provider's rate limit", new ProviderError({ reason: "rate_limit", provider: "openai" })],
    ["a network error", new ProviderError({ reason: "network", provider: "anthropic" })],
    ["a provider's server error", new ProviderError({ reason: "server", provider: "qwen", statusCode: 503 })],
    [
      "the shared rate limit",
      new SharedRateLimitError({
        providerName: "OpenAI",
        limit: { requestsPerMinute: 60, burst: 5 },
        waitMs: 90_000,
        maxWaitMs: 60_000,
      }),
    ],
    ["no key on this worker", new MissingApiKeyError({ provider: "openai", message: "no key" })],
    ["the database", new JournalError({ reason: "database_unavailable", message: "down" })],
    ["the job's time limit", new QuantAgentError({ code: "cancelled", kind: "cancelled", message: "timed out" })],
    ["a bug", new InternalError({ message: "broken" })],
    ["something unknown", new TypeError("x is undefined")],
  ])("sends %s back to the queue", (_, error) => {
    expect(shouldRetry(error)).toBe(true);
  });

  it.each([
    ["a refused key", new ProviderError({ reason: "auth", provider: "openai" })],
    ["no credit", new ProviderError({ reason: "quota", provider: "openai" })],
    ["an unknown model", new ProviderError({ reason: "model_not_found", provider: "openai", model: "gpt-9" })],
    ["a model that misbehaves", new QuantAgentError({ code: "decision_failed", kind: "provider", message: "no JSON" })],
    ["data that cannot be had", new QuantAgentError({ code: "no_data", kind: "data", message: "none" })],
    ["input the analysis refuses", new InputError({ message: "bars are 3 hours apart" })],
  ])("records %s as the point's result", (_, error) => {
    expect(shouldRetry(error)).toBe(false);
  });
});

describe("isConnectionError", () => {
  it("knows a lost or refused connection from other database errors", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006"])
      expect(isConnectionError(Object.assign(new Error("x"), { code })), code).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});
