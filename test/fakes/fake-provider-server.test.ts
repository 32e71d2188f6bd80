// The fake provider server on its own (plain fetch): routing, keys, queues, default handler, hang and close.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { waitFor } from "../support/wait";
import {
  defaultFakeHandler,
  fakeDecision,
  type FakeProviderServer,
  fakeReply,
  sampleFromSchema,
  startFakeProviderServer,
} from "./fake-provider-server";

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: ["good-key"] });
});
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: "Bearer good-key" },
) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("routing and keys", () => {
  it("routes by path suffix and records the request", async () => {
    const openai = await post("/anything/compatible-mode/v1/chat/completions", { model: "m", messages: [] });
    const anthropic = await post("/v1/messages", { model: "c", messages: [] }, { "x-api-key": "good-key" });
    const unknown = await post("/v1/embeddings", {});
    expect([openai.status, anthropic.status, unknown.status]).toEqual([200, 200, 404]);
    expect(server.requests.map((request) => request.api)).toEqual(["openai", "anthropic", "unknown"]);
    expect(server.requests[1]!.apiKey).toBe("good-key");
    expect(server.requestCount("openai")).toBe(1);
  });

  it("answers 401 in each API's shape for a wrong or missing key", async () => {
    const openai = await post("/v1/chat/completions", { messages: [] }, { authorization: "Bearer bad" });
    const anthropic = await post("/v1/messages", { messages: [] }, {});
    expect(openai.status).toBe(401);
    expect(openai.body.error.code).toBe("invalid_api_key");
    expect(anthropic.body).toMatchObject({ type: "error", error: { type: "authentication_error" } });
  });

  it("rejects Anthropic sampling parameters on API version 2026-10-21, like the real API", async () => {
    const response = await post(
      "/v1/messages",
      { model: "c", messages: [], temperature: 0.1 },
      { "x-api-key": "good-key", "anthropic-version": "2026-10-21" },
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("temperature: Extra inputs are not permitted");
  });
});

describe("scripted replies", () => {
  it("uses the API's own queue first, then the shared queue, then the handler", async () => {
    server.enqueue(fakeReply.text("shared"));
    server.anthropic.enqueue(fakeReply.text("anthropic only"));
    const first = await post("/v1/chat/completions", { messages: [] });
    const second = await post("/v1/messages", { messages: [] });
    const third = await post("/v1/chat/completions", { messages: [] });
    expect(first.body.choices[0].message.content).toBe("shared");
    expect(second.body.content[0].text).toBe("anthropic only");
    expect(third.body.choices[0].message.content).toBe("Fake report: ok.");
  });

  it("renders one error reply in each API's shape with a fast retry hint", async () => {
    server.enqueue(fakeReply.quotaExceeded(), fakeReply.quotaExceeded());
    const openai = await post("/v1/chat/completions", { messages: [] });
    const anthropic = await post("/v1/messages", { messages: [] });
    expect(openai.status).toBe(429);
    expect(openai.body.error).toMatchObject({ type: "insufficient_quota", code: "insufficient_quota" });
    expect(anthropic.status).toBe(402);
    expect(anthropic.body.error.type).toBe("billing_error");
    expect(openai.headers.get("retry-after-ms")).toBe("1");
  });

  it("a handler function decides from the request", async () => {
    server.setHandler((request) => fakeReply.text(`model=${request.summary.model}`));
    const response = await post("/v1/chat/completions", { model: "gpt-x", messages: [] });
    expect(response.body.choices[0].message.content).toBe("model=gpt-x");
  });

  it("delays a reply", async () => {
    server.enqueue(fakeReply.delay(60, fakeReply.text("late")));
    const started = Date.now();
    await post("/v1/chat/completions", { messages: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    // The call's time at the provider: from the body read to the answer written.
    const recorded = server.lastRequest()!;
    expect(recorded.answeredAt! - recorded.receivedAt).toBeGreaterThanOrEqual(55);
  });

  it("delays a pending reply, such as a handler's promise", async () => {
    server.setHandler((request) => fakeReply.delay(60, Promise.resolve(defaultFakeHandler(request))));
    const started = Date.now();
    const response = await post("/v1/chat/completions", { messages: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(response.body.choices[0].message.content).toBe("Fake report: ok.");
  });
});

describe("default handler", () => {
  const tools = [
    {
      type: "function",
      function: {
        name: "rsi",
        parameters: { type: "object", properties: { period: { type: "integer", minimum: 2 } }, required: ["period"] },
      },
    },
    { type: "function", function: { name: "chart", parameters: { type: "object", properties: {} } } },
  ];

  it("calls every offered tool, with arguments from its schema", async () => {
    const response = await post("/v1/chat/completions", { messages: [{ role: "user", content: "go" }], tools });
    const calls = response.body.choices[0].message.tool_calls;
    expect(calls.map((call: any) => [call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      ["rsi", { period: 14 }],
      ["chart", {}],
    ]);
  });

  it("writes a report after tool results, the decision for JSON, a vision report for images", async () => {
    const afterTools = await post("/v1/chat/completions", {
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "a", type: "function", function: { name: "rsi", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "a", content: "55" },
      ],
      tools,
    });
    expect(afterTools.body.choices[0].message.content).toContain("read 1 tool results");

    const decision = await post(
      "/v1/messages",
      { system: "Answer in JSON.", messages: [{ role: "user", content: "decide" }] },
      { "x-api-key": "good-key" },
    );
    expect(JSON.parse(decision.body.content[0].text)).toEqual(fakeDecision);

    const vision = await post(
      "/v1/messages",
      {
        messages: [
          {
            role: "user",
            content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AA==" } }],
          },
        ],
      },
      { "x-api-key": "good-key" },
    );
    expect(vision.body.content[0].text).toContain("Fake vision report");
  });

  it("samples schemas within bounds", () => {
    expect(sampleFromSchema({ type: "integer", minimum: 20 })).toBe(20);
    expect(sampleFromSchema({ type: "string", enum: ["close", "high"] })).toBe("close");
    expect(sampleFromSchema({ type: "number", default: 2.5 })).toBe(2.5);
  });
});

describe("connections", () => {
  it("close() ends a hanging request", async () => {
    const own = await startFakeProviderServer();
    own.enqueue(fakeReply.hang());
    const pending = fetch(`${own.openaiBaseUrl}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer any" },
      body: "{}",
    }).then(
      () => "answered",
      () => "failed",
    );
    await waitFor(() => own.requestCount() === 1, 20_000, "the request at the fake");
    await own.close();
    expect(await pending).toBe("failed");
  });

  it("reset drops the connection after the headers", async () => {
    server.enqueue(fakeReply.reset());
    const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer good-key" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
