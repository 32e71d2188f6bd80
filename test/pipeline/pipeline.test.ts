// The pipeline object's keys, providers and models: updateApiKey, updateProvider, configure, validateApiKey.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { InputError } from "../../src/common/input-error";
import { type Env, MissingApiKeyError } from "../../src/config/api-keys";
import { ConfigError } from "../../src/config/config-schema";
import { createPipeline } from "../../src/pipeline/pipeline";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";

const openaiKey = "sk-test.SECRET-openai-0123456789";
const anthropicKey = "sk-ant-test.SECRET-0123456789";
let server: FakeProviderServer;
const dataDir = () => mkdtempSync(path.join(tmpdir(), "pipeline-object-"));

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [openaiKey, anthropicKey] });
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

/** A model at the fake's address, named by it (model-at-address.ts). */
const atFake = (model: string) => `${model} @ ${server.openaiBaseUrl}`;

function pipelineWith(env: Env = {}, config: Record<string, unknown> = {}) {
  return createPipeline(
    {
      openai_base_url: server.openaiBaseUrl,
      anthropic_base_url: server.anthropicBaseUrl,
      data_dir: dataDir(),
      ...config,
    },
    { env },
  );
}

describe("a pipeline without keys", () => {
  it("starts, and says what is missing when a model is needed", () => {
    const pipeline = pipelineWith();
    expect(() => pipeline.model("graph")).toThrow(MissingApiKeyError);
    expect(() => pipeline.model("graph")).toThrow(
      /^OpenAI API key not found\. Please set it using one of these methods/,
    );
    expect(pipeline.apiKeyStatus("openai")).toMatchObject({ hasKey: false, maskedKey: null });
  });

  it("uses a key from the env when the config holds the placeholder", () => {
    const pipeline = pipelineWith({ OPENAI_API_KEY: openaiKey });
    expect(pipeline.model("agent").model).toBe(atFake("gpt-4o-mini"));
    expect(pipeline.apiKeyStatus("openai")).toMatchObject({ hasKey: true, maskedKey: "sk-...789" });
  });
});

describe("updateApiKey", () => {
  it("writes the config field (never the environment) and rebuilds both models at once", async () => {
    const env: Env = {};
    const pipeline = pipelineWith(env);
    const status = pipeline.updateApiKey(`  ${openaiKey} `, { provider: "openai" });
    expect(status).toMatchObject({ hasKey: true, maskedKey: "sk-...789" });
    expect(pipeline.config.api_key).toBe(openaiKey);
    expect(env).toEqual({});
    expect(await pipeline.validateApiKey("openai")).toEqual({ ok: true, message: "OpenAI API key is valid" });
    expect(server.requests.at(-1)?.apiKey).toBe(openaiKey);
  });

  it("sets the Anthropic key without touching OpenAI's", () => {
    const env: Env = {};
    const pipeline = pipelineWith(env);
    pipeline.updateApiKey(anthropicKey, { provider: "anthropic" });
    expect(env).toEqual({});
    expect(pipeline.config.anthropic_api_key).toBe(anthropicKey);
    expect(pipeline.apiKeyStatus("openai").hasKey).toBe(false);
  });

  it.each([
    ["", /must not be empty/],
    ["   ", /must not be empty/],
    ["sk-", /placeholder/],
    ["sk-abc def", /must not contain spaces/],
    ["x".repeat(501), /longer than 500/],
  ])("rejects %j with a clear error and changes nothing", (key, message) => {
    const env: Env = { OPENAI_API_KEY: openaiKey };
    const pipeline = pipelineWith(env);
    expect(() => pipeline.updateApiKey(key, { provider: "openai" })).toThrow(InputError);
    expect(() => pipeline.updateApiKey(key, { provider: "openai" })).toThrow(message);
    expect(env.OPENAI_API_KEY).toBe(openaiKey);
    expect(pipeline.config.api_key).toBeUndefined();
  });

  it("rejects an unknown provider", () => {
    expect(() => pipelineWith().updateApiKey(openaiKey, { provider: "mistral" as never })).toThrow(
      /provider must be one of openai, anthropic, qwen/,
    );
  });

  it("reports an invalid key through validation without revealing it", async () => {
    const pipeline = pipelineWith();
    pipeline.updateApiKey("sk-test.WRONG-key-0123456789", { provider: "openai" });
    const validation = await pipeline.validateApiKey("openai");
    expect(validation).toEqual({
      ok: false,
      error: expect.stringMatching(/^Invalid API Key: The OpenAI API key you provided is invalid or has expired\./),
      failure: "invalid",
      code: "provider_auth",
    });
    expect(JSON.stringify(validation)).not.toContain("WRONG");
  });
});

describe("updateProvider", () => {
  it("moves both roles to the new provider's defaults and rebuilds the models", () => {
    const pipeline = pipelineWith({ ANTHROPIC_API_KEY: anthropicKey });
    const selection = pipeline.updateProvider("anthropic");
    expect(selection).toEqual({
      agent_llm_provider: "anthropic",
      graph_llm_provider: "anthropic",
      agent_llm_model: "claude-haiku-4-5-20251001",
      graph_llm_model: "claude-haiku-4-5-20251001",
    });
    expect(pipeline.model("graph").provider).toBe("anthropic");
  });

  it("keeps model names chosen before the switch", () => {
    const pipeline = pipelineWith({}, { agent_llm_model: "claude-sonnet-4-5" });
    expect(pipeline.updateProvider("anthropic").agent_llm_model).toBe("claude-sonnet-4-5");
    expect(() => pipeline.model("agent")).toThrow(/^Anthropic API key not found\./);
  });

  it("switches back to OpenAI defaults", () => {
    const pipeline = pipelineWith({ OPENAI_API_KEY: openaiKey });
    pipeline.updateProvider("qwen");
    expect(pipeline.updateProvider("openai")).toMatchObject({
      agent_llm_model: "gpt-4o-mini",
      graph_llm_model: "gpt-4o",
    });
    expect(pipeline.model("agent").provider).toBe("openai");
  });
});

describe("configure", () => {
  it("installs a new config and rebuilds the models from it in one step; a bad change changes nothing", () => {
    const pipeline = pipelineWith({ OPENAI_API_KEY: openaiKey });
    const before = pipeline.config;
    const installed = pipeline.configure({ graph_llm_model: "gpt-4.1" });
    expect(installed.graph_llm_model).toBe("gpt-4.1");
    expect(pipeline.model("graph").model).toBe(atFake("gpt-4.1"));
    expect(before.graph_llm_model).toBe("gpt-4o"); // the old record is not edited in place
    expect(() => pipeline.configure({ graph_llm_model: "" })).toThrow(ConfigError);
    expect(() => pipeline.configure({ graph_llm_model: "" })).toThrow(/graph_llm_model: must not be empty/);
    expect(pipeline.config.graph_llm_model).toBe("gpt-4.1");
    expect(pipeline.model("graph").model).toBe(atFake("gpt-4.1"));
  });

  it("hands out a frozen record: the config cannot be edited behind the models' back", () => {
    const pipeline = pipelineWith({ OPENAI_API_KEY: openaiKey });
    expect(Object.isFrozen(pipeline.config)).toBe(true);
    expect(() => {
      (pipeline.config as { graph_llm_model: string }).graph_llm_model = "gpt-4.1";
    }).toThrow(TypeError);
    expect(pipeline.model("graph").model).toBe(atFake("gpt-4o"));
  });

  it("refuses to move the data folder of a running pipeline", () => {
    const pipeline = pipelineWith({ OPENAI_API_KEY: openaiKey });
    expect(() => pipeline.configure({ data_dir: "/elsewhere" })).toThrow(/data_dir cannot change/);
  });

  it("rejects a bad model name at creation", () => {
    expect(() => pipelineWith({}, { agent_llm_model: "gpt 4" })).toThrow(/agent_llm_model: is not a valid model name/);
  });
});

describe("assets through the pipeline", () => {
  it("saves a custom symbol and lists it after the built-ins", async () => {
    const pipeline = pipelineWith();
    expect(await pipeline.saveCustomAsset(" ETH-USD ")).toEqual({ symbol: "ETH-USD", added: true });
    const assets = await pipeline.listAssets();
    expect(assets.filter((asset) => !asset.custom).map((asset) => asset.code)).toContain("SPX");
    expect(assets.filter((asset) => asset.custom)).toEqual([
      { code: "ETH-USD", name: "ETH-USD", ticker: "ETH-USD", custom: true },
    ]);
  });
});
