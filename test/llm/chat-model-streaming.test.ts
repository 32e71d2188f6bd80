// Streaming through the real SDKs, per provider: text deltas arrive while the model writes, tool calls are
// reassembled, usage is recorded, and each way a stream can end early is a classified error.
import { describe, expect, it } from "vitest";

import type { RemoteProviderId as ProviderId } from "../../src/config/providers";
import type { ChatRequest } from "../../src/llm/chat-model";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply, type FakeStreamFault } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { waitFor } from "../support/wait";
import { brands, configFor, providerErrorFrom, secretKey } from "./llm-test-helpers";

const providers: ProviderId[] = ["openai", "anthropic", "qwen"];
const hello: ChatRequest = { messages: [{ role: "user", content: "Hello" }] };
const report = "Momentum is bullish: RSI 61, MACD above its signal line, price above the support line.";

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

/** Every delta with the time it arrived, and whether the fake was still writing the stream at that moment. */
function deltaRecorder() {
  const deltas: Array<{ text: string; at: number; serverStillStreaming: boolean }> = [];
  const onTextDelta = (text: string) =>
    deltas.push({
      text,
      at: performance.now(),
      serverStillStreaming: server.lastRequest()?.stream?.outcome === "streaming",
    });
  return { deltas, onTextDelta, joined: () => deltas.map((delta) => delta.text).join("") };
}

describe.each(providers)("%s streaming", (provider) => {
  const brand = brands[provider];
  const modelWith = (overrides: Parameters<typeof configFor>[0]["overrides"] = {}) =>
    createChatModel({ config: configFor({ provider, server, overrides }), role: "graph", env: {} });
  const streamedText = (text: string, options: { chunkDelayMs?: number; fault?: FakeStreamFault } = {}) =>
    fakeReply.streamed(fakeReply.text(text, { usage: { inputTokens: 120, outputTokens: 17 } }), options);

  it("text deltas arrive while the model writes, before the call resolves; joined they are the text", async () => {
    server.enqueue(streamedText(report, { chunkDelayMs: 15 }));
    const recorder = deltaRecorder();
    const response = await modelWith().chat({ ...hello, onTextDelta: recorder.onTextDelta });
    const resolvedAt = performance.now();

    expect(server.requests[0]!.summary.stream).toBe(true);
    expect(recorder.deltas.length).toBe(report.split(" ").length);
    expect(recorder.deltas[0]!.serverStillStreaming).toBe(true);
    // 15 words 15 ms apart: the first arrives about 200 ms before the call resolves.
    expect(resolvedAt - recorder.deltas[0]!.at).toBeGreaterThan(120);
    expect(recorder.joined()).toBe(report);
    expect(response.text).toBe(report);
    expect(response.usage).toEqual({ inputTokens: 120, outputTokens: 17 });
    expect(response.finishReason).toBe("stop");
  });

  it("streamed tool calls are reassembled with their arguments; only the text goes to onTextDelta", async () => {
    const args = { period: 14, source: "close", smoothing: "wilder" };
    server.enqueue(
      fakeReply.toolCalls(
        [
          { name: "compute_rsi", arguments: args, id: "call_rsi" },
          { name: "compute_macd", arguments: { fastPeriod: 12, slowPeriod: 26 }, id: "call_macd" },
        ],
        { text: "Let me compute." },
      ),
    );
    const recorder = deltaRecorder();
    const response = await modelWith().chat({ ...hello, onTextDelta: recorder.onTextDelta });

    // The fake sends arguments in 8-character slices: each call's arguments span several chunks.
    expect(server.requests[0]!.stream?.chunksWritten).toBeGreaterThan(12);
    expect(response.toolCalls).toEqual([
      { id: "call_rsi", name: "compute_rsi", arguments: args, rawArguments: JSON.stringify(args) },
      {
        id: "call_macd",
        name: "compute_macd",
        arguments: { fastPeriod: 12, slowPeriod: 26 },
        rawArguments: '{"fastPeriod":12,"slowPeriod":26}',
      },
    ]);
    expect(response.finishReason).toBe("tool_calls");
    expect(response.text).toBe("Let me compute.");
    expect(recorder.joined()).toBe("Let me compute.");
    expect(response.usage.outputTokens).toBeGreaterThan(0);
  });

  it("tool arguments that are not JSON keep their raw text, with arguments undefined", async () => {
    server.enqueue(fakeReply.toolCall("compute_rsi", "{period: fourteen"));
    const response = await modelWith().chat(hello);
    expect(response.toolCalls).toMatchObject([
      { name: "compute_rsi", arguments: undefined, rawArguments: "{period: fourteen" },
    ]);
  });

  it("a server that sends no usage: counted as 0, the answer intact", async () => {
    server.enqueue(fakeReply.streamed(fakeReply.text("No usage here."), { omitUsage: true }));
    const response = await modelWith().chat(hello);
    expect(response.text).toBe("No usage here.");
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it("a refusal is finishReason content_filter, its text streamed like any text", async () => {
    server.enqueue(fakeReply.refusal("I can't help with analysing this image."));
    const recorder = deltaRecorder();
    const response = await modelWith().chat({ ...hello, onTextDelta: recorder.onTextDelta });
    expect(response.finishReason).toBe("content_filter");
    expect(response.text).toBe("I can't help with analysing this image.");
    expect(recorder.joined()).toBe(response.text);
  });

  it("json mode: deltas are the raw text; the response's text is the object", async () => {
    const fenced = 'Here it is:\n```json\n{"decision": "SHORT"}\n```';
    server.enqueue(fakeReply.text(provider === "anthropic" ? fenced : '{"decision": "SHORT"}'));
    const recorder = deltaRecorder();
    const response = await modelWith().chat({ ...hello, responseFormat: "json", onTextDelta: recorder.onTextDelta });
    expect(JSON.parse(response.text)).toEqual({ decision: "SHORT" });
    expect(recorder.joined()).toBe(provider === "anthropic" ? fenced : response.text);
  });

  it("caller abort mid-stream: the stream stops, the request is aborted, the error is the cancellation", async () => {
    server.enqueue(streamedText(report, { chunkDelayMs: 40 }));
    const controller = new AbortController();
    const recorder = deltaRecorder();
    const onTextDelta = (text: string) => {
      recorder.onTextDelta(text);
      if (recorder.deltas.length === 2) controller.abort();
    };
    const error = await providerErrorFrom(
      modelWith({ max_retries: 2 }).chat({ ...hello, signal: controller.signal, onTextDelta }),
    );
    expect(error.reason).toBe("aborted");
    expect(error.message).toBe(`Cancelled: the ${brand} request was cancelled.`);
    expect(recorder.deltas).toHaveLength(2);
    await waitFor(
      () => server.requests[0]!.stream?.clientClosed === true,
      20_000,
      "the fake seeing the connection closed",
    );
    expect(server.requests[0]!.stream).toMatchObject({ outcome: "streaming", clientClosed: true });
    expect(server.requestCount()).toBe(1);
  });

  it("caller timeout signal mid-stream: a network timeout", async () => {
    server.enqueue(streamedText(report, { chunkDelayMs: 40 }));
    const controller = new AbortController();
    const recorder = deltaRecorder();
    // What AbortSignal.timeout() does when it fires (a TimeoutError reason), at a moment the stream is known to be on.
    const onTextDelta = (text: string) => {
      recorder.onTextDelta(text);
      if (recorder.deltas.length === 3) controller.abort(new DOMException("The operation timed out.", "TimeoutError"));
    };
    const error = await providerErrorFrom(
      modelWith({ max_retries: 2 }).chat({ ...hello, signal: controller.signal, onTextDelta }),
    );
    expect(error.reason).toBe("network");
    expect(error.message).toMatch(/^Network Error: .*timed out/);
    expect(recorder.deltas).toHaveLength(3);
    expect(server.requestCount()).toBe(1);
  });

  it("a stream that goes silent: a network error after the request timeout, the request aborted", async () => {
    server.enqueue(streamedText(report, { fault: { kind: "stall", afterChunks: 5 } }));
    const started = performance.now();
    const error = await providerErrorFrom(modelWith({ request_timeout_ms: 500, max_retries: 2 }).chat(hello));
    expect(error.reason).toBe("network");
    expect(error.message.startsWith(`Network Error: Unable to connect to ${brand} servers.`)).toBe(true);
    expect(error.message).toContain("timed out after 500 ms");
    // It waited for the timeout; that it did not retry is the request count below, not a clock.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    await waitFor(
      () => server.requests[0]!.stream?.clientClosed === true,
      20_000,
      "the fake seeing the connection closed",
    );
    expect(server.requests[0]!.stream?.clientClosed).toBe(true);
    expect(server.requestCount()).toBe(1);
  });

  it("a long answer that keeps flowing is not cut by the request timeout", async () => {
    // 8 words 200 ms apart: 1.4 s of streaming against a 1 s timeout, each silence well inside it.
    const slowReport = "Price holds above the rising support line today.";
    server.enqueue(streamedText(slowReport, { chunkDelayMs: 200 }));
    const started = performance.now();
    const response = await modelWith({ request_timeout_ms: 1_000 }).chat(hello);
    expect(response.text).toBe(slowReport);
    expect(performance.now() - started).toBeGreaterThan(1_000);
    expect(server.requestCount()).toBe(1);
  });

  it("connection dropped mid-stream: a network error, not retried (the answer had started)", async () => {
    server.enqueue(streamedText(report, { fault: { kind: "drop", afterChunks: 5 } }));
    const recorder = deltaRecorder();
    const error = await providerErrorFrom(
      modelWith({ max_retries: 2 }).chat({ ...hello, onTextDelta: recorder.onTextDelta }),
    );
    expect(error.reason).toBe("network");
    expect(error.message.startsWith(`Network Error: Unable to connect to ${brand} servers.`)).toBe(true);
    expect(recorder.deltas.length).toBeGreaterThan(0);
    expect(server.requestCount()).toBe(1);
  });

  it("a malformed chunk mid-stream: a classified error saying so, not a crash", async () => {
    server.enqueue(streamedText(report, { fault: { kind: "malformed", afterChunks: 5 } }));
    const error = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(error.reason).toBe("unknown");
    expect(error.message).toContain(brand);
    expect(error.message).toContain("not valid JSON");
  });

  it("an error event mid-stream is classified like the same error as an HTTP status", async () => {
    const status = provider === "anthropic" ? 529 : 500;
    server.enqueue(fakeReply.error(status, "Overloaded"));
    const httpError = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    server.enqueue(streamedText(report, { fault: { kind: "error", afterChunks: 5, status, message: "Overloaded" } }));
    const streamError = await providerErrorFrom(modelWith({ max_retries: 0 }).chat(hello));
    expect(streamError.reason).toBe("server");
    expect([streamError.kind, streamError.statusCode, streamError.message]).toEqual([
      httpError.kind,
      httpError.statusCode,
      httpError.message,
    ]);
    expect(streamError.isRetryable).toBe(true);
  });

  it("an error thrown by onTextDelta is the caller's: it stops the request and comes back unchanged", async () => {
    server.enqueue(streamedText(report, { chunkDelayMs: 30 }));
    const mistake = new RangeError("the page went away");
    const error = await modelWith()
      .chat({
        ...hello,
        onTextDelta: () => {
          throw mistake;
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBe(mistake);
    await waitFor(
      () => server.requests[0]!.stream?.clientClosed === true,
      20_000,
      "the fake seeing the connection closed",
    );
    expect(server.requests[0]!.stream).toMatchObject({ outcome: "streaming", clientClosed: true });
  });
});

describe("Anthropic error events inside a stream", () => {
  const anthropicModel = () =>
    createChatModel({ config: configFor({ provider: "anthropic", server }), role: "graph", env: {} });
  const midStream = (status: number, message: string) =>
    fakeReply.streamed(fakeReply.text(report), { fault: { kind: "error", afterChunks: 4, status, message } });

  it("overloaded_error: the message of an HTTP 529", async () => {
    server.enqueue(midStream(529, "Overloaded"));
    const error = await providerErrorFrom(anthropicModel().chat(hello));
    expect(error.message).toBe(
      "Provider Error: Anthropic had a server error (HTTP 529) (Overloaded). Try again later.",
    );
  });

  it("rate_limit_error: a rate limit; billing_error: a quota error", async () => {
    server.enqueue(midStream(429, "Rate limited"), midStream(402, "Your credit balance is too low"));
    expect((await providerErrorFrom(anthropicModel().chat(hello))).reason).toBe("rate_limit");
    const quota = await providerErrorFrom(anthropicModel().chat(hello));
    expect(quota.reason).toBe("quota");
    expect(quota.isRetryable).toBe(false);
  });
});
