// The one rule that tells a quota or billing error from an ordinary failure, on the bodies providers really send
// (see the markers in src/llm/quota-error.ts): each marker in either place (the body or its `error` member), in any
// letter case, and the near misses that must stay retryable (a rate limit whose message links to the billing page).
import { describe, expect, it } from "vitest";

import { isQuotaError } from "../../src/llm/quota-error";

describe("isQuotaError", () => {
  it("is true for a 402 whatever the body", () => {
    expect(isQuotaError({ status: 402, body: undefined })).toBe(true);
    expect(isQuotaError({ status: 402, body: "Payment Required" })).toBe(true);
  });

  it("recognises each quota code, as code or type, in the error member or the body itself, in any case", () => {
    for (const code of ["insufficient_quota", "billing_error", "billing_hard_limit_reached", "Arrearage"]) {
      expect(isQuotaError({ status: 429, body: { error: { code } } }), code).toBe(true);
      expect(isQuotaError({ status: 400, body: { error: { type: code } } }), code).toBe(true);
      expect(isQuotaError({ status: 400, body: { code } }), code).toBe(true);
      expect(isQuotaError({ status: 400, body: { type: code.toUpperCase() } }), code).toBe(true);
    }
  });

  it("recognises the quota sentences in a message", () => {
    const messages = [
      "Your credit balance is too low to access the Anthropic API.",
      "You exceeded your current quota: Insufficient Quota",
      "insufficient_quota",
    ];
    for (const message of messages)
      expect(isQuotaError({ status: 400, body: { error: { message } } }), message).toBe(true);
  });

  it("is false for a rate limit, even one that links to the billing page, and for bodies that are not objects", () => {
    const rateLimit = {
      error: {
        type: "requests",
        code: "rate_limit_exceeded",
        message: "Rate limit reached. Visit https://platform.openai.com/account/billing to increase your limits.",
      },
    };
    expect(isQuotaError({ status: 429, body: rateLimit })).toBe(false);
    for (const body of [undefined, null, "insufficient_quota", 42, { error: "insufficient_quota" }, { error: null }])
      expect(isQuotaError({ status: 429, body }), JSON.stringify(body)).toBe(false);
    expect(isQuotaError({ status: 429, body: { error: { code: 42, type: null, message: 7 } } })).toBe(false);
    // Only text is read as a message: a list holding the sentence is not one.
    expect(isQuotaError({ status: 400, body: { error: { message: ["credit balance is too low"] } } })).toBe(false);
    expect(isQuotaError({ status: undefined, body: { error: { code: "billing" } } })).toBe(false);
  });
});
