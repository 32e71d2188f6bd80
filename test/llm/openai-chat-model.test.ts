// The OpenAI adapter through the real openai SDK against the fake server: request shape and parsed responses.
import { describe, expect, it } from "vitest";

import type { ChatRequest, ToolDefinition } from "../../src/llm/chat-model";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { configFor, secretKey, tinyPngBase64 } from "./llm-test-helpers";

const rsiTool: ToolDefinition = {
  name: "compute_rsi",
  description: "Relative Strength Index of the closes",
  parameters: { type: "object", properties: { period: { type: "integer", minimum: 2 } }, required: ["period"] },
};

const visionRequest: ChatRequest = {
  messages: [
    { role: "system", content: "You are a chart analyst." },
    {
      role: "user",
      content: [
        { type: "text", text: "Read this chart." },
        { type: "image", mediaType: "image/png", data: tinyPngBase64 },
      ],
    },
  ],
  tools: [rsiTool],
  toolChoice: "auto",
};

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

function openaiModel(overrides = {}) {
  return createChatModel({
    config: configFor({ provider: "openai", server, overrides: { graph_llm_temperature: 0.3, ...overrides } }),
    role: "graph",
    env: {},
  });
}

describe("OpenAIChatModel", () => {
  it("sends image, tools, model and temperature; parses a tool call", async () => {
    server.enqueue(fakeReply.toolCall("compute_rsi", { period: 14 }, { id: "call_1" }));
    const response = await openaiModel().chat(visionRequest);

    const request = server.requests[0]!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
    const body = request.body as Record<string, any>;
    expect(body.model).toBe("gpt-4o");
    expect(body.temperature).toBe(0.3);
    expect(body.messages[0]).toEqual({ role: "system", content: "You are a chart analyst." });
    expect(body.messages[1].content).toEqual([
      { type: "text", text: "Read this chart." },
      { type: "image_url", image_url: { url: `data:image/png;base64,${tinyPngBase64}` } },
    ]);
    expect(body.tools).toEqual([
      {
        type: "function",
        function: { name: "compute_rsi", description: rsiTool.description, parameters: rsiTool.parameters },
      },
    ]);
    expect(body.tool_choice).toBe("auto");
    expect(body.response_format).toBeUndefined();

    expect(response.toolCalls).toEqual([
      { id: "call_1", name: "compute_rsi", arguments: { period: 14 }, rawArguments: '{"period":14}' },
    ]);
    expect(response.finishReason).toBe("tool_calls");
    expect(response.text).toBe("");
    // Named by the fake's address: it is not OpenAI's own (model-at-address.ts); the body names the bare model.
    expect(response.model).toBe(`gpt-4o @ ${server.openaiBaseUrl}`);
    expect(response.usage.inputTokens).toBeGreaterThan(0);
    expect(response.usage.outputTokens).toBeGreaterThan(0);
  });

  it("sends assistant tool calls and tool results back, and parses the final text and usage", async () => {
    server.enqueue(fakeReply.text("RSI is 55: neutral.", { usage: { inputTokens: 120, outputTokens: 7 } }));
    const response = await openaiModel().chat({
      messages: [
        { role: "user", content: "Compute RSI." },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "call_1", name: "compute_rsi", arguments: { period: 14 }, rawArguments: '{"period":14}' }],
        },
        { role: "tool", toolCallId: "call_1", toolName: "compute_rsi", content: '{"rsi":55}' },
      ],
      tools: [rsiTool],
      toolChoice: { name: "compute_rsi" },
    });
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "compute_rsi", arguments: '{"period":14}' } }],
    });
    expect(body.messages[2]).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"rsi":55}' });
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "compute_rsi" } });
    expect(response).toEqual({
      text: "RSI is 55: neutral.",
      toolCalls: [],
      usage: { inputTokens: 120, outputTokens: 7 },
      model: `gpt-4o @ ${server.openaiBaseUrl}`,
      finishReason: "stop",
    });
  });

  it("keeps raw arguments that are not JSON, with arguments undefined", async () => {
    server.enqueue(fakeReply.toolCall("compute_rsi", "{period: fourteen"));
    const response = await openaiModel().chat(visionRequest);
    expect(response.toolCalls[0]!.arguments).toBeUndefined();
    expect(response.toolCalls[0]!.rawArguments).toBe("{period: fourteen");
  });

  it("json mode: response_format json_object, and a JSON hint when no message mentions JSON", async () => {
    server.enqueue(fakeReply.json({ decision: "LONG" }));
    const response = await openaiModel().chat({
      messages: [{ role: "user", content: "Decide." }],
      responseFormat: "json",
      maxOutputTokens: 300,
    });
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[0].content).toMatch(/JSON/);
    expect(body.max_completion_tokens).toBe(300);
    expect(body.max_tokens).toBeUndefined();
    expect(JSON.parse(response.text)).toEqual({ decision: "LONG" });
  });

  it("passes the caller's signal: an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(openaiModel().chat({ ...visionRequest, signal: controller.signal })).rejects.toMatchObject({
      reason: "aborted",
    });
    expect(server.requestCount()).toBe(0);
  });
});
