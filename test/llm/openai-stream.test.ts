// The OpenAI stream accumulator on its own: chunk sequences from OpenAI and from looser compatible servers.
import { describe, expect, it } from "vitest";

import { OpenAIStreamAccumulator } from "../../src/llm/openai/openai-stream";
import { ProviderError } from "../../src/llm/provider-error";

/** Feeds the chunks in order; answers the response and the text pieces handed out on the way. */
function read(chunks: unknown[]) {
  const accumulator = new OpenAIStreamAccumulator({ provider: "openai", model: "gpt-4o" });
  const pieces = chunks.map((chunk) => accumulator.accept(chunk)).filter((piece) => piece !== "");
  return { response: accumulator.finish(), pieces };
}

const choice = (delta: unknown, finish_reason: string | null = null) => ({
  choices: [{ index: 0, delta, finish_reason }],
});

describe("OpenAIStreamAccumulator", () => {
  it("fills what compatible servers leave out: ids, usage, model, index", () => {
    const { response } = read([
      { choices: [{ delta: { content: null, tool_calls: [{ function: { name: "f", arguments: "" } }] } }] },
      { choices: [{ delta: {}, finish_reason: "stop" }] },
    ]);
    expect(response).toEqual({
      text: "",
      toolCalls: [{ id: "call_0", name: "f", arguments: {}, rawArguments: "" }],
      usage: { inputTokens: 0, outputTokens: 0 },
      model: "gpt-4o",
      // Ollama says "stop" next to tool calls; the calls decide.
      finishReason: "tool_calls",
    });
  });

  it("joins content pieces (strings or parts) in order, hands each out, and maps finish reasons", () => {
    const { response, pieces } = read([
      { model: "gpt-4o-2024-08-06", ...choice({ role: "assistant", content: "" }) },
      choice({ content: "a" }),
      choice({ content: [{ type: "text", text: "b" }] }),
      choice({}, "length"),
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } },
    ]);
    expect(pieces).toEqual(["a", "b"]);
    expect([response.text, response.finishReason, response.model]).toEqual(["ab", "length", "gpt-4o-2024-08-06"]);
    expect(response.usage).toEqual({ inputTokens: 3, outputTokens: 4 });
  });

  it("reassembles tool calls whose arguments arrive in slices, by index, interleaved", () => {
    const { response, pieces } = read([
      choice({ tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "rsi", arguments: "" } }] }),
      choice({ tool_calls: [{ index: 0, function: { arguments: '{"per' } }] }),
      choice({
        tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "macd", arguments: "{fast" } }],
      }),
      choice({ tool_calls: [{ index: 0, function: { arguments: 'iod": 14}' } }] }),
      choice({ tool_calls: [{ index: 1, function: { arguments: ": 12" } }] }),
      choice({}, "tool_calls"),
    ]);
    expect(pieces).toEqual([]);
    expect(response.toolCalls).toEqual([
      { id: "call_a", name: "rsi", arguments: { period: 14 }, rawArguments: '{"period": 14}' },
      { id: "call_b", name: "macd", arguments: undefined, rawArguments: "{fast: 12" },
    ]);
    expect(response.finishReason).toBe("tool_calls");
  });

  it("without an index, pieces with no id continue the call being written and a new id starts the next", () => {
    const { response } = read([
      choice({ tool_calls: [{ id: "one", function: { name: "f", arguments: '{"a":' } }] }),
      choice({ tool_calls: [{ function: { arguments: "1}" } }] }),
      choice({ tool_calls: [{ id: "two", function: { name: "g", arguments: "{}" } }] }),
    ]);
    expect(response.toolCalls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ["one", "f", { a: 1 }],
      ["two", "g", {}],
    ]);
  });

  it("leaves out tool kinds other than functions", () => {
    const { response } = read([
      choice({ tool_calls: [{ index: 0, id: "c", type: "custom", function: { name: "grammar", arguments: "x" } }] }),
    ]);
    expect(response.toolCalls).toEqual([]);
  });

  it("reports a refusal as content_filter with its text, handed out like content", () => {
    const { response, pieces } = read([
      choice({ role: "assistant", content: null, refusal: "" }),
      choice({ refusal: "I can't" }),
      choice({ refusal: " help with that." }),
      choice({}, "stop"),
    ]);
    expect(pieces).toEqual(["I can't", " help with that."]);
    expect([response.text, response.finishReason]).toEqual(["I can't help with that.", "content_filter"]);
  });

  it("keeps the last usage a server repeats on every chunk", () => {
    const { response } = read([
      { ...choice({ content: "a" }), usage: { prompt_tokens: 5, completion_tokens: 1 } },
      { ...choice({ content: "b" }, "stop"), usage: { prompt_tokens: 5, completion_tokens: 2 } },
    ]);
    expect(response.usage).toEqual({ inputTokens: 5, outputTokens: 2 });
  });

  it("a chunk that is not a chat completion chunk, or a stream with no choices at all, is a ProviderError", () => {
    const accumulator = new OpenAIStreamAccumulator({ provider: "qwen", model: "qwen3-max" });
    expect(() => accumulator.accept("<html>proxy error</html>")).toThrow(
      /Qwen request failed \(a stream chunk was not a chat completion chunk\)/,
    );
    expect(() => read([])).toThrow(ProviderError);
    expect(() => read([{ unexpected: true }])).toThrow(/not a chat completion stream/);
  });
});
