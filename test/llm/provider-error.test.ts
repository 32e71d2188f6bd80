// The typed provider error on its own: the exact sentence for each reason (the page, the CLI and the API show it as
// it is), its code and kind, the details that are safe to show, and which reasons are worth a retry.
import { describe, expect, it } from "vitest";

import { ProviderError, type ProviderErrorReason } from "../../src/llm/provider-error";

describe("ProviderError", () => {
  it("says what happened for each reason, naming the provider and, where known, the model, status and detail", () => {
    const openai = (
      reason: ProviderErrorReason,
      extra: { statusCode?: number; detail?: string; model?: string } = {},
    ) => new ProviderError({ reason, provider: "openai", ...extra }).message;
    expect(openai("auth")).toBe(
      "Invalid API Key: The OpenAI API key you provided is invalid or has expired. Check it in the Settings panel or the OPENAI_API_KEY environment variable.",
    );
    expect(new ProviderError({ reason: "auth", provider: "demo" }).message).toMatch(
      /or the provider's key environment variable\.$/,
    );
    expect(openai("rate_limit")).toBe(
      "Rate Limit Exceeded: You've hit the OpenAI API rate limit. Wait a moment and try again.",
    );
    expect(openai("quota")).toBe(
      "Billing Issue: Your OpenAI account has insufficient credits or billing issues. Check your plan and billing details with OpenAI.",
    );
    expect(openai("network", { detail: "connection refused at 127.0.0.1:9" })).toBe(
      "Network Error: Unable to connect to OpenAI servers. Check your connection, proxy or base URL (connection refused at 127.0.0.1:9).",
    );
    expect(openai("network")).toBe(
      "Network Error: Unable to connect to OpenAI servers. Check your connection, proxy or base URL.",
    );
    expect(openai("model_not_found", { model: "gpt-9" })).toBe(
      'Model Error: The model "gpt-9" is not available from OpenAI. Choose another model name.',
    );
    expect(openai("model_not_found")).toMatch(/^Model Error: The model "unknown" is not available/);
    expect(openai("bad_request", { statusCode: 400, detail: "bad field" })).toBe(
      "Request Error: OpenAI rejected the request (HTTP 400) (bad field).",
    );
    expect(openai("bad_request")).toBe("Request Error: OpenAI rejected the request.");
    expect(openai("server", { statusCode: 503, detail: "overloaded" })).toBe(
      "Provider Error: OpenAI had a server error (HTTP 503) (overloaded). Try again later.",
    );
    expect(openai("server")).toBe("Provider Error: OpenAI had a server error. Try again later.");
    expect(openai("aborted")).toBe("Cancelled: the OpenAI request was cancelled.");
    expect(openai("unknown", { detail: "odd" })).toBe("Provider Error: the OpenAI request failed (odd).");
    expect(new ProviderError({ reason: "quota", provider: "anthropic" }).message).toContain("Your Anthropic account");
  });

  it("carries its code, kind, provider, status and model; a cancellation is of kind cancelled", () => {
    const cause = new Error("underlying");
    const error = new ProviderError({ reason: "server", provider: "qwen", statusCode: 500, model: "qwen-max", cause });
    expect(error).toMatchObject({ code: "provider_server", kind: "provider", provider: "qwen", statusCode: 500 });
    expect(error.model).toBe("qwen-max");
    expect(error.reason).toBe("server");
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ provider: "qwen", statusCode: 500 });
    expect(error.name).toBe("ProviderError");
    const aborted = new ProviderError({ reason: "aborted", provider: "openai" });
    expect(aborted.kind).toBe("cancelled");
    expect(Object.keys(aborted.details)).toEqual(["provider"]);
    expect(aborted.statusCode).toBeUndefined();
  });

  it("is retryable for rate limits, network trouble and server errors only", () => {
    const reasons: ProviderErrorReason[] = [
      "auth",
      "rate_limit",
      "quota",
      "network",
      "model_not_found",
      "bad_request",
      "server",
      "aborted",
      "unknown",
    ];
    const retryable = reasons.filter((reason) => new ProviderError({ reason, provider: "openai" }).isRetryable);
    expect(retryable).toEqual(["rate_limit", "network", "server"]);
  });
});
