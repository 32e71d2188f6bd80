// The fake provider answers only what OpenAI's published contract allows: every kind of answer it sends on the OpenAI
// route (whole answers, each chunk of a stream, errors over HTTP and inside a stream, the local-server modes'
// refusals) is read off the wire and validated against the schemas vendored from OpenAI's OpenAPI document. Left out
// on purpose: `raw` (a test's own exact bytes) and the faults that are not an answer at all (`malformed`, `reset`,
// `drop`, `hang`, and `endless("one_line")`, one event that never ends).
import { describe, expect, it } from "vitest";

import { useFakeProvider } from "../support/use-fake-provider";
import { type FakeProviderServer, type FakeReply, fakeReply } from "./fake-provider-server";
import { openaiSchemas, schemaErrors } from "./openai-openapi/openai-schemas";

let server: FakeProviderServer;
useFakeProvider({ validKeys: ["sk-contract"] }, (started) => (server = started));

const KEY = "sk-contract";

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

async function post(body: Record<string, unknown>, options: { key?: string; path?: string } = {}): Promise<Sent> {
  const response = await fetch(`${server.openaiBaseUrl}${options.path ?? "/chat/completions"}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${options.key ?? KEY}` },
    body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "Hello" }], ...body }),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

/** The JSON of each `data:` event of a stream, without the closing [DONE]. */
function events(text: string): unknown[] {
  return text
    .split("\n\n")
    .map((event) => event.trim())
    .filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
    .map((event) => JSON.parse(event.slice("data: ".length)) as unknown);
}

function expectValid(validate: (typeof openaiSchemas)[keyof typeof openaiSchemas], value: unknown): void {
  const valid = validate(value);
  expect(valid, `${schemaErrors(validate)}\nin ${JSON.stringify(value).slice(0, 600)}`).toBe(true);
}

const contentReplies: Record<string, () => FakeReply> = {
  text: () => fakeReply.text("The momentum is bullish."),
  json: () => fakeReply.json({ decision: "LONG" }),
  "one tool call": () => fakeReply.toolCall("compute_rsi", { period: 14 }),
  "tool calls with text": () =>
    fakeReply.toolCalls(
      [
        { name: "compute_rsi", arguments: { period: 14 } },
        { name: "compute_macd", arguments: "{not json" },
      ],
      { text: "Computing." },
    ),
  refusal: () => fakeReply.refusal("I can't help with that."),
  "cut at the token limit": () => ({ kind: "text", text: "A report cut", finishReason: "length" }),
  "given usage and model": () =>
    fakeReply.text("ok", { usage: { inputTokens: 3, outputTokens: 1 }, model: "gpt-4o-x" }),
};

const errorReplies: Record<string, () => FakeReply> = {
  unauthorized: () => fakeReply.unauthorized(),
  "rate limited": () => fakeReply.rateLimited(),
  "quota exceeded": () => fakeReply.quotaExceeded(),
  "credit balance too low": () => fakeReply.creditBalanceTooLow(),
  "model not found": () => fakeReply.modelNotFound("gpt-9"),
  "server error": () => fakeReply.serverError(),
  "bad gateway": () => fakeReply.serverError(502),
  overloaded: () => fakeReply.overloaded(),
  "any status and message": () => fakeReply.error(418, "I'm a teapot", { openaiType: "teapot", openaiCode: "tea" }),
};

describe("the fake provider's OpenAI answers against OpenAI's published schemas", () => {
  describe.each(Object.entries(contentReplies))("%s", (_name, reply) => {
    it("as a whole answer", async () => {
      server.enqueue(reply());
      const sent = await post({ stream: false });
      expect(sent.status).toBe(200);
      expectValid(openaiSchemas.completion, JSON.parse(sent.text));
    });

    it("as a stream with its usage chunk", async () => {
      server.enqueue(reply());
      const sent = await post({ stream: true, stream_options: { include_usage: true } });
      expect(sent.contentType).toContain("text/event-stream");
      const chunks = events(sent.text);
      expect(chunks.length).toBeGreaterThan(2);
      for (const chunk of chunks) expectValid(openaiSchemas.chunk, chunk);
      expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
    });

    it("as a stream without usage (not asked for, and a server that ignores stream_options)", async () => {
      server.enqueue(reply());
      const notAsked = events((await post({ stream: true })).text);
      server.setLacks(["stream_usage"]);
      server.enqueue(reply());
      const ignored = events((await post({ stream: true, stream_options: { include_usage: true } })).text);
      for (const chunk of [...notAsked, ...ignored]) {
        expectValid(openaiSchemas.chunk, chunk);
        expect(chunk).not.toHaveProperty("usage");
      }
    });
  });

  it.each(Object.entries(errorReplies))("the error %s", async (_name, reply) => {
    server.enqueue(reply());
    const sent = await post({ stream: true });
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expectValid(openaiSchemas.error, JSON.parse(sent.text));
  });

  it("its own failure (a handler that throws)", async () => {
    server.setHandler(() => {
      throw new Error("handler failed");
    });
    const sent = await post({ stream: true });
    expect(sent.status).toBe(500);
    expectValid(openaiSchemas.error, JSON.parse(sent.text));
  });

  it("the refusal of a key it does not know, and of a path it does not serve", async () => {
    const refusedKey = await post({}, { key: "sk-someone-else" });
    const unknownPath = await post({}, { path: "/chat/completion" });
    expect([refusedKey.status, unknownPath.status]).toEqual([401, 404]);
    for (const sent of [refusedKey, unknownPath]) expectValid(openaiSchemas.error, JSON.parse(sent.text));
  });

  it("an error inside a stream that had started", async () => {
    server.enqueue(
      fakeReply.streamed(fakeReply.text("Partial answer that stops"), {
        fault: { kind: "error", afterChunks: 2, status: 500, message: "The server had an error" },
      }),
    );
    const chunks = events((await post({ stream: true })).text);
    const [error, ...answer] = [chunks.at(-1), ...chunks.slice(0, -1)];
    for (const chunk of answer) expectValid(openaiSchemas.chunk, chunk);
    expectValid(openaiSchemas.error, error);
  });

  it.each(["text", "tool_arguments"] as const)("the first chunks of an endless answer of %s", async (what) => {
    server.enqueue(fakeReply.endless(what));
    const controller = new AbortController();
    const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", messages: [], stream: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let text = "";
    while (text.split("\n\n").length < 4) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const complete = text.split("\n\n").slice(0, 3).join("\n\n");
    for (const chunk of events(complete)) expectValid(openaiSchemas.chunk, chunk);
  });

  describe("as a local server that lacks a capability", () => {
    const asks = {
      tools: { tools: [{ type: "function", function: { name: "compute_rsi", parameters: { type: "object" } } }] },
      images: {
        messages: [
          { role: "user", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }] },
        ],
      },
      json_mode: { response_format: { type: "json_object" } },
    } as const;

    it.each(Object.entries(asks))(
      "refuses a request that needs %s with a 400 in OpenAI's error shape",
      async (lack, ask) => {
        server.setLacks([lack as keyof typeof asks]);
        const sent = await post({ stream: true, ...ask });
        expect(sent.status).toBe(400);
        expectValid(openaiSchemas.error, JSON.parse(sent.text));
        // The same request is answered by a server that has the capability.
        server.setLacks([]);
        expect((await post({ stream: true, ...ask })).status).toBe(200);
      },
    );
  });

  it("the schemas refuse what OpenAI would never send (the check can fail)", () => {
    expect(openaiSchemas.chunk({ id: "x", object: "chat.completion", created: 1, model: "m", choices: [] })).toBe(
      false,
    );
    expect(openaiSchemas.completion({ id: "x", object: "chat.completion", created: 1, model: "m" })).toBe(false);
    expect(openaiSchemas.error({ error: { message: "no type, param or code" } })).toBe(false);
    expect(
      openaiSchemas.chunk({
        id: "x",
        object: "chat.completion.chunk",
        created: 1,
        model: "m",
        choices: [{ index: 0, delta: { content: "hi" } }],
      }),
    ).toBe(false);
  });
});
