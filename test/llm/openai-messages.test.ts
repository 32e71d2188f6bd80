// Pure conversion rules of the OpenAI adapter: the request it builds.
import { describe, expect, it } from "vitest";

import { buildOpenAIRequest } from "../../src/llm/openai/openai-messages";

describe("buildOpenAIRequest", () => {
  it("does not add a JSON hint when a message already mentions JSON", () => {
    const params = buildOpenAIRequest({
      request: { messages: [{ role: "user", content: "Answer in JSON." }], responseFormat: "json" },
      model: "gpt-4o",
      temperature: 0,
      maxTokensField: "max_tokens",
    });
    expect(params.messages).toHaveLength(1);
    expect(params.response_format).toEqual({ type: "json_object" });
  });

  it("always streams, asking for usage in the stream", () => {
    const params = buildOpenAIRequest({
      request: { messages: [{ role: "user", content: "hi" }] },
      model: "gpt-4o",
      temperature: 0,
      maxTokensField: "max_tokens",
    });
    expect(params.stream).toBe(true);
    expect(params.stream_options).toEqual({ include_usage: true });
  });

  it("sends no tools or tool_choice when no tools are given", () => {
    const params = buildOpenAIRequest({
      request: { messages: [{ role: "user", content: "hi" }], toolChoice: "auto" },
      model: "gpt-4o",
      temperature: 0.1,
      maxTokensField: "max_completion_tokens",
    });
    expect(params.tools).toBeUndefined();
    expect(params.tool_choice).toBeUndefined();
  });
});
