// Qwen through the openai SDK against a DashScope-shaped path on the fake server.
import { expect, it } from "vitest";

import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { configFor, providerErrorFrom, secretKey, tinyPngBase64 } from "./llm-test-helpers";

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

const qwenModel = () => createChatModel({ config: configFor({ provider: "qwen", server }), role: "graph", env: {} });

it("sends image and tools to /compatible-mode/v1/chat/completions and parses a tool call", async () => {
  server.enqueue(fakeReply.toolCall("draw_chart", { bars: 40 }));
  const chatModel = qwenModel();
  expect(chatModel.provider).toBe("qwen");
  const response = await chatModel.chat({
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "Which pattern?" },
          { type: "image", mediaType: "image/jpeg", data: tinyPngBase64 },
        ],
      },
    ],
    tools: [
      {
        name: "draw_chart",
        description: "Draw the chart",
        parameters: { type: "object", properties: { bars: { type: "integer" } } },
      },
    ],
    toolChoice: "required",
    maxOutputTokens: 50,
  });
  const request = server.requests[0]!;
  expect(request.path).toBe("/compatible-mode/v1/chat/completions");
  expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
  // DashScope is not OpenAI: no OpenAI org/project headers, and the widely supported max_tokens.
  expect(request.headers["openai-organization"]).toBeUndefined();
  const body = request.body as Record<string, any>;
  expect(body.model).toBe("qwen3-vl-plus");
  expect(body.temperature).toBe(0.1);
  expect(body.max_tokens).toBe(50);
  expect(body.tool_choice).toBe("required");
  expect(body.messages[0].content[1]).toEqual({
    type: "image_url",
    image_url: { url: `data:image/jpeg;base64,${tinyPngBase64}` },
  });
  expect(body.tools[0].function.name).toBe("draw_chart");
  expect(response.toolCalls).toMatchObject([{ name: "draw_chart", arguments: { bars: 40 } }]);
  expect(response.finishReason).toBe("tool_calls");
});

it("brands errors as Qwen", async () => {
  const chatModel = createChatModel({
    config: configFor({ provider: "qwen", server, key: "sk-other-key-0000000000" }),
    role: "graph",
    env: {},
  });
  const error = await providerErrorFrom(chatModel.chat({ messages: [{ role: "user", content: "hi" }] }));
  expect(error.message.startsWith("Invalid API Key: The Qwen API key you provided is invalid or has expired.")).toBe(
    true,
  );
});
