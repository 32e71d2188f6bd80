// Tool calls reassembled from pieces: argument parsing, ordering, whole arguments, and calls left out.
import { describe, expect, it } from "vitest";

import { parseToolArguments, StreamedToolCalls } from "../../src/llm/streamed-tool-calls";

describe("parseToolArguments", () => {
  it("parses JSON, treats empty as {}, and answers undefined for anything else", () => {
    expect(parseToolArguments('{"period": 14}')).toEqual({ period: 14 });
    expect(parseToolArguments("  ")).toEqual({});
    expect(parseToolArguments("{period: 14")).toBeUndefined();
  });
});

describe("StreamedToolCalls", () => {
  it("orders calls by position, whatever order their pieces came in", () => {
    const calls = new StreamedToolCalls();
    calls.add(2, { id: "b", name: "second", argumentsDelta: "{}" });
    calls.add(0, { id: "a", name: "first", argumentsDelta: '{"x"' });
    calls.add(0, { argumentsDelta: ":1}" });
    expect(calls.toToolCalls("call")).toEqual([
      { id: "a", name: "first", arguments: { x: 1 }, rawArguments: '{"x":1}' },
      { id: "b", name: "second", arguments: {}, rawArguments: "{}" },
    ]);
  });

  it("uses arguments given whole when no argument text came, and streamed text when it did", () => {
    const calls = new StreamedToolCalls();
    calls.add(0, { id: "t0", name: "f", wholeArguments: { period: 14 } });
    calls.add(1, { id: "t1", name: "g", wholeArguments: {} });
    calls.add(1, { argumentsDelta: "" });
    calls.add(1, { argumentsDelta: '{"bars": 40}' });
    expect(calls.toToolCalls("toolu")).toEqual([
      { id: "t0", name: "f", arguments: { period: 14 }, rawArguments: '{"period":14}' },
      { id: "t1", name: "g", arguments: { bars: 40 }, rawArguments: '{"bars": 40}' },
    ]);
  });

  it("names calls without an id by their place among the kept calls, and leaves out unnamed and non-function calls", () => {
    const calls = new StreamedToolCalls();
    calls.add(0, { type: "custom", name: "grammar" });
    calls.add(1, { argumentsDelta: "{}" });
    calls.add(2, { name: "kept" });
    expect(calls.toToolCalls("call")).toEqual([{ id: "call_0", name: "kept", arguments: {}, rawArguments: "" }]);
  });
});
