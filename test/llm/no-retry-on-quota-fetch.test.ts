// The quota no-retry fetch wrapper on its own: which 429s get `x-should-retry: false`, and that bodies survive.
import { describe, expect, it } from "vitest";

import { createNoRetryOnQuotaFetch } from "../../src/llm/no-retry-on-quota-fetch";

function answering(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("createNoRetryOnQuotaFetch", () => {
  it("marks a 429 insufficient_quota as not retryable and keeps its body", async () => {
    const body = {
      error: { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" },
    };
    const response = await createNoRetryOnQuotaFetch(answering(429, body))("http://127.0.0.1/x");
    expect(response.status).toBe(429);
    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(await response.json()).toEqual(body);
  });

  it("marks an Anthropic-shaped 429 billing_error as not retryable", async () => {
    const body = { type: "error", error: { type: "billing_error", message: "Billing problem" } };
    const response = await createNoRetryOnQuotaFetch(answering(429, body))("http://127.0.0.1/x");
    expect(response.headers.get("x-should-retry")).toBe("false");
  });

  it("leaves ordinary rate limits alone, even when they mention billing", async () => {
    const body = {
      error: {
        message: "Rate limit reached; see https://platform.openai.com/account/billing",
        code: "rate_limit_exceeded",
      },
    };
    const response = await createNoRetryOnQuotaFetch(answering(429, body))("http://127.0.0.1/x");
    expect(response.headers.get("x-should-retry")).toBeNull();
  });

  it("leaves a quota error with another status than 429 alone: only 429s are retried by the SDKs", async () => {
    const original = new Response(JSON.stringify({ error: { code: "insufficient_quota" } }), { status: 402 });
    const response = await createNoRetryOnQuotaFetch(async () => original)("http://127.0.0.1/x");
    expect(response).toBe(original);
    expect(response.headers.get("x-should-retry")).toBeNull();
  });

  it("passes other statuses through untouched", async () => {
    const original = new Response("{}", { status: 200 });
    const response = await createNoRetryOnQuotaFetch(async () => original)("http://127.0.0.1/x");
    expect(response).toBe(original);
  });
});
