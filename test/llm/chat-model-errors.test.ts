// Provider errors through the real SDKs (every call streams): each failure a provider can produce, classified with
// the right brand and no key text.
import { describe, expect, it } from "vitest";

import type { RemoteProviderId as ProviderId } from "../../src/config/providers";
import type { ChatRequest } from "../../src/llm/chat-model";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { brands, closedPortUrls, configFor, providerErrorFrom, secretKey } from "./llm-test-helpers";

const hello: ChatRequest = { messages: [{ role: "user", content: "Hello" }] };
const providers: ProviderId[] = ["openai", "anthropic", "qwen"];

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

describe.each(providers)("%s errors", (provider) => {
  const brand = brands[provider];
  const modelWith = (overrides: Parameters<typeof configFor>[0]["overrides"] = {}, key?: string) =>
    createChatModel({ config: configFor({ provider, server, key, overrides }), role: "graph", env: {} });

  it("401: invalid key, one request, no key text", async () => {
    const wrongKey = "sk-test.WRONG-abcdef1234567890";
    const error = await providerErrorFrom(modelWith({}, wrongKey).chat(hello));
    expect(error.reason).toBe("auth");
    expect(
      error.message.startsWith(`Invalid API Key: The ${brand} API key you provided is invalid or has expired.`),
    ).toBe(true);
    expect(error.message).not.toContain("WRONG-abcdef");
    expect(server.requestCount()).toBe(1);
    expect(server.requests[0]!.apiKey).toBe(wrongKey);
    // Every call streams: an error status before the stream starts is classified as it always was.
    expect(server.requests[0]!.summary.stream).toBe(true);
  });

  it("429 rate limit: retried max_retries times, then classified", async () => {
    server.enqueue(fakeReply.rateLimited(), fakeReply.rateLimited(), fakeReply.rateLimited());
    const error = await providerErrorFrom(modelWith({ max_retries: 1 }).chat(hello));
    expect(error.reason).toBe("rate_limit");
    expect(error.message.startsWith(`Rate Limit Exceeded: You've hit the ${brand} API rate limit.`)).toBe(true);
    expect(server.requestCount()).toBe(2);
  });

  it("quota error: never retried", async () => {
    server.enqueue(fakeReply.quotaExceeded(), fakeReply.text("must not be reached"));
    const error = await providerErrorFrom(modelWith({ max_retries: 3 }).chat(hello));
    expect(error.reason).toBe("quota");
    expect(
      error.message.startsWith(`Billing Issue: Your ${brand} account has insufficient credits or billing issues.`),
    ).toBe(true);
    expect(server.requestCount()).toBe(1);
    expect(server.requests[0]!.summary.stream).toBe(true);
    expect(error.isRetryable).toBe(false);
  });

  it("500 then success: retried once and answered", async () => {
    server.enqueue(fakeReply.serverError(), fakeReply.text("Recovered."));
    const response = await modelWith({ max_retries: 2 }).chat(hello);
    expect(response.text).toBe("Recovered.");
    expect(server.requestCount()).toBe(2);
  });

  it("500 every time: classified as a server error after the retries", async () => {
    server.enqueue(fakeReply.serverError(503), fakeReply.serverError(503));
    const error = await providerErrorFrom(modelWith({ max_retries: 1 }).chat(hello));
    expect(error.reason).toBe("server");
    expect(error.statusCode).toBe(503);
    expect(error.message).toContain(brand);
    expect(server.requestCount()).toBe(2);
  });

  it("404 model not found: the message names the model", async () => {
    server.enqueue(fakeReply.modelNotFound("no-such-model"));
    const chatModel = createChatModel({
      config: configFor({ provider, server, overrides: { graph_llm_model: "no-such-model" } }),
      role: "graph",
      env: {},
    });
    const error = await providerErrorFrom(chatModel.chat(hello));
    expect(error.reason).toBe("model_not_found");
    expect(error.message.startsWith(`Model Error: The model "no-such-model" is not available from ${brand}.`)).toBe(
      true,
    );
    expect(server.requestCount()).toBe(1);
  });

  it("connection refused: network error", async () => {
    const closed = await closedPortUrls();
    const chatModel = createChatModel({
      config: configFor({ provider, server: closed, overrides: { max_retries: 0 } }),
      role: "graph",
      env: {},
    });
    const error = await providerErrorFrom(chatModel.chat(hello));
    expect(error.reason).toBe("network");
    expect(error.message.startsWith(`Network Error: Unable to connect to ${brand} servers.`)).toBe(true);
    expect(error.message).toContain("connection refused");
  });

  it("hanging server: each attempt times out, then a network error", async () => {
    server.enqueue(fakeReply.hang(), fakeReply.hang());
    const started = Date.now();
    const error = await providerErrorFrom(modelWith({ request_timeout_ms: 150, max_retries: 1 }).chat(hello));
    expect(error.reason).toBe("network");
    expect(error.message.startsWith(`Network Error: Unable to connect to ${brand} servers.`)).toBe(true);
    expect(error.message).toContain("timed out after 150 ms");
    expect(server.requestCount()).toBe(2);
    // Two timeouts were waited for; how long the backoff took between them depends on the machine.
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("caller abort: cancelled at once, not retried", async () => {
    server.enqueue(fakeReply.hang());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await providerErrorFrom(modelWith({ max_retries: 2 }).chat({ ...hello, signal: controller.signal }));
    expect(error.reason).toBe("aborted");
    expect(error.message).toBe(`Cancelled: the ${brand} request was cancelled.`);
    expect(server.requestCount()).toBe(1);
  });

  it("caller timeout signal (AbortSignal.timeout): a network timeout", async () => {
    server.enqueue(fakeReply.hang());
    const error = await providerErrorFrom(
      modelWith({ max_retries: 2 }).chat({ ...hello, signal: AbortSignal.timeout(80) }),
    );
    expect(error.reason).toBe("network");
    expect(error.message).toContain("timed out");
  });

  it("connection reset mid-response: network error", async () => {
    server.enqueue(fakeReply.reset());
    const error = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(error.reason).toBe("network");
    expect(error.message.startsWith(`Network Error: Unable to connect to ${brand} servers.`)).toBe(true);
  });

  it("malformed JSON body: a provider error saying so", async () => {
    server.enqueue(fakeReply.malformed());
    const error = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(error.reason).toBe("unknown");
    expect(error.message).toContain(brand);
    expect(error.message).toContain("not valid JSON");
  });

  it("a body that is JSON but not a completion: a provider error, not a crash", async () => {
    server.enqueue(fakeReply.raw(200, { unexpected: true }));
    const error = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(error.reason).toBe("unknown");
  });

  it("a provider message that echoes a key is scrubbed", async () => {
    server.enqueue(fakeReply.error(400, `Bad request for key ${secretKey}`));
    const error = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(error.reason).toBe("bad_request");
    expect(error.message).toContain("[redacted]");
  });
});

describe("provider-specific quota and retry rules", () => {
  it("Anthropic 400 'credit balance is too low' is a quota error, one request", async () => {
    server.enqueue(fakeReply.creditBalanceTooLow());
    const chatModel = createChatModel({ config: configFor({ provider: "anthropic", server }), role: "graph", env: {} });
    const error = await providerErrorFrom(chatModel.chat(hello));
    expect(error.reason).toBe("quota");
    expect(
      error.message.startsWith("Billing Issue: Your Anthropic account has insufficient credits or billing issues."),
    ).toBe(true);
    expect(server.requestCount()).toBe(1);
  });

  it("Anthropic 529 overloaded is a server error, retried", async () => {
    server.enqueue(fakeReply.overloaded(), fakeReply.text("Back."));
    const chatModel = createChatModel({ config: configFor({ provider: "anthropic", server }), role: "graph", env: {} });
    expect((await chatModel.chat(hello)).text).toBe("Back.");
    expect(server.requestCount()).toBe(2);
  });

  it("OpenAI 429 that only links to the billing page is still a rate limit, and retried", async () => {
    server.enqueue(
      fakeReply.error(
        429,
        "Rate limit reached. Add a payment method at https://platform.openai.com/account/billing to increase it.",
      ),
      fakeReply.text("Fine now."),
    );
    const chatModel = createChatModel({ config: configFor({ provider: "openai", server }), role: "graph", env: {} });
    expect((await chatModel.chat(hello)).text).toBe("Fine now.");
    expect(server.requestCount()).toBe(2);
  });

  it("qwen retries 4 times by default", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) server.enqueue(fakeReply.rateLimited());
    const config = { ...configFor({ provider: "qwen", server }), max_retries: undefined };
    const error = await providerErrorFrom(createChatModel({ config, role: "graph", env: {} }).chat(hello));
    expect(error.reason).toBe("rate_limit");
    expect(server.requestCount()).toBe(5);
  });

  it("qwen quota error (429 insufficient_quota) is not retried even with the default 4 retries", async () => {
    server.enqueue(fakeReply.quotaExceeded());
    const config = { ...configFor({ provider: "qwen", server }), max_retries: undefined };
    const error = await providerErrorFrom(createChatModel({ config, role: "graph", env: {} }).chat(hello));
    expect(error.reason).toBe("quota");
    expect(server.requestCount()).toBe(1);
  });
});
