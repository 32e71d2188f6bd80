// Pure conversion rules of the OpenAI adapter: response parsing for OpenAI and for looser compatible servers.
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/llm/provider-error";
import { buildOpenAIRequest, parseOpenAIResponse, parseToolArguments } from "../../src/llm/openai/openai-messages";

const parse = (completion: unknown) => parseOpenAIResponse({ completion, provider: "openai", model: "gpt-4o" });

describe("parseOpenAIResponse", () => {
  it("fills what compatible servers leave out: ids, usage, model", () => {
    const response = parse({
      choices: [{ message: { content: null, tool_calls: [{ function: { name: "f", arguments: "" } }] }, finish_reason: "stop" }],
    });
    expect(response).toEqual({
      text: "",
      toolCalls: [{ id: "call_0", name: "f", arguments: {}, rawArguments: "" }],
      usage: { inputTokens: 0, outputTokens: 0 },
      model: "gpt-4o",
      // Ollama says "stop" next to tool calls; the calls decide.
      finishReason: "tool_calls",
    });
  });

  it("joins content given as parts, and maps finish reasons", () => {
    const response = parse({
      model: "gpt-4o-2024-08-06",
      choices: [{ message: { content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }, finish_reason: "length" }],
      usage: { prompt_tokens: 3, completion_tokens: 4 },
    });
    expect([response.text, response.finishReason, response.model]).toEqual(["ab", "length", "gpt-4o-2024-08-06"]);
    expect(response.usage).toEqual({ inputTokens: 3, outputTokens: 4 });
  });

  it("reports a refusal as content_filter with its text", () => {
    const response = parse({ choices: [{ message: { content: null, refusal: "I can't help with that." }, finish_reason: "stop" }] });
    expect([response.text, response.finishReason]).toEqual(["I can't help with that.", "content_filter"]);
  });

  it("a body that is not a completion is a ProviderError", () => {
    expect(() => parse("<html>proxy error</html>")).toThrow(ProviderError);
    expect(() => parse({ choices: [] })).toThrow(/not a chat completion/);
  });
});

describe("parseToolArguments", () => {
  it("parses JSON, treats empty as {}, and answers undefined for anything else", () => {
    expect(parseToolArguments('{"period": 14}')).toEqual({ period: 14 });
    expect(parseToolArguments("  ")).toEqual({});
    expect(parseToolArguments("{period: 14")).toBeUndefined();
  });
});

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
