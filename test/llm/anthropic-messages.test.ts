// Pure conversion rules of the Anthropic adapter: turn merging, tool input, JSON extraction.
import { describe, expect, it } from "vitest";

import { buildAnthropicRequest, toAnthropicMessages } from "../../src/llm/anthropic/anthropic-messages";

describe("toAnthropicMessages", () => {
  it("lifts system messages out, drops empty turns, and merges a user turn that follows tool results", () => {
    const messages = toAnthropicMessages([
      { role: "system", content: "sys" },
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: "t1", name: "f", arguments: undefined, rawArguments: "{oops" }],
      },
      { role: "tool", toolCallId: "t1", toolName: "f", content: "result" },
      { role: "user", content: "and now?" },
      { role: "assistant", content: "" },
    ]);
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "go" }] },
      // Arguments that were not JSON go back as an empty object: Anthropic requires an object.
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "f", input: {} }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "result" },
          { type: "text", text: "and now?" },
        ],
      },
    ]);
  });

  it("keeps assistant text before its tool calls", () => {
    const message = toAnthropicMessages([
      {
        role: "assistant",
        content: "Checking.",
        toolCalls: [{ id: "t1", name: "f", arguments: { a: 1 }, rawArguments: '{"a":1}' }],
      },
    ])[0]!;
    expect(message.content).toEqual([
      { type: "text", text: "Checking." },
      { type: "tool_use", id: "t1", name: "f", input: { a: 1 } },
    ]);
  });
});

describe("buildAnthropicRequest", () => {
  it("maps tool choices and never sends sampling parameters", () => {
    const base = {
      messages: [{ role: "user" as const, content: "x" }],
      tools: [{ name: "f", description: "d", parameters: {} }],
    };
    const build = (toolChoice: "auto" | "none" | { name: string }) =>
      buildAnthropicRequest({ request: { ...base, toolChoice }, model: "claude-x", defaultMaxTokens: 10 });
    expect(build("auto").tool_choice).toEqual({ type: "auto" });
    expect(build("none").tool_choice).toEqual({ type: "none" });
    expect(build({ name: "f" }).tool_choice).toEqual({ type: "tool", name: "f" });
    expect(build("auto").tools).toEqual([{ name: "f", description: "d", input_schema: { type: "object" } }]);
    expect("temperature" in build("auto")).toBe(false);
    expect(build("auto").max_tokens).toBe(10);
  });
});
