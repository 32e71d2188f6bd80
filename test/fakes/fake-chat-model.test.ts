// The in-process fake ChatModel: scripted steps, recorded calls, errors and aborts.
import { expect, it } from "vitest";

import { ProviderError } from "../../src/llm/provider-error";
import { FakeChatModel, textStep, toolCallStep } from "./fake-chat-model";

it("answers scripted steps in order, then the fallback, recording each request", async () => {
  const model = new FakeChatModel({
    steps: [toolCallStep([{ name: "rsi", arguments: { period: 14 } }]), textStep("done")],
  });
  const first = await model.chat({ messages: [{ role: "user", content: "a" }] });
  const second = await model.chat({ messages: [{ role: "user", content: "b" }] });
  const third = await model.chat({ messages: [{ role: "user", content: "c" }] });
  expect(first.toolCalls[0]).toEqual({
    id: "call_0",
    name: "rsi",
    arguments: { period: 14 },
    rawArguments: '{"period":14}',
  });
  expect(first.finishReason).toBe("tool_calls");
  expect([second.text, third.text]).toEqual(["done", "ok"]);
  expect(model.calls).toHaveLength(3);
});

it("throws scripted errors and honours an aborted signal", async () => {
  const failure = new ProviderError({ reason: "rate_limit", provider: "openai" });
  const model = new FakeChatModel({ steps: [failure] });
  await expect(model.chat({ messages: [] })).rejects.toBe(failure);
  await expect(model.chat({ messages: [], signal: AbortSignal.abort() })).rejects.toMatchObject({ reason: "aborted" });
});

it("hands the text to onTextDelta a word at a time before resolving, like the streaming adapters", async () => {
  const model = new FakeChatModel({ steps: [textStep("Momentum is bullish.")] });
  const pieces: string[] = [];
  const response = await model.chat({ messages: [], onTextDelta: (text) => pieces.push(text) });
  expect(pieces).toEqual(["Momentum", " is", " bullish."]);
  expect(pieces.join("")).toBe(response.text);
});
