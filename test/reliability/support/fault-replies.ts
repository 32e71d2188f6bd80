// Fault replies shared by the library-level and HTTP-level provider-fault tests.
import { defaultFakeHandler, fakeReply, type FakeHandler, type FakeReply } from "../../fakes/fake-provider-server";

/** An OpenAI completion whose model declined to look at the image (`refusal` set, no content). */
export function refusalReply(): FakeReply {
  return fakeReply.raw(200, {
    id: "chatcmpl-refusal",
    object: "chat.completion",
    created: 0,
    model: "gpt-4o",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: null, refusal: "I can't help with analysing this image." } }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
}

/**
 * The Indicator agent's first round answers three broken tool calls (wrong type, arguments that are not JSON, a tool
 * that does not exist); everything else is the default analyst. `rounds()` counts the broken rounds sent.
 */
export function invalidToolCallsHandler(): { handler: FakeHandler; rounds(): number } {
  let rounds = 0;
  const handler: FakeHandler = (request) => {
    if (request.summary.toolNames.includes("compute_rsi") && request.summary.trailingToolResults === 0) {
      rounds++;
      return fakeReply.toolCalls([
        { name: "compute_rsi", arguments: { period: "fourteen" } },
        { name: "compute_macd", arguments: "{fastPeriod: 12" }, // not JSON
        { name: "compute_volume_profile", arguments: {} }, // no such tool
      ]);
    }
    return defaultFakeHandler(request);
  };
  return { handler, rounds: () => rounds };
}
