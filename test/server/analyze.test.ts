// HTTP tests of POST /api/analyze against the fake provider and a shared Chromium chart renderer: the JSON answer,
// the server-sent-events stream, every class of bad input, errors from providers and market data, and that a client
// disconnecting stops the analysis (the fake provider sees no further requests).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { ANALYZE_BODY_LIMIT_BYTES } from "../../server/analyze-input";
import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { MAX_CSV_CHARACTERS } from "../../src/pipeline/analyze-request";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { parseEventStreamText } from "../support/event-stream-text";
import { waitFor } from "../support/wait";
import { benchmarkCsv, noBarsFetch } from "./analysis-fixtures";
import { expectPlainError, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
const csv = benchmarkCsv();

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    renderer,
    fetch: noBarsFetch,
    app: { now: () => new Date() },
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  for (const line of server.logs) expect(line).not.toContain("SECRET");
  await server.close();
  await renderer.close();
  await fake.close();
});

async function postStream(body: unknown) {
  const response = await fetch(`${server.url}/api/analyze`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text,
    events: response.ok ? parseEventStreamText(text) : [],
  };
}

describe("POST /api/analyze with a CSV", () => {
  it("answers the AnalysisResult as JSON", async () => {
    const result = await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "BTC benchmark" });
    expect(result.status).toBe(200);
    const analysis = result.body;
    expect(analysis).toMatchObject({
      asset: "BTC benchmark",
      asset_name: "BTC benchmark",
      timeframe: "4h",
      data_length: 45,
    });
    expect(["LONG", "SHORT"]).toContain(analysis.final_decision.decision);
    expect(analysis.final_decision.risk_reward_ratio).toBeGreaterThanOrEqual(1.2);
    for (const field of ["technical_indicators", "pattern_analysis", "trend_analysis"])
      expect(analysis[field].length).toBeGreaterThan(0);
    for (const field of ["pattern_chart", "trend_chart"])
      expect(Buffer.from(analysis[field], "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(analysis.candles).toHaveLength(45);
    expect(result.text).not.toContain("SECRET");
  });

  it("streams progress events, then the result, when asked for text/event-stream", async () => {
    const stream = await postStream({ csv, timeframe: "4h" });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const progress = stream.events.filter((event) => event.event === "progress").map((event) => event.data);
    expect(progress[0]).toMatchObject({ type: "step-start", step: "data" });
    for (const step of ["data", "charts", "indicator", "pattern", "trend", "decision"]) {
      expect(progress.some((event) => event.type === "step-end" && event.step === step)).toBe(true);
    }
    expect(progress.filter((event) => event.type === "chart-rendered")).toHaveLength(2);
    expect(progress.at(-1)).toMatchObject({ type: "analysis-end" });
    const last = stream.events.at(-1)!;
    expect(last.event).toBe("result");
    expect(last.data.asset_name).toBe("Uploaded CSV");
  });

  it("streams an error event in plain words when the provider rejects the key mid-analysis", async () => {
    fake.setHandler(() => fakeReply.unauthorized());
    const stream = await postStream({ csv, timeframe: "4h" });
    expect(stream.status).toBe(200);
    const last = stream.events.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data).toMatchObject({ success: false, code: "provider_auth", provider: "openai", status: 502 });
    expect(last.data.error).toMatch(/^Invalid API Key: The OpenAI API key you provided is invalid or has expired\./);
    expect(stream.events.some((event) => event.event === "progress" && event.data.type === "step-error")).toBe(true);
  });

  it("answers 502 with the provider's kind for the same failure without streaming", async () => {
    fake.setHandler(() => fakeReply.quotaExceeded());
    const result = await postJson(server, "/api/analyze", { csv, timeframe: "4h" });
    expect(result.status).toBe(502);
    expectPlainError(result.body);
    expect(result.body.code).toBe("provider_quota");
    expect(result.body.error).toMatch(/^Billing Issue: Your OpenAI account has insufficient credits/);
  });

  it("answers 400 for a CSV that cannot be read, or one with too few bars", async () => {
    const broken = await postJson(server, "/api/analyze", { csv: "when,price\nyesterday,12", timeframe: "4h" });
    expect(broken.status).toBe(400);
    expectPlainError(broken.body);
    expect(broken.body.code).toBe("invalid_csv");
    const short = csv.split("\n").slice(0, 21).join("\n");
    const tooFew = await postJson(server, "/api/analyze", { csv: short, timeframe: "4h" });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body).toMatchObject({
      code: "not_enough_data",
      source: "csv",
      bars: 20,
      minimum: 35,
      error:
        "Not enough data: 20 bars, at least 35 needed. The CSV file holds only those (up to its end, when one is given): use a file with at least 35 bars of this timeframe.",
    });
    // A CSV has no date range to widen: the advice is about the file.
    expect(tooFew.body.error).not.toMatch(/date range/);
  });

  it("holds CSV text to 5 MB (400) and bodies to the analyze limit (413)", async () => {
    const tooLong = await postJson(server, "/api/analyze", { csv: "x".repeat(5.5 * 1024 * 1024), timeframe: "4h" });
    expect(tooLong.status).toBe(400);
    expectPlainError(tooLong.body);
    expect(tooLong.body.error).toMatch(/the CSV text is longer than 5242880 characters/);
    const huge = await postJson(server, "/api/analyze", { csv: "x".repeat(ANALYZE_BODY_LIMIT_BYTES), timeframe: "4h" });
    expect(huge.status).toBe(413);
    expectPlainError(huge.body);
  });

  it("accepts a CSV just under 5 MB even though JSON escaping makes its body larger than 5 MB", async () => {
    const row = "2024-01-01T00:00:00Z,1,1,1,1,1\n"; // 31 characters, 32 bytes once the line break is escaped
    const nearLimit = "x".repeat(MAX_CSV_CHARACTERS - 31 * 160_000 - 2) + "\n" + row.repeat(160_000);
    expect(nearLimit.length).toBeLessThan(MAX_CSV_CHARACTERS);
    expect(Buffer.byteLength(JSON.stringify({ csv: nearLimit }))).toBeGreaterThan(5 * 1024 * 1024);
    const result = await postJson(server, "/api/analyze", { csv: nearLimit, timeframe: "4h" });
    expect(result.status).toBe(400); // past the size rules, to the CSV's own problem: its header is not a header
    expect(result.body.code).toBe("invalid_csv");
  });
});

describe("POST /api/analyze: keys", () => {
  it("answers 400 with the ways to set a key, before any work, even when streaming is asked for", async () => {
    const keyless = await startTestServer({ config: { openai_base_url: fake.openaiBaseUrl }, renderer });
    try {
      const response = await fetch(`${keyless.url}/api/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ csv, timeframe: "4h" }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = await response.json();
      expectPlainError(body);
      expect(body).toMatchObject({ code: "missing_api_key", provider: "openai" });
      // Nobody set a key: it is not found (the placeholder message is for a config that holds "sk-").
      expect(body.error).toMatch(/^OpenAI API key not found\. Please set it using one of these methods/);
      expect(body.error).toMatch(/Settings panel/);
      expect(fake.requestCount()).toBe(0);
    } finally {
      await keyless.close();
    }
  });
});

describe("POST /api/analyze with an asset or symbol", () => {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = 86_400_000;

  it("answers 422 with 'No data available for' when the market has no bars", async () => {
    const result = await postJson(server, "/api/analyze", {
      symbol: "ETH-USD",
      timeframe: "1h",
      start: iso(now - 10 * day),
      end: iso(now - day),
    });
    expect(result.status).toBe(422);
    expectPlainError(result.body);
    expect(result.body.code).toBe("no_data");
    expect(result.body.error).toMatch(/^No data available for ETH-USD \(1h, /);
  });

  it("checks the range before any work: too long is 400 with the limit, streamed or not", async () => {
    const body = { asset: "BTC", timeframe: "1m", start: iso(now - 30 * day), end: iso(now - day) };
    const result = await postJson(server, "/api/analyze", body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: "date_range", max_days: 7, current_days: 29 });
    expect(result.body.error).toMatch(/^Date range too long for 1m: 29 days requested, at most 7 days allowed\./);
    const streamed = await postStream(body);
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.text)).toMatchObject({ code: "date_range", max_days: 7 });
  });

  it("accepts the legacy form with the same validation", async () => {
    const date = (ms: number) => iso(ms).slice(0, 10);
    const legacy = {
      asset: "BTC",
      timeframe: "1h",
      start_date: date(now - 20 * day),
      start_time: "00:00",
      use_current_time: true,
    };
    const noBars = await postJson(server, "/api/analyze", legacy);
    expect(noBars.status).toBe(422);
    expect(noBars.body.error).toMatch(/^No data available for BTC-USD \(1h, /);
    const tooLong = await postJson(server, "/api/analyze", {
      ...legacy,
      timeframe: "5m",
      start_date: date(now - 90 * day),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe("date_range");
    const missingEnd = await postJson(server, "/api/analyze", { ...legacy, use_current_time: false });
    expect(missingEnd.status).toBe(400);
    expect(missingEnd.body.error).toMatch(/end_date is missing/);
    const badTime = await postJson(server, "/api/analyze", { ...legacy, start_time: "25:99" });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error).toMatch(/not a real date and time|HH:MM/);
  });

  it.each([
    ["a body that is not an object", [1, 2], /JSON object/],
    [
      "no source at all",
      { timeframe: "1h", start: "2024-01-01", end: "2024-01-02" },
      /give one of asset, symbol, candles, csv/,
    ],
    [
      "both asset and symbol",
      { asset: "BTC", symbol: "ETH-USD", timeframe: "1h", start: "2024-01-01", end: "2024-01-02" },
      /give only one of asset, symbol, candles, csv, sample \(got asset and symbol\)/,
    ],
    ["csv and asset together", { csv: "x", asset: "BTC", timeframe: "4h" }, /got asset and csv/],
    [
      "an unknown timeframe",
      { asset: "BTC", timeframe: "2h", start: "2024-01-01", end: "2024-01-02" },
      /timeframe: must be one of the timeframes/,
    ],
    ["a missing start", { asset: "BTC", timeframe: "1h", end: "2024-01-02" }, /start/],
    ["a bad date", { asset: "BTC", timeframe: "1h", start: "soon", end: "2024-01-02" }, /Invalid start date/],
    [
      "an end in the future",
      { asset: "BTC", timeframe: "1h", start: "2024-01-01", end: "2999-01-01" },
      /in the future/,
    ],
    [
      "a symbol with forbidden characters",
      { symbol: "../etc", timeframe: "1h", start: "2024-01-01", end: "2024-01-02" },
      /symbol may contain only/,
    ],
    [
      "a source smuggled in through __proto__",
      '{"__proto__": {"csv": "Datetime,Close"}, "timeframe": "4h"}',
      /give one of asset, symbol, candles, csv/,
    ],
  ])("answers 400 for %s", async (_case, body, message) => {
    const result = await postJson(server, "/api/analyze", body);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(message);
  });
});

describe("POST /api/analyze: a client that disconnects", () => {
  it("aborts the analysis: the provider sees no further requests", async () => {
    // Every reply takes 300 ms, so a finished analysis would need several more rounds after the first ones.
    fake.setHandler(async (request) => fakeReply.delay(300, await defaultFakeHandler(request)));
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h" }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    while (fake.requestCount() === 0) await reader.read();
    controller.abort();
    // The server logs the cancellation once the analysis has stopped: from then on, nothing more may be sent.
    await waitFor(
      () => server.logs.some((line) => /cancelled: the client disconnected/.test(line)),
      60_000,
      "the analysis cancelled",
    );
    const countAfterAbort = fake.requestCount();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(fake.requestCount()).toBe(countAfterAbort);
    expect(countAfterAbort).toBeLessThan(6);
    expect(server.logs.some((line) => /cancelled: the client disconnected/.test(line))).toBe(true);
  });
});
