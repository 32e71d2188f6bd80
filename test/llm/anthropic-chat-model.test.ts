// The Anthropic adapter through the real @anthropic-ai/sdk against the fake server: request shape and parsed responses.
import { describe, expect, it } from "vitest";

import { jsonInstruction } from "../../src/llm/anthropic/anthropic-messages";
import type { ToolDefinition } from "../../src/llm/chat-model";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { configFor, secretKey, tinyPngBase64 } from "./llm-test-helpers";

const rsiTool: ToolDefinition = {
  name: "compute_rsi",
  description: "Relative Strength Index of the closes",
  parameters: { type: "object", properties: { period: { type: "integer" } }, required: ["period"] },
};

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

const anthropicModel = () =>
  createChatModel({ config: configFor({ provider: "anthropic", server }), role: "graph", env: {} });

describe("AnthropicChatModel", () => {
  it("sends system, a base64 image block, tools and max_tokens (no temperature); parses tool_use", async () => {
    server.enqueue(
      fakeReply.toolCalls([{ name: "compute_rsi", arguments: { period: 14 }, id: "toolu_1" }], {
        text: "Let me compute.",
      }),
    );
    const response = await anthropicModel().chat({
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
      toolChoice: "required",
    });

    const request = server.requests[0]!;
    expect(request.path).toBe("/v1/messages");
    expect(request.apiKey).toBe(secretKey);
    const body = request.body as Record<string, any>;
    expect(body.model).toBe("claude-haiku-4-5-20251001");
    expect(body.system).toBe("You are a chart analyst.");
    expect(body.max_tokens).toBe(4096);
    // API version 2026-10-21 rejects sampling parameters; the fake answers 400 like the real API if one is sent.
    expect(body.temperature).toBeUndefined();
    expect(body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Read this chart." },
          { type: "image", source: { type: "base64", media_type: "image/png", data: tinyPngBase64 } },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      { name: "compute_rsi", description: rsiTool.description, input_schema: rsiTool.parameters },
    ]);
    expect(body.tool_choice).toEqual({ type: "any" });

    expect(response.text).toBe("Let me compute.");
    expect(response.toolCalls).toEqual([
      { id: "toolu_1", name: "compute_rsi", arguments: { period: 14 }, rawArguments: '{"period":14}' },
    ]);
    expect(response.finishReason).toBe("tool_calls");
    // Named by the fake's address: it is not Anthropic's own (model-at-address.ts); the body names the bare model.
    expect(response.model).toBe(`claude-haiku-4-5-20251001 @ ${server.anthropicBaseUrl}`);
  });

  it("sends tool_use and merges consecutive tool results into one user message", async () => {
    server.enqueue(fakeReply.text("Both indicators are bullish.", { usage: { inputTokens: 90, outputTokens: 6 } }));
    const response = await anthropicModel().chat({
      messages: [
        { role: "user", content: "Compute RSI and MACD." },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "toolu_1", name: "compute_rsi", arguments: { period: 14 }, rawArguments: '{"period":14}' },
            { id: "toolu_2", name: "compute_macd", arguments: {}, rawArguments: "{}" },
          ],
        },
        { role: "tool", toolCallId: "toolu_1", toolName: "compute_rsi", content: '{"rsi":61}' },
        { role: "tool", toolCallId: "toolu_2", toolName: "compute_macd", content: '{"histogram":0.4}' },
      ],
      tools: [rsiTool],
    });
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Compute RSI and MACD." }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "toolu_1", name: "compute_rsi", input: { period: 14 } },
          { type: "tool_use", id: "toolu_2", name: "compute_macd", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: '{"rsi":61}' },
          { type: "tool_result", tool_use_id: "toolu_2", content: '{"histogram":0.4}' },
        ],
      },
    ]);
    expect(body.tool_choice).toBeUndefined();
    expect(response).toEqual({
      text: "Both indicators are bullish.",
      toolCalls: [],
      usage: { inputTokens: 90, outputTokens: 6 },
      model: `claude-haiku-4-5-20251001 @ ${server.anthropicBaseUrl}`,
      finishReason: "stop",
    });
  });

  it("json mode: instruction in the system prompt, the object taken out of a code fence", async () => {
    server.enqueue(fakeReply.text('Here it is:\n```json\n{"decision": "SHORT"}\n```'));
    const response = await anthropicModel().chat({
      messages: [
        { role: "system", content: "Decide." },
        { role: "user", content: "Reports..." },
      ],
      responseFormat: "json",
      maxOutputTokens: 200,
    });
    const body = server.requests[0]!.body as Record<string, any>;
    expect(body.system).toBe(`Decide.\n\n${jsonInstruction}`);
    expect(body.max_tokens).toBe(200);
    expect(body.messages.at(-1).role).toBe("user");
    expect(JSON.parse(response.text)).toEqual({ decision: "SHORT" });
  });

  it("a stop at max_tokens is reported as length", async () => {
    server.enqueue({ kind: "text", text: "Cut", finishReason: "length" });
    const response = await anthropicModel().chat({ messages: [{ role: "user", content: "Long answer please." }] });
    expect(response.finishReason).toBe("length");
  });
});
