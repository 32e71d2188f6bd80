// The Anthropic stream accumulator on its own: event sequences, usage totals, unknown events, JSON mode.
import { describe, expect, it } from "vitest";

import { AnthropicStreamAccumulator } from "../../src/llm/anthropic/anthropic-stream";
import { ProviderError } from "../../src/llm/provider-error";

function read(events: unknown[], responseFormat: "text" | "json" = "text") {
  const accumulator = new AnthropicStreamAccumulator({ model: "claude-x", responseFormat });
  const pieces = events.map((event) => accumulator.accept(event)).filter((piece) => piece !== "");
  return { response: accumulator.finish(), pieces };
}

const start = (usage: Record<string, number> = { input_tokens: 10, output_tokens: 1 }) => ({
  type: "message_start",
  message: { model: "claude-x-20250101", usage },
});
const textDelta = (index: number, text: string) => ({
  type: "content_block_delta",
  index,
  delta: { type: "text_delta", text },
});
const stop = (stop_reason: string, usage: Record<string, number> = { output_tokens: 9 }) => ({
  type: "message_delta",
  delta: { stop_reason },
  usage,
});

describe("AnthropicStreamAccumulator", () => {
  it("joins text blocks, hands out each text delta, maps stop reasons, and takes the answering model", () => {
    const { response, pieces } = read([
      start(),
      { type: "ping" },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      textDelta(0, "Both"),
      textDelta(0, " bullish."),
      { type: "content_block_stop", index: 0 },
      stop("max_tokens"),
      { type: "message_stop" },
    ]);
    expect(pieces).toEqual(["Both", " bullish."]);
    expect(response).toEqual({
      text: "Both bullish.",
      toolCalls: [],
      usage: { inputTokens: 10, outputTokens: 9 },
      model: "claude-x-20250101",
      finishReason: "length",
    });
  });

  it("counts cached prompt tokens as input, and takes message_delta's totals over message_start's", () => {
    const { response } = read([
      start({ input_tokens: 5, output_tokens: 1, cache_creation_input_tokens: 100, cache_read_input_tokens: 20 }),
      stop("end_turn", { input_tokens: 6, output_tokens: 40 }),
    ]);
    expect(response.usage).toEqual({ inputTokens: 126, outputTokens: 40 });
  });

  it("reassembles tool_use input from input_json_delta; an empty stream of input keeps the block's own input", () => {
    const { response, pieces } = read([
      start(),
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "toolu_abc", name: "rsi", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"period"' } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: ": 14}" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "tool_use", name: "macd", input: {} } },
      { type: "content_block_stop", index: 1 },
      stop("tool_use"),
    ]);
    expect(pieces).toEqual([]);
    expect(response.toolCalls).toEqual([
      { id: "toolu_abc", name: "rsi", arguments: { period: 14 }, rawArguments: '{"period": 14}' },
      // No id from the provider: named by its place among the calls.
      { id: "toolu_1", name: "macd", arguments: {}, rawArguments: "{}" },
    ]);
    expect(response.finishReason).toBe("tool_calls");
  });

  it("ignores thinking blocks and event types it does not know", () => {
    const { response, pieces } = read([
      start(),
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "hmm" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "abc" } },
      { type: "some_future_event", payload: 1 },
      textDelta(1, "Done."),
      stop("refusal"),
    ]);
    expect(pieces).toEqual(["Done."]);
    expect([response.text, response.finishReason]).toEqual(["Done.", "content_filter"]);
  });

  it("json mode: the object is taken out of its fence at the end; the pieces stay raw", () => {
    const { response, pieces } = read(
      [start(), textDelta(0, "```json\n"), textDelta(0, '{"decision": "LONG"}\n```'), stop("end_turn")],
      "json",
    );
    expect(pieces.join("")).toBe('```json\n{"decision": "LONG"}\n```');
    expect(JSON.parse(response.text)).toEqual({ decision: "LONG" });
  });

  it("an event that is not an object with a type, or a stream with no message_start, is a ProviderError", () => {
    const accumulator = new AnthropicStreamAccumulator({ model: "claude-x", responseFormat: "text" });
    expect(() => accumulator.accept({ index: 0 })).toThrow(/not an Anthropic message event/);
    expect(() => read([])).toThrow(ProviderError);
    expect(() => read([textDelta(0, "orphan")])).toThrow(/not an Anthropic message stream/);
  });
});
