// Limits that keep one client from spending the owner's money or guessing the token: analyses running at once
// (MAX_CONCURRENT_ANALYSES), open event streams, and failed access-token attempts per client address.
import { request as httpRequest } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { waitFor } from "../support/wait";
import { benchmarkCsv } from "./analysis-fixtures";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const csv = benchmarkCsv();
let fake: FakeProviderServer;
let renderer: ChartRenderer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
});
afterAll(async () => {
  await renderer.close();
  await fake.close();
});

/** The analyses whose name the fake provider saw in a prompt. */
function namesSeen(): Set<string> {
  const names = new Set<string>();
  for (const request of fake.requests) {
    for (const match of request.rawBody.matchAll(/Analysis-(\d+)/g)) names.add(match[0]);
  }
  return names;
}

describe("MAX_CONCURRENT_ANALYSES", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
      renderer,
      app: { maxConcurrentAnalyses: 3 },
    });
  });
  afterAll(() => server.close());

  it("admits exactly the limit: only admitted analyses reach the provider, the rest get 429 with Retry-After at once", async () => {
    fake.reset();
    // A slow provider: every call takes 600 ms, so the admitted analyses are still running when the others arrive.
    fake.setHandler(async (request) => fakeReply.delay(600, await defaultFakeHandler(request)));
    await renderer.render({ data: [], layout: { width: 64, height: 64 } }); // a warm browser: no launch inside the test
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        // Staggered a little, so the admitted ones are the first three.
        await new Promise((resolve) => setTimeout(resolve, index * 20));
        const answer = await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: `Analysis-${index}` });
        return { index, answer, ms: performance.now() - started };
      }),
    );
    const admitted = answers.filter(({ answer }) => answer.status === 200);
    const refused = answers.filter(({ answer }) => answer.status === 429);
    // Which three come first is the machine's business (a busy one may reorder them); that three do is the rule.
    expect(admitted).toHaveLength(3);
    expect(refused).toHaveLength(3);
    const firstAdmittedDone = Math.min(...admitted.map(({ ms }) => ms));
    for (const { answer, ms } of refused) {
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(answer.body.code).toBe("too_many_analyses");
      // Refused at once, not after waiting for a slot: long before any admitted analysis is done.
      expect(ms).toBeLessThan(firstAdmittedDone / 2);
    }
    expect([...namesSeen()].sort()).toEqual(admitted.map(({ index }) => `Analysis-${index}`).sort());
    // Slots are given back: the next analysis is admitted.
    fake.setHandler(defaultFakeHandler);
    expect((await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "Analysis-9" })).status).toBe(200);
  });
});

describe("event streams", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
      renderer,
      app: { maxEventStreams: 1, maxConcurrentAnalyses: 4 },
    });
  });
  afterAll(() => server.close());

  it("are capped: a second stream while one is open gets 429, a plain JSON analysis is still admitted", async () => {
    fake.reset();
    fake.setHandler(async (request) => fakeReply.delay(400, await defaultFakeHandler(request)));
    const first = fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h", name: "Analysis-1" }),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
    // The first stream is open once its analysis reaches the provider.
    await waitFor(() => namesSeen().has("Analysis-1"), 60_000, "the first stream's analysis at the provider");
    const second = await postJson(
      server,
      "/api/analyze",
      { csv, timeframe: "4h", name: "Analysis-2" },
      { Accept: "text/event-stream" },
    );
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toMatch(/^\d+$/);
    const plain = await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "Analysis-3" });
    expect(plain.status).toBe(200);
    expect((await first).status).toBe(200);
    expect(namesSeen().has("Analysis-2")).toBe(false);
    fake.setHandler(defaultFakeHandler);
  });
});

describe("failed access-token attempts", () => {
  const TOKEN = testAccessToken("limits");
  let server: TestServer;
  let now = 1_000_000;
  beforeAll(async () => {
    server = await startTestServer({
      app: { accessToken: TOKEN, failedTokenAttempts: { maxFailures: 3, baseDelayMs: 1_000, now: () => now } },
    });
    // Listening on every address of the machine, so a second client can come from 127.0.0.2.
    server.server.close();
    await new Promise<void>((resolve) => server.server.listen(server.port, "0.0.0.0", resolve));
  });
  afterAll(() => server.close());

  function call(token: string, from = "127.0.0.1", headers: Record<string, string> = {}, target = server) {
    return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          localAddress: from,
          port: target.port,
          path: "/api/assets",
          headers: { Authorization: `Bearer ${token}`, ...headers },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] }),
          );
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  it("slow down wrong tokens from one address, longer after each, and leave other addresses alone", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) expect((await call(`wrong-${attempt}`)).status).toBe(401);
    // The third failure blocks this address for 1 s: a wrong token is answered 429 with the wait.
    const blocked = await call("wrong-blocked");
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe("1");
    expect((await call("wrong-other", "127.0.0.2")).status).toBe(401);
    now += 1_001;
    expect((await call("wrong-4")).status).toBe(401); // the fourth failure: 2 s
    expect((await call("wrong-again")).retryAfter).toBe("2");
    now += 2_001;
    // The right token clears the count.
    expect((await call(TOKEN)).status).toBe(200);
    expect((await call("wrong-5")).status).toBe(401);
    expect((await call(TOKEN)).status).toBe(200);
  });

  it("never lock out the right token: after 40 wrong ones from the same address, it passes at once", async () => {
    for (let attempt = 1; attempt <= 40; attempt++) {
      expect([401, 429]).toContain((await call(`wrong-${attempt}`)).status);
    }
    expect((await call("still-wrong")).status).toBe(429);
    expect((await call(TOKEN)).status).toBe(200);
    // No header at all is not an attempt: it is told a token is needed, whatever the count.
    for (let attempt = 1; attempt <= 40; attempt++) await call(`wrong-${attempt}`);
    const missing = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port: server.port, path: "/api/assets" }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
      request.end();
    });
    expect(missing).toBe(401);
    expect((await call(TOKEN)).status).toBe(200);
  });
});

describe("a wrong token while its address waits", () => {
  const TOKEN = testAccessToken("limits");
  const WAIT_MS = 60_000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      app: { accessToken: TOKEN, failedTokenAttempts: { maxFailures: 1, baseDelayMs: WAIT_MS } },
    });
  });
  afterAll(() => server.close());

  it("is answered 429 with the wait at once, not held open until the wait is over", async () => {
    const headers = { Authorization: "Bearer not-the-token" };
    expect((await fetch(`${server.url}/api/assets`, { headers })).status).toBe(401);
    const started = performance.now();
    const blocked = await fetch(`${server.url}/api/assets`, { headers });
    const elapsed = performance.now() - started;
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(WAIT_MS / 1000 / 2);
    // Relative to the wait, and generous: a held request would take the whole minute.
    expect(elapsed).toBeLessThan(WAIT_MS / 2);
    expect((await fetch(`${server.url}/api/assets`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      200,
    );
  });
});

describe("behind a reverse proxy (TRUST_PROXY=1)", () => {
  const TOKEN = testAccessToken("limits");
  function call(target: TestServer, token: string, forwardedFor?: string) {
    return new Promise<number>((resolve, reject) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (forwardedFor !== undefined) headers["X-Forwarded-For"] = forwardedFor;
      const request = httpRequest(
        { host: "127.0.0.1", port: target.port, path: "/api/assets", headers },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  it("counts wrong tokens per client address from X-Forwarded-For (the last entry, the one the proxy added)", async () => {
    const server = await startTestServer({
      app: { accessToken: TOKEN, trustProxy: true, failedTokenAttempts: { maxFailures: 2, baseDelayMs: 60_000 } },
    });
    try {
      expect(await call(server, "wrong-1", "203.0.113.7")).toBe(401);
      expect(await call(server, "wrong-2", "203.0.113.7")).toBe(401);
      expect(await call(server, "wrong-3", "203.0.113.7")).toBe(429);
      // The client cannot step out of its count by writing its own X-Forwarded-For: the proxy appends the real one.
      expect(await call(server, "wrong-4", "198.51.100.1, 203.0.113.7")).toBe(429);
      // Another client behind the same proxy is not slowed down, and the right token passes for everyone.
      expect(await call(server, "wrong-5", "203.0.113.8")).toBe(401);
      expect(await call(server, TOKEN, "203.0.113.7")).toBe(200);
      expect(server.logs.some((line) => line.includes('"address":"203.0.113.8"'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("ignores X-Forwarded-For without it: every request counts against the address that connected", async () => {
    const server = await startTestServer({
      app: { accessToken: TOKEN, failedTokenAttempts: { maxFailures: 2, baseDelayMs: 60_000 } },
    });
    try {
      expect(await call(server, "wrong-1", "203.0.113.7")).toBe(401);
      expect(await call(server, "wrong-2", "203.0.113.8")).toBe(401);
      expect(await call(server, "wrong-3", "203.0.113.9")).toBe(429);
    } finally {
      await server.close();
    }
  });
});
