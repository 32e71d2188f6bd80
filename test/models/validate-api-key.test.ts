// validateApiKey: one cheap real request, answered as data, never thrown.
import { expect, it } from "vitest";

import { createConfig } from "../../src/config/config-schema";
import { validateApiKey } from "../../src/models/validate-api-key";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { closedPortUrls, configFor, expectNoSecret, secretKey } from "../llm/llm-test-helpers";
import { useFakeProvider } from "../support/use-fake-provider";

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

it.each([
  ["openai", "OpenAI API key is valid"],
  ["anthropic", "Anthropic API key is valid"],
  ["qwen", "Qwen API key is valid"],
] as const)("%s: a valid key", async (provider, message) => {
  const result = await validateApiKey({ config: configFor({ provider, server }), provider, env: {} });
  expect(result).toEqual({ ok: true, message });
  expect(server.requestCount()).toBe(1);
  expect(server.requests[0]!.summary.maxTokens).toBe(5);
});

it("uses the configured agent model when the agent role uses that provider", async () => {
  const config = configFor({ provider: "openai", server, overrides: { agent_llm_model: "gpt-4.1-nano" } });
  await validateApiKey({ config, provider: "openai", env: {} });
  expect(server.requests[0]!.summary.model).toBe("gpt-4.1-nano");
});

it("uses the graph model when only the graph role uses that provider", async () => {
  const config = createConfig({
    api_key: secretKey,
    openai_base_url: server.openaiBaseUrl,
    agent_llm_provider: "qwen",
    agent_llm_model: "qwen3-max",
    graph_llm_provider: "openai",
    graph_llm_model: "gpt-4.1",
  });
  await validateApiKey({ config, provider: "openai", env: {} });
  expect(server.requests[0]!.summary.model).toBe("gpt-4.1");
});

it("uses the provider's default agent model when no role uses it", async () => {
  const config = createConfig({ anthropic_api_key: secretKey, anthropic_base_url: server.anthropicBaseUrl });
  await validateApiKey({ config, provider: "anthropic", env: {} });
  expect(server.requests[0]!.summary.model).toBe("claude-haiku-4-5-20251001");
});

it("an invalid key: the Invalid API Key message, one request, no key text", async () => {
  const config = configFor({ provider: "openai", server, key: "sk-test.SECRET-1234567890abcdef-old" });
  const result = await validateApiKey({ config, provider: "openai", env: {} });
  expect(result.ok).toBe(false);
  const error = result.ok ? "" : result.error;
  expect(error.startsWith("Invalid API Key: The OpenAI API key you provided is invalid or has expired.")).toBe(true);
  expectNoSecret(error);
  expect(result).toMatchObject({ failure: "invalid", code: "provider_auth" });
  expect(server.requestCount()).toBe(1);
});

it("no key at all is invalid; an answer about something else than the key leaves it unchecked", async () => {
  const none = await validateApiKey({ config: createConfig({}), provider: "openai", env: {} });
  expect(none).toMatchObject({ ok: false, failure: "invalid", code: "missing_api_key" });
  server.enqueue(fakeReply.rateLimited());
  const limited = await validateApiKey({
    config: configFor({ provider: "openai", server }),
    provider: "openai",
    env: {},
  });
  expect(limited).toMatchObject({ ok: false, failure: "unchecked", code: "provider_rate_limit" });
});

it("a quota error is reported, not retried", async () => {
  server.enqueue(fakeReply.quotaExceeded());
  const result = await validateApiKey({
    config: configFor({ provider: "anthropic", server }),
    provider: "anthropic",
    env: {},
  });
  expect(result).toMatchObject({ ok: false, failure: "unchecked", code: "provider_quota" });
  expect(result.ok ? "" : result.error).toMatch(/^Billing Issue: Your Anthropic account/);
  expect(server.requestCount()).toBe(1);
});

it("a network error: answered, not thrown", async () => {
  const closed = await closedPortUrls();
  const config = configFor({ provider: "qwen", server: closed, overrides: { max_retries: 3 } });
  const result = await validateApiKey({ config, provider: "qwen", env: {} });
  expect(result.ok ? "" : result.error).toMatch(/^Network Error: Unable to connect to Qwen servers\./);
  // A provider that cannot be reached says nothing about the key: not checked, never "invalid".
  expect(result).toMatchObject({ ok: false, failure: "unreachable", code: "provider_network" });
});

it("a dropped connection: one attempt, no retries, whatever max_retries says", async () => {
  server.enqueue(fakeReply.drop(), fakeReply.drop(), fakeReply.drop(), fakeReply.drop());
  const config = configFor({ provider: "openai", server, overrides: { max_retries: 3 } });
  const result = await validateApiKey({ config, provider: "openai", env: {} });
  expect(result.ok ? "" : result.error).toMatch(/^Network Error: Unable to connect to OpenAI servers\./);
  expect(server.requestCount()).toBe(1);
});

it("a missing key: the missing-key message", async () => {
  const result = await validateApiKey({ config: createConfig({}), provider: "qwen", env: {} });
  expect(result.ok).toBe(false);
  expect(result.ok ? "" : result.error).toMatch(/^Qwen API key not found\. Please set it using one of these methods/);
});

it("an unknown model: the model error", async () => {
  server.enqueue(fakeReply.modelNotFound("gpt-unknown"));
  const config = configFor({ provider: "openai", server, overrides: { agent_llm_model: "gpt-unknown" } });
  const result = await validateApiKey({ config, provider: "openai", env: {} });
  expect(result.ok ? "" : result.error).toMatch(/^Model Error: The model "gpt-unknown" is not available from OpenAI\./);
});

it("a cancelled validation answers, not throws", async () => {
  server.enqueue(fakeReply.hang());
  const result = await validateApiKey({
    config: configFor({ provider: "openai", server }),
    provider: "openai",
    env: {},
    signal: AbortSignal.abort(),
  });
  expect(result).toEqual({
    ok: false,
    error: "Cancelled: the OpenAI request was cancelled.",
    failure: "unchecked",
    code: "provider_aborted",
  });
});

it("the demo provider needs no key and sends nothing", async () => {
  const result = await validateApiKey({ config: configFor({ provider: "openai", server }), provider: "demo", env: {} });
  expect(result).toEqual({ ok: true, message: "The demo provider needs no key (demo: scripted, not a model)" });
  expect(server.requestCount()).toBe(0);
});

it("asks the model for one word in one user message: the cheapest request that tests the key", async () => {
  await validateApiKey({ config: configFor({ provider: "openai", server }), provider: "openai", env: {} });
  const body = server.requests[0]!.body as { messages: Array<{ role: string; content: unknown }> };
  expect(body.messages).toEqual([{ role: "user", content: "Reply with the single word: ok" }]);
});
