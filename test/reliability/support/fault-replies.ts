// Fault replies shared by the library-level and HTTP-level provider-fault tests.
import type { FakeRequest } from "../../fakes/fake-provider-server";
import {
  defaultFakeHandler,
  type FakeHandler,
  type FakeProviderServer,
  type FakeReply,
  fakeReply,
} from "../../fakes/fake-provider-server";

export const isDecision = (request: FakeRequest) => request.summary.wantsJson;
export const isVision = (request: FakeRequest) => request.summary.imageCount > 0;

/** Answers the first `count` requests that match with `fault`, everything else as the default analyst. */
export function faultOn(
  server: FakeProviderServer,
  match: (request: FakeRequest) => boolean,
  fault: () => FakeReply,
  count = Infinity,
): void {
  let faults = 0;
  server.setHandler((request) => {
    if (match(request) && faults < count) {
      faults++;
      return fault();
    }
    return defaultFakeHandler(request);
  });
}

/** A model that declines to look at the image: OpenAI `refusal` with no content (streamed as refusal deltas). */
export function refusalReply(): FakeReply {
  return fakeReply.refusal("I can't help with analysing this image.");
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
