// Faults injected behind the HTTP API (issue "Faults to inject"): each provider fault of
// provider-faults.test.ts, driven through POST /api/analyze as JSON and as text/event-stream, ends in a recovered
// result or a classified error body, within its time bound, with no request or provider call left open; after each
// one the server still answers GET /api/get-api-key-status and runs a normal analysis. Then the custom-asset file
// under concurrent saves from several clients and two server processes: nothing is lost, across a restart too.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import {
  defaultFakeHandler,
  type FakeProviderServer,
  fakeReply,
  type FakeRequest,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
import { benchmarkCsv, noBarsFetch } from "../server/analysis-fixtures";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "../server/test-server";
import { parseEventStreamText, type StreamedEvent } from "../support/event-stream-text";
import { faultOn, invalidToolCallsHandler, isDecision, isVision, refusalReply } from "./support/fault-replies";
import { countOpenRequests, type OpenRequestCounter } from "./support/open-requests";
import { type ProviderCallTracker, startProviderCallTracker } from "./support/provider-call-tracker";
import { sendRawRequest } from "./support/raw-http";
import { createSeededRandom } from "./support/seeded-random";
import { type ServerProcess, startServerProcess } from "./support/server-process";

const REQUEST_TIMEOUT_MS = 2000;
/**
 * The request timeout of the cases where the provider hangs, whose answer can only come from it: short, so they do not
 * wait long, yet many times what a local call to the fake provider takes, so the calls that do not hang never meet it.
 */
const HANG_TIMEOUT_MS = 1000;
const MAX_RETRIES = 1;
/** How long aborted calls and requests may take to close: generous, since only a failure ever waits it out. */
const SETTLE_MS = 20_000;
const csv = benchmarkCsv();

let fake: FakeProviderServer;
let tracker: ProviderCallTracker;
let renderer: ChartRenderer;
let server: TestServer;
let openRequests: OpenRequestCounter;

type Mode = "json" | "event-stream";

interface AnalysisAnswer {
  status: number;
  elapsedMs: number;
  /** The AnalysisResult, or the error body (for a stream: the `error` event's data, which adds `status`). */
  result?: any;
  error?: any;
  events: StreamedEvent[];
}

/** POST /api/analyze with the benchmark CSV, as JSON or as an event stream, read to its end. */
async function analyze(mode: Mode): Promise<AnalysisAnswer> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/analyze`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(mode === "event-stream" ? { Accept: "text/event-stream" } : {}),
    },
    body: JSON.stringify({ csv, timeframe: "4h", name: "Fault run" }),
    signal: AbortSignal.timeout(120_000), // a hang guard only
  });
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  expect(text).not.toContain("SECRET");
  expect(text).not.toMatch(/\n\s+at |node:internal|\.ts:\d+/);
  if (mode === "json" || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const body = JSON.parse(text);
    return response.ok
      ? { status: response.status, elapsedMs, result: body, events: [] }
      : { status: response.status, elapsedMs, error: body, events: [] };
  }
  const events = parseEventStreamText(text);
  const last = events.at(-1);
  expect(
    last?.event === "result" || last?.event === "error",
    `the stream ends in a result or an error, got ${last?.event}`,
  ).toBe(true);
  return {
    status: response.status,
    elapsedMs,
    events,
    result: last?.event === "result" ? last.data : undefined,
    error: last?.event === "error" ? last.data : undefined,
  };
}

/** The analysis succeeded (the whole AnalysisResult came back). */
function expectRecovered(answer: AnalysisAnswer): void {
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  expect(answer.status).toBe(200);
  expect(["LONG", "SHORT"]).toContain(answer.result.final_decision.decision);
}

/** The analysis failed with this classified error: HTTP status (in the stream: the error event's), code, words. */
function expectClassified(
  answer: AnalysisAnswer,
  mode: Mode,
  expected: { status: number; code: string; message: RegExp },
): void {
  expect(answer.result).toBeUndefined();
  expectPlainError(answer.error);
  expect(answer.error).toMatchObject({ code: expected.code });
  expect(answer.error.error).toMatch(expected.message);
  if (mode === "json") expect(answer.status).toBe(expected.status);
  else {
    // The stream was committed (200) at the first progress event; the error event carries the status instead.
    expect(answer.status).toBe(200);
    expect(answer.error.status).toBe(expected.status);
    expect(answer.events.some((event) => event.event === "progress" && event.data.type === "step-error")).toBe(true);
  }
}

/** Runs `action` with the request timeout of the cases where the provider hangs, then puts the file's one back. */
async function withHangTimeout<T>(action: () => Promise<T>): Promise<T> {
  server.pipeline.configure({ request_timeout_ms: HANG_TIMEOUT_MS });
  try {
    return await action();
  } finally {
    server.pipeline.configure({ request_timeout_ms: REQUEST_TIMEOUT_MS });
  }
}

/** After a fault: nothing left open, the status endpoint answers, and a normal analysis succeeds. */
async function expectStillServing(): Promise<void> {
  await tracker.settled(SETTLE_MS);
  await openRequests.settled(SETTLE_MS);
  fake.reset();
  const status = await getJson(server, "/api/get-api-key-status?provider=openai");
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({ has_key: true, masked_key: "sk-...def" });
  expectRecovered(await analyze("json"));
  await tracker.settled(SETTLE_MS);
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  tracker = await startProviderCallTracker(fake.url);
  renderer = createChartRenderer();
  server = await startTestServer({
    config: {
      api_key: TEST_KEY,
      openai_base_url: `${tracker.url}/v1`,
      request_timeout_ms: REQUEST_TIMEOUT_MS,
      max_retries: MAX_RETRIES,
      // The tool loop: these faults include a tool call with invalid arguments.
      indicator_mode: "tool-call",
    },
    renderer,
    fetch: noBarsFetch,
  });
  openRequests = countOpenRequests(server.server);
  // The first analysis launches Chromium (a second or two); the timed cases below should not pay for it.
  expectRecovered(await analyze("json"));
  fake.reset();
});
afterEach(() => fake.reset());
afterAll(async () => {
  for (const line of server?.logs ?? []) expect(line).not.toContain("SECRET");
  expect(server?.logs.filter((line) => / ERROR /.test(line)) ?? []).toEqual([]);
  await server?.close();
  await renderer?.close();
  await tracker?.close();
  await fake?.close();
});

describe.each<Mode>(["json", "event-stream"])("provider faults through POST /api/analyze (%s)", (mode) => {
  it("500s then success: retried and recovered", async () => {
    faultOn(fake, isDecision, () => fakeReply.serverError(500), MAX_RETRIES);
    expectRecovered(await analyze(mode));
    expect(fake.requests.filter(isDecision)).toHaveLength(MAX_RETRIES + 1);
    await expectStillServing();
  });

  it("500s past the retries: 502 provider_server", async () => {
    faultOn(fake, isDecision, () => fakeReply.serverError(503));
    expectClassified(await analyze(mode), mode, {
      status: 502,
      code: "provider_server",
      message: /^Provider Error: OpenAI had a server error \(HTTP 503\)/,
    });
    expect(fake.requests.filter(isDecision)).toHaveLength(MAX_RETRIES + 1);
    await expectStillServing();
  });

  it("a hanging provider: ends within the request timeout bound, serves others meanwhile, leaves nothing open", async () => {
    faultOn(fake, isVision, () => fakeReply.hang());
    const answer = await withHangTimeout(async () => {
      const running = analyze(mode);
      // While both vision calls hang, the server answers other requests: this one comes back while they still hang.
      while (fake.requests.filter(isVision).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await getJson(server, "/api/get-api-key-status")).status).toBe(200);
      expect(tracker.inFlight()).toBeGreaterThan(0);
      return running;
    });
    expectClassified(answer, mode, {
      status: 502,
      code: "provider_network",
      message: /^Network Error: Unable to connect to OpenAI servers\..*timed out/,
    });
    // Each attempt waits request_timeout_ms, and there are MAX_RETRIES + 1 of them: the answer came from the timeouts
    // (a hang would have waited for the SDK's ten minutes). The upper bound is generous: a busy machine adds its own.
    expect(fake.requests.filter(isVision).length).toBeGreaterThanOrEqual(MAX_RETRIES + 1);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS);
    expect(answer.elapsedMs).toBeLessThan(4 * (MAX_RETRIES + 1) * HANG_TIMEOUT_MS + 60_000);
    // The hung calls were dropped, not left to the fake: no provider call and no HTTP request is still open.
    await tracker.settled(SETTLE_MS);
    await openRequests.settled(SETTLE_MS);
    await expectStillServing();
  });

  it("a connection reset mid-response: 502 provider_network (not retried once a response has begun)", async () => {
    faultOn(fake, isDecision, () => fakeReply.reset(), 1);
    expectClassified(await analyze(mode), mode, {
      status: 502,
      code: "provider_network",
      message: /^Network Error: Unable to connect to OpenAI servers\./,
    });
    await expectStillServing();
  });

  it("malformed JSON from the provider: a classified provider error naming OpenAI", async () => {
    faultOn(fake, isVision, () => fakeReply.malformed());
    const answer = await analyze(mode);
    expect(answer.result).toBeUndefined();
    expectPlainError(answer.error);
    expect(answer.error.code).toMatch(/^provider_/);
    expect(answer.error.provider).toBe("openai");
    expect(answer.error.error).toMatch(/OpenAI/);
    expect(mode === "json" ? answer.status : answer.error.status).toBe(502);
    await expectStillServing();
  });

  it("a tool call with invalid arguments: the model is told what was wrong, and the analysis recovers", async () => {
    const broken = invalidToolCallsHandler();
    fake.setHandler(broken.handler);
    expectRecovered(await analyze(mode));
    expect(broken.rounds()).toBe(1);
    const followUp = fake.requests.find(
      (request) => request.summary.toolNames.includes("compute_rsi") && request.summary.trailingToolResults === 3,
    );
    const toolResults = JSON.stringify(followUp?.body);
    expect(toolResults).toMatch(/invalid arguments for compute_rsi: period/);
    expect(toolResults).toMatch(/arguments of compute_macd are not valid JSON/);
    expect(toolResults).toMatch(/no tool named \\"compute_volume_profile\\"/);
    await expectStillServing();
  });

  it("a model that refuses the chart image: 502 model_refusal quoting the refusal", async () => {
    faultOn(fake, isVision, refusalReply);
    expectClassified(await analyze(mode), mode, {
      status: 502,
      code: "model_refusal",
      message:
        /^Model Refusal: the (pattern|trend) agent's model \(gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1\) declined to answer: "I can't help with analysing this image\."/,
    });
    await expectStillServing();
  });

  it("one step failing while another hangs: the hanging call is cancelled and the answer comes at once", async () => {
    const isIndicator = (request: FakeRequest) => request.summary.toolNames.includes("compute_rsi");
    fake.setHandler((request) =>
      isIndicator(request) ? fakeReply.hang() : isVision(request) ? refusalReply() : defaultFakeHandler(request),
    );
    // The hanging call gets a timeout of ten minutes: the answer can only come because the failure aborted it.
    server.pipeline.configure({ request_timeout_ms: 600_000 });
    try {
      const answer = await analyze(mode);
      expectClassified(answer, mode, { status: 502, code: "model_refusal", message: /^Model Refusal: / });
    } finally {
      server.pipeline.configure({ request_timeout_ms: REQUEST_TIMEOUT_MS });
    }
    await tracker.settled(SETTLE_MS);
    await expectStillServing();
  });

  it("a rate limit with retry-after: waits as told, then recovers", async () => {
    faultOn(fake, isDecision, () => fakeReply.rateLimited({ retryAfterMs: 600 }), 1);
    expectRecovered(await analyze(mode));
    const [first, second] = fake.requests.filter(isDecision);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(550);
    await expectStillServing();
  });

  it("a rate limit that persists: 503 provider_rate_limit", async () => {
    faultOn(fake, isDecision, () => fakeReply.rateLimited());
    expectClassified(await analyze(mode), mode, {
      status: 503,
      code: "provider_rate_limit",
      message: /^Rate Limit Exceeded: You've hit the OpenAI API rate limit\./,
    });
    await expectStillServing();
  });
});

describe("faults around the other calls and the clients", () => {
  it("validate-api-key against a hanging provider: {valid: false} with a network error within the timeout", async () => {
    fake.setHandler(() => fakeReply.hang());
    const started = performance.now();
    const response = await withHangTimeout(() =>
      fetch(`${server.url}/api/validate-api-key`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ provider: "openai" }),
      }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.valid).toBe(false);
    expect(body.error).toMatch(/^Network Error: Unable to connect to OpenAI servers\./);
    // Key validation makes one call without retries (one cheap call), so one timeout bounds it.
    expect(fake.requests).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS);
    await tracker.settled(SETTLE_MS);
    await expectStillServing();
  });

  it("clients that leave mid-request (a body cut short, a large body abandoned) leave nothing open", async () => {
    const abandon = (headers: Record<string, string>, written: string) =>
      new Promise<void>((resolve) => {
        const outgoing = httpRequest({
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: "/api/analyze",
          headers,
        });
        outgoing.on("error", () => resolve());
        outgoing.write(written, () => setTimeout(() => outgoing.destroy(), 50));
        outgoing.on("close", () => resolve());
      });
    await abandon({ "Content-Type": "application/json", "Content-Length": "100000" }, '{"csv": "Datetime,');
    await abandon({ "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, "x".repeat(1024 * 1024));
    await openRequests.settled(SETTLE_MS);
    await expectStillServing();
  });
});

describe("the custom-asset file under concurrent saves", () => {
  // 60 distinct valid symbols in the shapes the README names, then repeats of them (same, other case, padded), invalid
  // ones, and a built-in code that is its own ticker (accepted, never stored).
  const valid = Array.from(
    { length: 60 },
    (_, index) => [`C${index}-USD`, `^IDX${index}`, `F${index}=F`, `T${index}.X`, `S_${index}`][index % 5]!,
  );
  const repeats = [
    ...valid.slice(0, 10).map((symbol) => symbol.toLowerCase()),
    ...valid.slice(10, 15).map((symbol) => `  ${symbol} `),
    ...valid.slice(20, 25),
  ];
  const invalid: unknown[] = [
    "ETH/USD",
    "",
    "   ",
    "A".repeat(33),
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "SPX",
    "btc",
    "%00",
    "\u0000X",
    42,
    null,
    ["ETH-USD"],
    { symbol: "X" },
  ];

  it("keeps every valid symbol saved at once by several clients on two server processes, and across a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "concurrent-saves-"));
    const inProcess = await startTestServer({ dataDir });
    let child: ServerProcess | undefined;
    const clients = Array.from({ length: 6 }, () => new Agent({ keepAlive: true, maxSockets: 4 }));
    try {
      child = await startServerProcess({ dataDir });
      const bodies = createSeededRandom(7).shuffle([
        ...[...valid, ...repeats, "AAPL"].map((symbol) => ({ symbol, expected: 200 })),
        ...invalid.map((symbol) => ({ symbol, expected: 400 })),
        { symbol: "OK-1", extra: true, expected: 400 }, // an unknown field
      ]);
      // Every request at once: alternating between the two processes, spread over six clients' connection pools.
      const answers = await Promise.all(
        bodies.map(async ({ expected, ...body }, index) => {
          const port = index % 2 === 0 ? inProcess.port : child!.port;
          const result = await sendRawRequest(
            {
              method: "POST",
              path: "/api/save-custom-asset",
              headers: [["Content-Type", "application/json"]],
              body: JSON.stringify(body),
            },
            { port, agent: clients[index % clients.length], timeoutMs: 60_000 },
          );
          if (result.kind === "failure") throw new Error(`no answer for ${JSON.stringify(body)}: ${result.reason}`);
          return { body, expected, status: result.status, answer: JSON.parse(result.body.toString("utf8")) };
        }),
      );
      for (const { body, expected, status, answer } of answers) {
        expect(status, JSON.stringify({ body, answer })).toBe(expected);
        if (expected === 400) expectPlainError(answer);
        else expect(String(answer.symbol).toUpperCase()).toBe(String(body.symbol).trim().toUpperCase());
      }

      // Every valid symbol exactly once, in the API of both processes and in the file, and nothing else on disk.
      // The store keeps the first spelling that arrived ("c0-usd" may beat "C0-USD"), so symbols compare ignoring case.
      const listed = (await getJson(inProcess, "/api/custom-assets")).body.custom_assets as string[];
      expect(listed.map((symbol) => symbol.toUpperCase()).sort()).toEqual(
        valid.map((symbol) => symbol.toUpperCase()).sort(),
      );
      const sent = new Set([...valid, ...repeats.map((symbol) => symbol.trim())]);
      for (const symbol of listed) expect(sent.has(symbol), symbol).toBe(true);
      expect((await getJson({ url: child.url }, "/api/custom-assets")).body.custom_assets).toEqual(listed);
      expect(JSON.parse(readFileSync(path.join(dataDir, "custom_assets.json"), "utf8")).custom_assets).toEqual(listed);
      // No temporary or lock file is left behind; the journal the server process opened at start is its own business.
      // The assets file (no temp file left behind), and the secret that signs /output links.
      expect(
        readdirSync(dataDir)
          .filter((name) => !name.startsWith("quantagent.db"))
          .sort(),
      ).toEqual(["custom_assets.json", "output-link.secret"]);

      await child.stop();
      child = undefined;
      await inProcess.close();
      const restarted = await startTestServer({ dataDir });
      try {
        expect((await getJson(restarted, "/api/custom-assets")).body.custom_assets).toEqual(listed);
      } finally {
        await restarted.close();
      }
    } finally {
      for (const client of clients) client.destroy();
      await child?.stop();
      await inProcess.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("applies concurrent removals and saves from two server processes: exactly the symbols not removed remain", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "concurrent-removals-"));
    const inProcess = await startTestServer({ dataDir });
    let child: ServerProcess | undefined;
    try {
      child = await startServerProcess({ dataDir });
      const first = valid.slice(0, 40);
      for (const symbol of first)
        expect((await postJson(inProcess, "/api/save-custom-asset", { symbol })).status).toBe(200);
      const removed = first.filter((_, index) => index % 2 === 0);
      const added = valid.slice(40, 60);
      // Removals of half the list (some of them twice, from both processes) and saves of new symbols, all at once.
      const operations = createSeededRandom(11).shuffle([
        ...removed.map((symbol) => ({ method: "DELETE", symbol })),
        ...removed.slice(0, 8).map((symbol) => ({ method: "DELETE", symbol: symbol.toLowerCase() })),
        ...added.map((symbol) => ({ method: "POST", symbol })),
      ]);
      const answers = await Promise.all(
        operations.map(async (operation, index) => {
          const port = index % 2 === 0 ? inProcess.port : child!.port;
          const request =
            operation.method === "DELETE"
              ? {
                  method: "DELETE",
                  path: `/api/custom-assets/${encodeURIComponent(operation.symbol)}`,
                  headers: [] as [string, string][],
                }
              : {
                  method: "POST",
                  path: "/api/save-custom-asset",
                  headers: [["Content-Type", "application/json"]] as [string, string][],
                  body: JSON.stringify({ symbol: operation.symbol }),
                };
          const result = await sendRawRequest(request, { port, timeoutMs: 60_000 });
          if (result.kind === "failure")
            throw new Error(`no answer for ${JSON.stringify(operation)}: ${result.reason}`);
          return { operation, status: result.status };
        }),
      );
      for (const { operation, status } of answers) expect(status, JSON.stringify(operation)).toBe(200);
      const expected = [...first.filter((symbol) => !removed.includes(symbol)), ...added]
        .map((symbol) => symbol.toUpperCase())
        .sort();
      const listed = (await getJson(inProcess, "/api/custom-assets")).body.custom_assets as string[];
      expect(listed.map((symbol) => symbol.toUpperCase()).sort()).toEqual(expected);
      expect((await getJson({ url: child.url }, "/api/custom-assets")).body.custom_assets).toEqual(listed);
      expect(JSON.parse(readFileSync(path.join(dataDir, "custom_assets.json"), "utf8")).custom_assets).toEqual(listed);
    } finally {
      await child?.stop();
      await inProcess.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
