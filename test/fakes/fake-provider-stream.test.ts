// The fake provider's streamed answers on their own (plain fetch, SSE parsed here): chunk protocol of each API,
// replies converted to streams, the chunk delay, and each stream fault.
import { describe, expect, it } from "vitest";

import { useFakeProvider } from "../support/use-fake-provider";
import { waitFor } from "../support/wait";
import { type FakeProviderServer, fakeReply } from "./fake-provider-server";
import { textPieces } from "./fake-stream-events";

let server: FakeProviderServer;
useFakeProvider({ validKeys: ["good-key"] }, (started) => (server = started));

interface SseEvent {
  event: string | undefined;
  data: string;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice("event: ".length);
      const data = lines
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice("data: ".length))
        .join("\n");
      return { event, data };
    });
}

function postStream(
  api: "openai" | "anthropic",
  body: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const path = api === "openai" ? "/v1/chat/completions" : "/v1/messages";
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer good-key" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true, ...body }),
    signal,
  });
}

async function streamEvents(
  api: "openai" | "anthropic",
  body: Record<string, unknown> = {},
): Promise<{ response: Response; events: SseEvent[] }> {
  const response = await postStream(api, body);
  return { response, events: parseSse(await response.text()) };
}

const json = (events: SseEvent[]) =>
  events.filter((event) => event.data !== "[DONE]").map((event) => JSON.parse(event.data));

describe("OpenAI chunk protocol", () => {
  it("streams text as chat.completion.chunk deltas, then finish_reason, usage when asked, and [DONE]", async () => {
    server.enqueue(fakeReply.text("RSI is 55: neutral.", { usage: { inputTokens: 12, outputTokens: 5 } }));
    const { response, events } = await streamEvents("openai", { stream_options: { include_usage: true } });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(events.at(-1)?.data).toBe("[DONE]");
    const chunks = json(events);
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.model === "m")).toBe(true);
    expect(chunks[0].choices[0].delta).toMatchObject({ role: "assistant" });
    const pieces = chunks
      .flatMap((chunk) => chunk.choices.map((choice: any) => choice.delta.content ?? ""))
      .filter(Boolean);
    expect(pieces).toEqual(["RSI", " is", " 55:", " neutral."]);
    expect(chunks.at(-2).choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    });
    expect(server.requests[0]!.summary.stream).toBe(true);
    expect(server.requests[0]!.stream).toMatchObject({
      chunksWritten: events.length,
      outcome: "complete",
      clientClosed: false,
    });
  });

  it("sends no usage unless asked, or when the reply omits it like a server that ignores stream_options", async () => {
    server.enqueue(fakeReply.text("a"), fakeReply.streamed(fakeReply.text("b"), { omitUsage: true }));
    const unasked = json((await streamEvents("openai")).events);
    const omitted = json((await streamEvents("openai", { stream_options: { include_usage: true } })).events);
    expect(unasked.some((chunk) => "usage" in chunk)).toBe(false);
    expect(omitted.some((chunk) => chunk.usage)).toBe(false);
    expect(omitted.at(-1).choices[0].finish_reason).toBe("stop");
  });

  it("splits each tool call's arguments over several chunks, by index", async () => {
    const args = { period: 14, source: "close", smoothing: "wilder" };
    server.enqueue(
      fakeReply.toolCalls([
        { name: "rsi", arguments: args, id: "call_a" },
        { name: "macd", arguments: "{broken" },
      ]),
    );
    const chunks = json((await streamEvents("openai")).events);
    const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice: any) => choice.delta.tool_calls ?? []));
    const argumentsOf = (index: number) =>
      deltas
        .filter((delta: any) => delta.index === index)
        .map((delta: any) => delta.function.arguments)
        .join("");
    expect(deltas.filter((delta: any) => delta.index === 0).length).toBeGreaterThan(3);
    expect(deltas[0]).toMatchObject({ index: 0, id: "call_a", type: "function", function: { name: "rsi" } });
    expect(JSON.parse(argumentsOf(0))).toEqual(args);
    expect(argumentsOf(1)).toBe("{broken");
    expect(chunks.at(-1).choices[0].finish_reason).toBe("tool_calls");
  });

  it("streams a refusal as refusal deltas", async () => {
    server.enqueue(fakeReply.refusal("I can't help with that."));
    const chunks = json((await streamEvents("openai")).events);
    const refusal = chunks.map((chunk) => chunk.choices[0]?.delta.refusal ?? "").join("");
    expect(refusal).toBe("I can't help with that.");
    expect(chunks.some((chunk) => chunk.choices[0]?.delta.content)).toBe(false);
  });
});

describe("Anthropic event protocol", () => {
  it("streams message_start, text_delta and input_json_delta blocks, message_delta with usage, message_stop", async () => {
    server.enqueue(
      fakeReply.toolCalls([{ name: "rsi", arguments: { period: 14, source: "close" }, id: "toolu_1" }], {
        text: "Let me compute.",
      }),
    );
    const { events } = await streamEvents("anthropic");
    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      ...textPieces("Let me compute.").map(() => "content_block_delta"),
      "content_block_stop",
      "content_block_start",
      ...Array.from({ length: events.length - 11 }, () => "content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const data = json(events);
    expect(data.every((value, index) => value.type === events[index]!.event)).toBe(true);
    const text = data
      .filter((value) => value.delta?.type === "text_delta")
      .map((value) => value.delta.text)
      .join("");
    expect(text).toBe("Let me compute.");
    const input = data.filter((value) => value.delta?.type === "input_json_delta");
    expect(input.length).toBeGreaterThan(2);
    expect(input.every((value) => value.index === 1)).toBe(true);
    expect(JSON.parse(input.map((value) => value.delta.partial_json).join(""))).toEqual({
      period: 14,
      source: "close",
    });
    expect(data.find((value) => value.type === "content_block_start" && value.index === 1).content_block).toMatchObject(
      {
        type: "tool_use",
        id: "toolu_1",
        name: "rsi",
      },
    );
    expect(data.at(-2)).toMatchObject({
      type: "message_delta",
      delta: { stop_reason: "tool_use" },
      usage: { output_tokens: expect.any(Number) },
    });
    expect(data[0].message.usage.input_tokens).toBeGreaterThan(0);
  });

  it("a refusal is text with stop_reason refusal, streamed or not", async () => {
    server.enqueue(fakeReply.refusal("No."), fakeReply.refusal("No."));
    const data = json((await streamEvents("anthropic")).events);
    expect(data.find((value) => value.type === "message_delta").delta.stop_reason).toBe("refusal");
    const whole = await postStream("anthropic", { stream: false });
    expect(await whole.json()).toMatchObject({ content: [{ type: "text", text: "No." }], stop_reason: "refusal" });
  });
});

describe("replies that are not content, for a streamed request", () => {
  it("an error reply is still an HTTP error before any stream", async () => {
    server.enqueue(fakeReply.overloaded());
    const response = await postStream("anthropic");
    expect(response.status).toBe(529);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
  });

  it("malformed: an event stream whose first chunk is cut off", async () => {
    server.enqueue(fakeReply.malformed());
    const { response, events } = await streamEvents("openai");
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(() => JSON.parse(events[0]!.data)).toThrow(SyntaxError);
  });
});

describe("chunk delay and faults", () => {
  it("waits between chunks, so the first arrives well before the last", async () => {
    server.enqueue(fakeReply.streamed(fakeReply.text("one two three four"), { chunkDelayMs: 40 }));
    const response = await postStream("openai");
    const reader = response.body!.getReader();
    const arrivals: number[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) arrivals.push(performance.now());
    expect(arrivals.length).toBeGreaterThan(3);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(4 * 35);
  });

  it("drop: the connection dies after N chunks", async () => {
    server.enqueue(
      fakeReply.streamed(fakeReply.text("one two three four"), { fault: { kind: "drop", afterChunks: 2 } }),
    );
    const response = await postStream("openai");
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(/terminated/);
    expect(server.requests[0]!.stream).toMatchObject({ chunksWritten: 2, outcome: "fault", clientClosed: false });
  });

  it("malformed: a cut-off chunk after N good ones, then the end", async () => {
    server.enqueue(
      fakeReply.streamed(fakeReply.text("one two three"), { fault: { kind: "malformed", afterChunks: 3 } }),
    );
    const { events } = await streamEvents("anthropic");
    expect(events).toHaveLength(4);
    expect(events[3]!.event).toBe("content_block_delta");
    expect(() => JSON.parse(events[3]!.data)).toThrow(SyntaxError);
  });

  it("error: an error event mid-stream in each API's shape", async () => {
    const fault = { kind: "error", afterChunks: 4, status: 529, message: "Overloaded" } as const;
    server.enqueue(
      fakeReply.streamed(fakeReply.text("one two three"), { fault }),
      fakeReply.streamed(fakeReply.text("one two"), { fault }),
    );
    const anthropic = (await streamEvents("anthropic")).events;
    const openai = (await streamEvents("openai")).events;
    expect(anthropic.at(-1)).toEqual({
      event: "error",
      data: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
    });
    expect(JSON.parse(openai.at(-1)!.data)).toMatchObject({ error: { message: "Overloaded", type: "server_error" } });
    expect(openai).toHaveLength(5);
  });

  it("stall: chunks stop and the connection stays open; a client that gives up is recorded", async () => {
    server.enqueue(fakeReply.streamed(fakeReply.text("one two three"), { fault: { kind: "stall", afterChunks: 2 } }));
    const controller = new AbortController();
    const response = await postStream("openai", {}, controller.signal);
    const reader = response.body!.getReader();
    await reader.read();
    setTimeout(() => controller.abort(), 50);
    await expect(reader.read().then(() => reader.read())).rejects.toThrow();
    await waitFor(() => server.requests[0]?.stream?.clientClosed === true, 20_000, "the fake seeing the client leave");
    expect(server.requests[0]!.stream).toMatchObject({ chunksWritten: 2, outcome: "fault", clientClosed: true });
  });

  it("a client that closes mid-stream is recorded", async () => {
    // Chunks a second apart: the stream is still far from its end whenever the close reaches the fake.
    server.enqueue(fakeReply.streamed(fakeReply.text("one two three four five six"), { chunkDelayMs: 1_000 }));
    const controller = new AbortController();
    const response = await postStream("openai", {}, controller.signal);
    await response.body!.getReader().read();
    controller.abort();
    await waitFor(() => server.requests[0]?.stream?.clientClosed === true, 20_000, "the fake seeing the client leave");
    expect(server.requests[0]!.stream).toMatchObject({ outcome: "streaming", clientClosed: true });
    expect(server.requests[0]!.stream?.chunksWritten).toBeLessThan(9);
  });
});
