// createChatModel: role settings, model-name validation, key and base-URL resolution.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MissingApiKeyError } from "../../src/config/api-keys";
import { type Config, ConfigError, createConfig } from "../../src/config/config-schema";
import { modelSettingsFor } from "../../src/llm/model-settings";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { configFor, expectNoSecret, secretKey } from "../llm/llm-test-helpers";

let serverA: FakeProviderServer;
let serverB: FakeProviderServer;
beforeAll(async () => {
  [serverA, serverB] = await Promise.all([startFakeProviderServer(), startFakeProviderServer()]);
});
afterAll(async () => {
  await Promise.all([serverA.close(), serverB.close()]);
});

const hello = { messages: [{ role: "user" as const, content: "Hello" }] };

function buildError(build: () => unknown): Error {
  try {
    build();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the build to throw");
}

describe("model settings per role", () => {
  it("reads provider, model and temperature of each role", () => {
    const config = createConfig({
      agent_llm_provider: "openai",
      agent_llm_model: "gpt-4o-mini",
      agent_llm_temperature: 0.2,
      graph_llm_provider: "anthropic",
      graph_llm_model: "claude-haiku-4-5-20251001",
      graph_llm_temperature: 0.7,
    });
    expect(modelSettingsFor(config, "agent")).toEqual({ provider: "openai", model: "gpt-4o-mini", temperature: 0.2 });
    expect(modelSettingsFor(config, "graph")).toEqual({
      provider: "anthropic",
      model: "claude-haiku-4-5-20251001",
      temperature: 0.7,
    });
  });

  it("builds the adapter of each role's provider", () => {
    const config = createConfig({
      graph_llm_provider: "anthropic",
      graph_llm_model: "claude-haiku-4-5-20251001",
      api_key: secretKey,
      anthropic_api_key: secretKey,
    });
    const agent = createChatModel({ config, role: "agent", env: {} });
    const graph = createChatModel({ config, role: "graph", env: {} });
    expect([agent.provider, agent.model, agent.temperature]).toEqual(["openai", "gpt-4o-mini", 0.1]);
    expect([graph.provider, graph.model]).toEqual(["anthropic", "claude-haiku-4-5-20251001"]);
  });
});

describe("model names", () => {
  // Configs can be changed after createConfig (provider switches, notebooks), so the build checks again.
  const withModel = (model: string): Config => ({ ...createConfig({ api_key: secretKey }), graph_llm_model: model });

  it("an empty name fails at build time, naming the field", () => {
    const error = buildError(() => createChatModel({ config: withModel(""), role: "graph", env: {} }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe('Invalid model name for graph_llm_model (""): must not be empty');
  });

  it("a whitespace-only name fails as empty", () => {
    const error = buildError(() => createChatModel({ config: withModel("   "), role: "graph", env: {} }));
    expect(error.message).toContain("must not be empty");
  });

  it("a malformed name fails at build time", () => {
    const error = buildError(() => createChatModel({ config: withModel("gpt 4o; rm -rf"), role: "graph", env: {} }));
    expect(error).toBeInstanceOf(ConfigError);
    // Caller text is quoted whole only when it is plain (letters, digits and a few marks); this name is not.
    expect(error.message).toMatch(
      /^Invalid model name for graph_llm_model \(\(not shown\)\): .*not a valid model name/,
    );
  });

  it("an unknown but well-formed name builds (the provider decides at the first call)", () => {
    expect(createChatModel({ config: withModel("gpt-9-imaginary"), role: "graph", env: {} }).model).toBe(
      "gpt-9-imaginary",
    );
  });
});

describe("keys", () => {
  it("OpenAI placeholder and no env key: the placeholder message", () => {
    const error = buildError(() =>
      createChatModel({ config: createConfig({ api_key: "sk-" }), role: "agent", env: {} }),
    );
    expect(error).toBeInstanceOf(MissingApiKeyError);
    expect(error.message.startsWith("Please replace the placeholder API key with your actual OpenAI API key.")).toBe(
      true,
    );
  });

  it.each([
    ["anthropic", "claude-haiku-4-5-20251001", "Anthropic API key not found. Please set it using one of these methods"],
    ["qwen", "qwen3-max", "Qwen API key not found. Please set it using one of these methods"],
  ] as const)("%s without a key: the not-found message", (provider, model, expected) => {
    const config = createConfig({ agent_llm_provider: provider, agent_llm_model: model });
    const error = buildError(() => createChatModel({ config, role: "agent", env: {} }));
    expect(error).toBeInstanceOf(MissingApiKeyError);
    expect(error.message.startsWith(expected)).toBe(true);
  });

  it("a placeholder in the config does not hide the env key", async () => {
    const config = createConfig({ openai_base_url: serverA.openaiBaseUrl });
    const chatModel = createChatModel({ config, role: "agent", env: { OPENAI_API_KEY: secretKey } });
    await chatModel.chat(hello);
    expect(serverA.lastRequest()?.apiKey).toBe(secretKey);
  });

  it("a config key wins over the env key", async () => {
    const config = createConfig({ api_key: secretKey, openai_base_url: serverA.openaiBaseUrl });
    await createChatModel({ config, role: "agent", env: { OPENAI_API_KEY: "sk-env-key-000000000000" } }).chat(hello);
    expect(serverA.lastRequest()?.apiKey).toBe(secretKey);
  });

  it("missing-key messages carry no key text", () => {
    const error = buildError(() => createChatModel({ config: createConfig({}), role: "agent", env: {} }));
    expectNoSecret(error.message);
  });
});

describe("base URLs", () => {
  it("config base URL wins over the env var", async () => {
    const config = configFor({ provider: "openai", server: serverA });
    const before = serverB.requestCount();
    await createChatModel({ config, role: "graph", env: { OPENAI_BASE_URL: serverB.openaiBaseUrl } }).chat(hello);
    expect(serverA.lastRequest()?.path).toBe("/v1/chat/completions");
    expect(serverB.requestCount()).toBe(before);
  });

  it.each([
    ["openai", "OPENAI_BASE_URL", "openaiBaseUrl", "api_key"],
    ["anthropic", "ANTHROPIC_BASE_URL", "anthropicBaseUrl", "anthropic_api_key"],
    ["qwen", "DASHSCOPE_BASE_URL", "qwenBaseUrl", "qwen_api_key"],
  ] as const)("%s: the env var is used when the config has none", async (provider, envVar, urlField, keyField) => {
    const model = { openai: "gpt-4o", anthropic: "claude-haiku-4-5-20251001", qwen: "qwen3-max" }[provider];
    const config = createConfig({ agent_llm_provider: provider, agent_llm_model: model, [keyField]: secretKey });
    const before = serverB.requestCount();
    await createChatModel({ config, role: "agent", env: { [envVar]: serverB[urlField] } }).chat(hello);
    expect(serverB.requestCount()).toBe(before + 1);
  });

  it("qwen defaults to DashScope's international compatible-mode endpoint (checked with an injected fetch)", async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = async (input) => {
      seen.push(String(input instanceof Request ? input.url : input));
      // Every call streams: one chat.completion.chunk and the end marker.
      const chunk = JSON.stringify({
        model: "qwen3-max",
        choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }],
      });
      return new Response(`data: ${chunk}\n\ndata: [DONE]\n\n`, {
        status: 200,
        headers: { "content-type": "text/event-stream" },
      });
    };
    const config = createConfig({ agent_llm_provider: "qwen", agent_llm_model: "qwen3-max", qwen_api_key: secretKey });
    const response = await createChatModel({ config, role: "agent", env: {}, fetch: recordingFetch }).chat(hello);
    expect(seen).toEqual(["https://dashscope-intl.aliyuncs.com/compatible-mode/v1/chat/completions"]);
    expect(response.text).toBe("ok");
  });
});
