// Every model call sends a token limit and keeps a bounded answer, through the real SDKs against the fake server:
// each role's limit from the config (and a request's own) in the field each API names; an endless stream of text,
// of tool-call arguments, or one event line that never ends, fails as provider_answer_too_long for OpenAI, Qwen
// and Anthropic alike; an answer of exactly the character limit is kept and one character more is not; the body
// limit at exactly its bytes and one byte past.
import { describe, expect, it } from "vitest";

import {
  answerCharacterLimit,
  AnswerTooLongError,
  createBoundedResponseFetch,
  responseByteLimit,
} from "../../src/llm/answer-limits";
import { classifyBeforeSdk } from "../../src/llm/classify-common-error";
import { type ModelRole } from "../../src/llm/model-settings";
import { ProviderError } from "../../src/llm/provider-error";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { configFor, secretKey } from "./llm-test-helpers";

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

const PROVIDERS = ["openai", "qwen", "anthropic"] as const;
const TOKEN_FIELD: Record<(typeof PROVIDERS)[number], string> = {
  openai: "max_completion_tokens",
  qwen: "max_tokens",
  anthropic: "max_tokens",
};

function model(provider: (typeof PROVIDERS)[number], role: ModelRole = "graph", overrides = {}) {
  return createChatModel({
    config: configFor({ provider, server, overrides: { max_retries: 0, ...overrides } }),
    role,
    env: {},
  });
}

const ask = { messages: [{ role: "user" as const, content: "Say something." }] };

describe("the token limit every call sends", () => {
  it.each(PROVIDERS)(
    "%s: each role's limit from the config, or the request's own, in the API's own field",
    async (provider) => {
      const field = TOKEN_FIELD[provider];
      const overrides = { agent_llm_max_output_tokens: 300, graph_llm_max_output_tokens: 700 };
      for (let index = 0; index < 3; index += 1) server.enqueue(fakeReply.text("ok"));
      await model(provider, "agent", overrides).chat(ask);
      await model(provider, "graph", overrides).chat(ask);
      await model(provider, "graph", overrides).chat({ ...ask, maxOutputTokens: 50 });
      expect(server.requests.map((request) => (request.body as Record<string, unknown>)[field])).toEqual([
        300, 700, 50,
      ]);
    },
  );

  it.each(PROVIDERS)("%s: the defaults, 2048 for the agent role and 4096 for the graph role", async (provider) => {
    server.enqueue(fakeReply.text("ok"), fakeReply.text("ok"));
    await model(provider, "agent").chat(ask);
    await model(provider, "graph").chat(ask);
    const field = TOKEN_FIELD[provider];
    expect(server.requests.map((request) => (request.body as Record<string, unknown>)[field])).toEqual([2048, 4096]);
  });
});

describe("an answer that never ends", () => {
  const cases = PROVIDERS.flatMap((provider) =>
    (["text", "tool_arguments", "one_line"] as const).map((what) => [provider, what] as const),
  );
  it.each(cases)("%s, endless %s: fails as provider_answer_too_long, without a retry", async (provider, what) => {
    server.enqueue(fakeReply.endless(what));
    const failure = await model(provider)
      .chat({ ...ask, maxOutputTokens: 100 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: "provider_answer_too_long", kind: "provider", reason: "answer_too_long" });
    expect((failure as Error).message).toMatch(
      /^Answer Too Long: the (OpenAI|Qwen|Anthropic) model's answer was stopped \(at \d+ (characters|bytes)\)/,
    );
    expect((failure as ProviderError).isRetryable).toBe(false);
    // Stopped at the limit: one request, no retry, and the server was told to stop.
    expect(server.requestCount()).toBe(1);
  });
});

describe("the character limit, at its edge", () => {
  it.each(PROVIDERS)("%s: an answer of exactly the limit is kept, one character more is stopped", async (provider) => {
    const limit = answerCharacterLimit(16);
    server.enqueue(fakeReply.text("x".repeat(limit)), fakeReply.text("x".repeat(limit + 1)));
    expect((await model(provider).chat({ ...ask, maxOutputTokens: 16 })).text).toHaveLength(limit);
    await expect(model(provider).chat({ ...ask, maxOutputTokens: 16 })).rejects.toMatchObject({
      code: "provider_answer_too_long",
    });
  });

  it("tool-call arguments count as much as text: an endless argument is stopped at the same limit", async () => {
    server.enqueue(fakeReply.toolCall("compute_rsi", { period: "9".repeat(answerCharacterLimit(16)) }));
    await expect(model("openai").chat({ ...ask, maxOutputTokens: 16 })).rejects.toMatchObject({
      code: "provider_answer_too_long",
    });
  });

  it("the limit grows with the tokens asked for, never below 16 KiB characters", () => {
    expect(answerCharacterLimit(1)).toBe(16 * 1024);
    expect(answerCharacterLimit(1024)).toBe(16 * 1024);
    expect(answerCharacterLimit(1025)).toBe(16 * 1025);
    expect(answerCharacterLimit(4096)).toBe(65_536);
  });
});

describe("the response body limit", () => {
  it("grows with the tokens asked for, never below 4 MiB", () => {
    expect(responseByteLimit(16)).toBe(4 * 1024 * 1024);
    expect(responseByteLimit(4096)).toBe(4 * 1024 * 1024);
    expect(responseByteLimit(8192)).toBe(8 * 1024 * 1024);
  });

  const fetchOf = (body: string) => async () => new Response(body);

  it("reads a body of exactly the limit, and stops one byte past it with an AnswerTooLongError", async () => {
    const exactly = createBoundedResponseFetch(fetchOf("x".repeat(100)), 100);
    expect(await (await exactly("http://127.0.0.1:9")).text()).toHaveLength(100);
    const past = createBoundedResponseFetch(fetchOf("x".repeat(101)), 100);
    await expect((await past("http://127.0.0.1:9")).text()).rejects.toMatchObject({
      name: "AnswerTooLongError",
      message: "the answer passed 100 bytes",
    });
  });

  it("keeps the status and headers, and leaves a body-less answer as it is", async () => {
    const bounded = createBoundedResponseFetch(
      async () => new Response("{}", { status: 429, headers: { "x-test": "kept" } }),
      10,
    );
    const answer = await bounded("http://127.0.0.1:9");
    expect(answer.status).toBe(429);
    expect(answer.headers.get("x-test")).toBe("kept");
    const empty = createBoundedResponseFetch(async () => new Response(null, { status: 204 }), 10);
    expect((await empty("http://127.0.0.1:9")).status).toBe(204);
  });
});

describe("classifying a limit passed", () => {
  const context = { provider: "openai" as const, model: "gpt-4o" };
  const wrapped = (error: unknown, depth: number): unknown =>
    depth === 0 ? error : wrapped(new Error("wrapped", { cause: error }), depth - 1);

  it("finds the AnswerTooLongError up to five causes down, as the SDKs wrap a body's failure", () => {
    for (const depth of [0, 1, 5])
      expect(
        classifyBeforeSdk(wrapped(new AnswerTooLongError("100 bytes"), depth), context),
        String(depth),
      ).toMatchObject({
        code: "provider_answer_too_long",
        message: expect.stringContaining("(at 100 bytes)"),
      });
    // Deeper than that is not looked for: the walk is bounded.
    expect(classifyBeforeSdk(wrapped(new AnswerTooLongError("100 bytes"), 6), context)).toBeUndefined();
  });

  it("stops on a cause that is null, not an object, or the error itself", () => {
    const looped = new Error("loops");
    (looped as { cause?: unknown }).cause = looped;
    for (const error of [new Error("x", { cause: null }), new Error("x", { cause: "text" }), looped])
      expect(classifyBeforeSdk(error, context)).toBeUndefined();
  });
});
