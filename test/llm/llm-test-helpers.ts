// Shared pieces of the llm tests: a secret-looking key, a tiny PNG, per-provider configs against the fake server.
import { createServer } from "node:net";

import { expect } from "vitest";

import { type Config, type ConfigInput, createConfig } from "../../src/config/config-schema";
import { providerInfo, type RemoteProviderId as ProviderId } from "../../src/config/providers";
import { ProviderError } from "../../src/llm/provider-error";
import type { FakeProviderServer } from "../fakes/fake-provider-server";

/** Shaped like a real key so scrubbing is exercised; tests assert it never reaches a message. */
export const secretKey = "sk-test.SECRET-1234567890abcdef";

/** A 1x1 transparent PNG. */
export const tinyPngBase64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export const brands: Record<ProviderId, string> = { openai: "OpenAI", anthropic: "Anthropic", qwen: "Qwen" };

/** A config whose graph role uses `provider` against the fake server, with the given key. */
export function configFor(options: {
  provider: ProviderId;
  server: FakeProviderServer | { openaiBaseUrl: string; anthropicBaseUrl: string; qwenBaseUrl: string };
  key?: string;
  overrides?: ConfigInput;
}): Config {
  const key = options.key ?? secretKey;
  const { keyField, defaultGraphModel } = providerInfo(options.provider);
  return createConfig({
    agent_llm_provider: options.provider,
    graph_llm_provider: options.provider,
    agent_llm_model: defaultGraphModel,
    graph_llm_model: defaultGraphModel,
    openai_base_url: options.server.openaiBaseUrl,
    anthropic_base_url: options.server.anthropicBaseUrl,
    qwen_base_url: options.server.qwenBaseUrl,
    request_timeout_ms: 2_000,
    max_retries: 1,
    [keyField]: key,
    ...options.overrides,
  });
}

/** Base URLs of a port nobody listens on: taken from the OS, then released. */
export async function closedPortUrls(): Promise<{
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  qwenBaseUrl: string;
}> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const url = `http://127.0.0.1:${port}`;
  return { openaiBaseUrl: `${url}/v1`, anthropicBaseUrl: url, qwenBaseUrl: `${url}/compatible-mode/v1` };
}

/** The ProviderError a call rejects with; fails the test if it resolves or throws something else. */
export async function providerErrorFrom(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const providerError = error as ProviderError;
  expectNoSecret(providerError.message);
  return providerError;
}

export function expectNoSecret(text: string): void {
  expect(text).not.toContain(secretKey);
  expect(text).not.toContain("SECRET-1234567890");
  expect(text).not.toContain("1234567890abcdef");
}
