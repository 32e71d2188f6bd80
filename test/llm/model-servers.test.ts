// Model servers as they really are, through the real openai SDK against the fake in its local-server modes: a
// reasoning model gets no temperature and the response says why; a refusal of tools, images or JSON mode is one
// model_capability error naming the capability, the model and the role; a server without JSON mode gets the prompt
// alone and its JSON is found in the answer's text; a refusal that merely mentions tools is not a capability error;
// the same refusals through the Anthropic SDK are classified alike.
import { describe, expect, it } from "vitest";

import type { ChatRequest, ToolDefinition } from "../../src/llm/chat-model";
import { ModelCapabilityError } from "../../src/llm/model-capability-error";
import { isReasoningModel } from "../../src/llm/openai/reasoning-models";
import { ProviderError } from "../../src/llm/provider-error";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { configFor, secretKey, tinyPngBase64 } from "./llm-test-helpers";

const rsiTool: ToolDefinition = {
  name: "compute_rsi",
  description: "RSI",
  parameters: { type: "object", properties: { period: { type: "integer" } } },
};
const textRequest: ChatRequest = { messages: [{ role: "user", content: "Say hello." }] };
const toolRequest: ChatRequest = { ...textRequest, tools: [rsiTool], toolChoice: "auto" };
const imageRequest: ChatRequest = {
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Read this chart." },
        { type: "image", mediaType: "image/png", data: tinyPngBase64 },
      ],
    },
  ],
};
const jsonRequest: ChatRequest = {
  messages: [{ role: "user", content: "Answer with a JSON object {decision}." }],
  responseFormat: "json",
};

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

function graphModel(model = "gpt-4o") {
  return createChatModel({
    config: configFor({
      provider: "openai",
      server,
      overrides: { graph_llm_model: model, graph_llm_temperature: 0.1 },
    }),
    role: "graph",
    env: {},
  });
}

async function capabilityErrorFrom(promise: Promise<unknown>): Promise<ModelCapabilityError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelCapabilityError);
  return error as ModelCapabilityError;
}

describe("reasoning models", () => {
  it.each(["o1", "o3", "o3-mini", "o4-mini", "gpt-5", "gpt-5-nano", "gpt-5.1", "openai/o3", "O3"])(
    "%s is one",
    (name) => expect(isReasoningModel(name)).toBe(true),
  );
  it.each(["gpt-4o", "o2", "o30", "o4", "gpt-50", "gpt-4.1-mini", "llava", "gpt-5x", "foo-o3"])(
    "%s is not one",
    (name) => expect(isReasoningModel(name)).toBe(false),
  );

  it("sends no temperature to o3 and says why in the response's warnings", async () => {
    server.enqueue(fakeReply.text("Hello."));
    const response = await graphModel("o3").chat(textRequest);
    expect(server.lastRequest()!.summary.temperature).toBeUndefined();
    expect(server.lastRequest()!.body).not.toHaveProperty("temperature");
    expect(response.warnings).toEqual([expect.stringMatching(/temperature 0\.1 was not sent to o3.*reasoning models/)]);
  });

  it("sends the temperature to gpt-4o, with no warning", async () => {
    server.enqueue(fakeReply.text("Hello."));
    const response = await graphModel("gpt-4o").chat(textRequest);
    expect(server.lastRequest()!.summary.temperature).toBe(0.1);
    expect(response.warnings).toBeUndefined();
  });
});

describe("capability refusals from a local server", () => {
  it("a model without tools: model_capability naming tools, the model and the role, with the way out", async () => {
    server.setLacks(["tools"]);
    const error = await capabilityErrorFrom(graphModel("llava").chat(toolRequest));
    expect(error).toMatchObject({
      code: "model_capability",
      kind: "config",
      details: { capability: "tools", model: "llava", role: "graph" },
    });
    expect(error.message).toMatch(/"llava".*does not support tools/);
    expect(error.message).toMatch(/indicator_mode "direct"/);
    expect(error.message).not.toContain(secretKey);
    // Never retried: the same refusal would come back.
    expect(server.requestCount()).toBe(1);
  });

  it("the same server answers a request without tools", async () => {
    server.setLacks(["tools"]);
    server.enqueue(fakeReply.text("Hello."));
    await expect(graphModel("llava").chat(textRequest)).resolves.toMatchObject({ text: "Hello." });
  });

  it("a model without images: model_capability naming images and the graph model", async () => {
    server.setLacks(["images"]);
    const error = await capabilityErrorFrom(graphModel("qwen-text").chat(imageRequest));
    expect(error.details).toEqual({ capability: "images", model: "qwen-text", role: "graph" });
    expect(error.message).toMatch(/vision model for graph_llm_model/);
  });

  it("a 400 that merely mentions tools is a bad request, not a capability refusal", async () => {
    server.enqueue(fakeReply.error(400, "messages with role 'tool' must be a response to a preceding message"));
    const error = await graphModel()
      .chat(toolRequest)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ reason: "bad_request" });
  });

  it("a refusal of tools is not read as one when the request offered none", async () => {
    server.enqueue(fakeReply.error(400, "tools is not supported with this model"));
    const error = await graphModel()
      .chat(textRequest)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
  });

  it("a 500 that says tools are unsupported is a server error, not a capability refusal", async () => {
    server.enqueue(fakeReply.error(500, "tools is not supported with this model"), fakeReply.serverError());
    const error = await graphModel()
      .chat(toolRequest)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ reason: "server" });
  });
});

describe("a server without JSON mode", () => {
  it("gets the prompt alone after its refusal, and the JSON is taken out of a fenced answer, with a warning", async () => {
    server.setLacks(["json_mode"]);
    server.enqueue(fakeReply.text('Here it is:\n```json\n{"decision": "LONG"}\n```\nGood luck.'));
    const model = graphModel("qwen2.5vl");
    const response = await model.chat(jsonRequest);
    expect(response.text).toBe('{"decision": "LONG"}');
    expect(response.warnings).toEqual([expect.stringMatching(/refused JSON mode for qwen2\.5vl/)]);
    expect(server.requests.map((request) => request.summary.jsonMode)).toEqual([true, false]);

    // Learnt once: the next request for JSON goes without response_format at once.
    server.enqueue(fakeReply.text('{"decision": "SHORT"}'));
    await expect(model.chat(jsonRequest)).resolves.toMatchObject({ text: '{"decision": "SHORT"}' });
    expect(server.requests.map((request) => request.summary.jsonMode)).toEqual([true, false, false]);
  });

  it("an answer with no JSON object in it is passed on as it is (the decision's repair judges it)", async () => {
    server.setLacks(["json_mode"]);
    server.enqueue(fakeReply.text("I would go long."));
    await expect(graphModel().chat(jsonRequest)).resolves.toMatchObject({ text: "I would go long." });
  });

  it("a server with JSON mode gets response_format once and no warning", async () => {
    server.enqueue(fakeReply.text('{"decision": "LONG"}'));
    const response = await graphModel().chat(jsonRequest);
    expect(server.requests.map((request) => request.summary.jsonMode)).toEqual([true]);
    expect(response.warnings).toBeUndefined();
  });
});

describe("capability refusals through the Anthropic SDK", () => {
  function anthropicGraphModel(model: string) {
    return createChatModel({
      config: configFor({ provider: "anthropic", server, overrides: { graph_llm_model: model } }),
      role: "graph",
      env: {},
    });
  }

  it.each([
    { lack: "tools" as const, request: toolRequest, words: /does not support tools/ },
    { lack: "images" as const, request: imageRequest, words: /does not support images/ },
  ])("a model without $lack: model_capability naming $lack and the model, never retried", async (row) => {
    server.setLacks([row.lack]);
    const error = await capabilityErrorFrom(anthropicGraphModel("claude-local").chat(row.request));
    expect(error).toMatchObject({
      code: "model_capability",
      kind: "config",
      details: { capability: row.lack, model: "claude-local", role: "graph" },
    });
    expect(error.message).toMatch(row.words);
    expect(error.message).not.toContain(secretKey);
    expect(server.requestCount()).toBe(1);
    expect(server.lastRequest()!.api).toBe("anthropic");
  });

  it("the same server answers a request needing neither", async () => {
    server.setLacks(["tools", "images"]);
    server.enqueue(fakeReply.text("Hello."));
    await expect(anthropicGraphModel("claude-local").chat(textRequest)).resolves.toMatchObject({ text: "Hello." });
  });
});
