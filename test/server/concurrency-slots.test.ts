// Every route that spends provider money is under one limit (MAX_CONCURRENT_ANALYSES): key checks as well as
// analyses take a slot before the provider is called, and past the limit are refused with 429 and Retry-After. And
// every way a slot can end gives it back: an answer, a failure, a client that leaves, a stream that ends, with an
// error or without. Nothing here waits for a clock: the fake provider holds its answers behind a gate the test opens.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { createStubChartRenderer } from "../reliability/support/stub-chart-renderer";
import { waitFor } from "../support/wait";
import { benchmarkCsv } from "./analysis-fixtures";
import { type JsonAnswer, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const csv = benchmarkCsv();
let fake: FakeProviderServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
});
afterAll(() => fake.close());

/** A gate the fake provider's answers wait behind until the test opens it. */
function holdProvider(): { open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  fake.setHandler(async (request) => {
    await opened;
    return defaultFakeHandler(request);
  });
  return { open };
}

async function startServer(limits: { maxConcurrentAnalyses: number; maxEventStreams?: number }) {
  return startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    renderer: createStubChartRenderer(),
    app: limits,
  });
}

describe("POST /api/validate-api-key", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ maxConcurrentAnalyses: 2 });
  });
  afterAll(() => server.close());

  it("is under the analyses limit: of 10 at once under a limit of 2, 2 reach the provider, 8 get 429", async () => {
    fake.reset();
    const gate = holdProvider();
    const answers: JsonAnswer[] = [];
    const all = Array.from({ length: 10 }, () =>
      postJson(server, "/api/validate-api-key", { provider: "openai" }).then((answer) => answers.push(answer)),
    );
    await waitFor(() => answers.length === 8 && fake.requests.length === 2, 20_000, "8 refusals and 2 provider calls");
    for (const refused of answers) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("too_many_analyses");
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    gate.open();
    await Promise.all(all);
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.valid)).toEqual([true, true]);
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    expect((await postJson(server, "/api/validate-api-key", { provider: "openai" })).status).toBe(200);
  });

  it("shares the limit with analyses: a key check in progress keeps an analysis out, before any model call", async () => {
    const single = await startServer({ maxConcurrentAnalyses: 1 });
    try {
      fake.reset();
      const gate = holdProvider();
      const check = postJson(single, "/api/validate-api-key", { provider: "openai" });
      await waitFor(() => fake.requests.length === 1, 20_000, "the key check at the provider");
      const analysis = await postJson(single, "/api/analyze", { csv, timeframe: "4h" });
      expect(analysis.status).toBe(429);
      expect(fake.requests).toHaveLength(1);
      gate.open();
      expect((await check).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});

describe("a slot is given back", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ maxConcurrentAnalyses: 1, maxEventStreams: 1 });
  });
  afterAll(() => server.close());
  afterEach(() => fake.reset());

  /** The one slot is free again: a key check (and, for streams, a new stream) is admitted. */
  async function expectSlotsFree(): Promise<void> {
    fake.reset();
    // A client that left is noticed when its connection closes: the slot may come back a moment later.
    let status = 0;
    for (let attempt = 0; attempt < 200 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await postJson(server, "/api/validate-api-key", { provider: "openai" })).status;
    }
    expect(status).toBe(200);
    const stream = await postJson(server, "/api/analyze", { csv, timeframe: "4h" }, { Accept: "text/event-stream" });
    expect(stream.status).toBe(200);
    expect(stream.text).toMatch(/event: result/);
  }

  it("when an analysis is answered", async () => {
    expect((await postJson(server, "/api/analyze", { csv, timeframe: "4h" })).status).toBe(200);
    await expectSlotsFree();
  });

  it("when an analysis fails at the provider", async () => {
    fake.setHandler(() => fakeReply.error(401, "Incorrect API key provided"));
    expect((await postJson(server, "/api/analyze", { csv, timeframe: "4h" })).status).toBe(502);
    await expectSlotsFree();
  });

  it("when an analysis is refused after admission, before any model call", async () => {
    const bad = await postJson(server, "/api/analyze", { csv: "Datetime,Open\n1,2\n", timeframe: "4h" });
    expect(bad.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
    await expectSlotsFree();
  });

  it("when a streamed analysis is refused before its first event (answered in JSON)", async () => {
    const bad = await postJson(
      server,
      "/api/analyze",
      { csv: "Datetime,Open\n1,2\n", timeframe: "4h" },
      { Accept: "text/event-stream" },
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/application\/json/);
    await expectSlotsFree();
  });

  it("when the client of an analysis leaves mid-way", async () => {
    holdProvider();
    const client = new AbortController();
    const leaving = fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csv, timeframe: "4h" }),
      signal: client.signal,
    }).catch(() => undefined);
    await waitFor(() => fake.requests.length > 0, 20_000, "the analysis at the provider");
    client.abort();
    await leaving;
    await expectSlotsFree();
  });

  it("when an event stream ends with its result", async () => {
    const stream = await postJson(server, "/api/analyze", { csv, timeframe: "4h" }, { Accept: "text/event-stream" });
    expect(stream.text).toMatch(/event: result/);
    await expectSlotsFree();
  });

  it("when an event stream ends with an error", async () => {
    fake.setHandler(() => fakeReply.error(401, "Incorrect API key provided"));
    const stream = await postJson(server, "/api/analyze", { csv, timeframe: "4h" }, { Accept: "text/event-stream" });
    expect(stream.status).toBe(200);
    expect(stream.text).toMatch(/event: error/);
    await expectSlotsFree();
  });

  it("when the client of an event stream leaves mid-way", async () => {
    holdProvider();
    const client = new AbortController();
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h" }),
      signal: client.signal,
    });
    expect(response.status).toBe(200);
    await waitFor(() => fake.requests.length > 0, 20_000, "the streamed analysis at the provider");
    client.abort();
    await response.body?.cancel().catch(() => undefined);
    await expectSlotsFree();
  });

  it("when a key check is answered, valid or not", async () => {
    fake.setHandler(() => fakeReply.error(401, "Incorrect API key provided"));
    const invalid = await postJson(server, "/api/validate-api-key", { provider: "openai" });
    expect(invalid.body.valid).toBe(false);
    await expectSlotsFree();
  });

  it("when the client of a key check leaves mid-way", async () => {
    holdProvider();
    const client = new AbortController();
    const leaving = fetch(`${server.url}/api/validate-api-key`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ provider: "openai" }),
      signal: client.signal,
    }).catch(() => undefined);
    await waitFor(() => fake.requests.length > 0, 20_000, "the key check at the provider");
    client.abort();
    await leaving;
    await expectSlotsFree();
  });
});
