// The OpenAPI document (GET /api/openapi.json) against the app it describes:
// - every route the app serves is in it, and it names no route the app does not serve;
// - it is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator);
// - real answers of every route, successes and errors, match the JSON Schemas it gives for their status (ajv,
//   JSON Schema 2020-12), /api/analyze included: driven through the real SDK against the fake provider, as JSON and
//   as an event stream whose progress, result and error events match their schemas too;
// - it sits behind the access token like every /api route.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp, describeRoutes } from "../../server/app";
import { silentLogger } from "../../server/logger";
import { API_OPERATIONS } from "../../server/openapi/api-operations";
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument } from "../../server/openapi/openapi-document";
import { equityFigure } from "../../src/backtest/backtest-figures";
import { type ChartRenderer, createChartRenderer, createPipeline, runBacktest } from "../../src/index";
import { createDatabaseHandle } from "../../src/journal/database-handle";
import { insertQueuedRun } from "../../src/queue/queued-runs";
import { queuedRunsReader } from "../../src/queue/run-progress";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { parseEventStreamText } from "../support/event-stream-text";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { benchmarkCsv } from "./analysis-fixtures";
import { legacyAnalyzeBody } from "./legacy-client-fixtures";
import {
  deleteJson,
  getJson,
  type JsonAnswer,
  postJson,
  startTestServer,
  TEST_KEY,
  type TestServer,
} from "./test-server";

const GUARD_TOKEN = testAccessToken("openapi");

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, "openapi.json");

/** A JSON pointer's escaping of one path segment. */
const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** The JSON Schema the document gives for an operation's answer with this status and media type, as a pointer. */
function answerSchemaPointer(path: string, method: string, status: number, mediaType = "application/json"): string {
  const operation = document.paths[path]?.[method] as { responses?: Record<string, JsonSchema> } | undefined;
  const answer = operation?.responses?.[String(status)];
  if (!answer) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} answer`);
  const reference =
    typeof answer.$ref === "string"
      ? answer.$ref.slice(1)
      : `/paths/${pointerSegment(path)}/${method}/responses/${status}`;
  return `${reference}/content/${pointerSegment(mediaType)}/schema`;
}

/** Throws with ajv's words when the value does not match the schema at the pointer. */
function expectMatches(pointer: string, value: unknown, what: string): void {
  const validate = ajv.getSchema(`openapi.json#${pointer}`);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  if (!validate(value))
    throw new Error(
      `${what} does not match ${pointer}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 600)}`,
    );
}

function expectAnswerMatches(path: string, method: string, answer: JsonAnswer): void {
  expectMatches(
    answerSchemaPointer(path, method, answer.status),
    answer.body,
    `${method.toUpperCase()} ${path} ${answer.status}`,
  );
}

describe("the OpenAPI document", () => {
  it("lists exactly the routes the app serves (HEAD is GET's)", () => {
    const app = createApp({ pipeline: createPipeline({}, { env: {} }), logger: silentLogger });
    const served = describeRoutes(app)
      .filter((route) => route.method !== "HEAD")
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(served.length).toBeGreaterThan(10);
    expect(documented).toEqual(served);
  });

  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    const validator = new Validator();
    // A copy: resolveRefs() replaces the references of the document it validated in place.
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("the validator itself refuses a broken document (a parameter in no valid place)", async () => {
    const broken = structuredClone<OpenApiDocument>(document);
    const parameters = (broken.paths["/api/get-api-key-status"] as { get: { parameters: JsonSchema[] } }).get
      .parameters;
    parameters[0] = { ...parameters[0], in: "body" };
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it("every operation has a summary, a unique id and a documented success", () => {
    const ids = API_OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of API_OPERATIONS) {
      expect(operation.summary, operation.operationId).not.toBe("");
      expect(operation.responses[200], operation.operationId).toBeDefined();
    }
  });
});

describe("real answers of every route match the document", () => {
  let fake: FakeProviderServer;
  let renderer: ChartRenderer;
  let server: TestServer;
  let guarded: TestServer;
  const sampled = new Set<string>();

  /** Records that the operation answered; checks the answer against the document. */
  const check = (method: "get" | "post" | "delete", path: string, answer: JsonAnswer, status: number) => {
    expect(answer.status, `${method.toUpperCase()} ${path}: ${answer.text.slice(0, 300)}`).toBe(status);
    expectAnswerMatches(path, method, answer);
    if (status === 200) sampled.add(`${method} ${path}`);
  };

  beforeAll(async () => {
    fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
    renderer = createChartRenderer();
    server = await startTestServer({
      config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
      renderer,
      // Yahoo cannot be reached: a fake market answers the original web client's live-data analysis.
      fetch: fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" }).fetch,
    });
    guarded = await startTestServer({ app: { accessToken: GUARD_TOKEN } });
  });
  afterAll(async () => {
    await server?.close();
    await guarded?.close();
    await renderer?.close();
    await fake?.close();
  });

  it("keys and providers", async () => {
    check(
      "post",
      "/api/update-api-key",
      await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" }),
      200,
    );
    check("post", "/api/update-api-key", await postJson(server, "/api/update-api-key", { api_key: 42 }), 400);
    check(
      "post",
      "/api/validate-api-key",
      await postJson(server, "/api/validate-api-key", { provider: "openai" }),
      200,
    );
    const refused = await postJson(server, "/api/validate-api-key", { provider: "anthropic" });
    check("post", "/api/validate-api-key", refused, 200);
    expect(refused.body.valid).toBe(false);
    check("get", "/api/get-api-key-status", await getJson(server, "/api/get-api-key-status?provider=openai"), 200);
    check("get", "/api/get-api-key-status", await getJson(server, "/api/get-api-key-status?provider=mistral"), 400);
    check(
      "post",
      "/api/update-provider",
      await postJson(server, "/api/update-provider", { provider: "anthropic" }),
      200,
    );
    check("post", "/api/update-provider", await postJson(server, "/api/update-provider", { provider: "openai" }), 200);
    check("get", "/api/get-provider", await getJson(server, "/api/get-provider"), 200);
    // Set to the names in use (so the other tests' models stay as they are), then refused.
    const names = (await getJson(server, "/api/get-provider")).body.config as Record<string, string>;
    check(
      "post",
      "/api/update-models",
      await postJson(server, "/api/update-models", {
        agent_model: names.agent_llm_model,
        graph_model: names.graph_llm_model,
      }),
      200,
    );
    check("post", "/api/update-models", await postJson(server, "/api/update-models", { graph_model: "a b" }), 400);
    check("post", "/api/check-setup", await postJson(server, "/api/check-setup", { market_data: "local" }), 200);
    check("post", "/api/check-setup", await postJson(server, "/api/check-setup", { market_data: "s3" }), 400);
    // Set to where it already points (so the other tests' provider stays where it is), then refused.
    const current = (await getJson(server, "/api/get-api-key-status?provider=qwen")).body.base_url as string;
    check(
      "post",
      "/api/update-base-url",
      await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: current }),
      200,
    );
    check(
      "post",
      "/api/update-base-url",
      await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: "file:///etc/passwd" }),
      400,
    );
  });

  it("assets, timeframes, the page's config and the document itself", async () => {
    check(
      "post",
      "/api/save-custom-asset",
      await postJson(server, "/api/save-custom-asset", { symbol: "ETH-USD" }),
      200,
    );
    check("post", "/api/save-custom-asset", await postJson(server, "/api/save-custom-asset", { symbol: "!!" }), 400);
    check("get", "/api/custom-assets", await getJson(server, "/api/custom-assets"), 200);
    check("get", "/api/assets", await getJson(server, "/api/assets"), 200);
    check("delete", "/api/custom-assets/{symbol}", await deleteJson(server, "/api/custom-assets/ETH-USD"), 200);
    check("delete", "/api/custom-assets/{symbol}", await deleteJson(server, "/api/custom-assets/%21%21"), 400);
    check("get", "/api/timeframe-limits", await getJson(server, "/api/timeframe-limits"), 200);
    check("get", "/api/timeframe-limits/{timeframe}", await getJson(server, "/api/timeframe-limits/4h"), 200);
    check("get", "/api/timeframe-limits/{timeframe}", await getJson(server, "/api/timeframe-limits/3h"), 400);
    const legacyRange = {
      timeframe: "1h",
      start_date: "2024-01-01",
      start_time: "00:00",
      end_date: "2024-01-03",
      end_time: "12:00",
    };
    check("post", "/api/validate-date-range", await postJson(server, "/api/validate-date-range", legacyRange), 200);
    const tooLong = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start: "2024-01-01",
      end: "2024-03-01",
    });
    check("post", "/api/validate-date-range", tooLong, 200);
    expect(tooLong.body.valid).toBe(false);
    check(
      "post",
      "/api/validate-date-range",
      await postJson(server, "/api/validate-date-range", { timeframe: "1h", start: "2024-01-01", end: "2024-01-03" }),
      200,
    );
    check(
      "post",
      "/api/validate-date-range",
      await postJson(server, "/api/validate-date-range", { timeframe: "3h", start: "x", end: "y" }),
      400,
    );
    check("get", "/api/page-config", await getJson(server, "/api/page-config"), 200);
    check("get", "/api/sample-data", await getJson(server, "/api/sample-data"), 200);
    const served = await getJson(server, "/api/openapi.json");
    check("get", "/api/openapi.json", served, 200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("the errors every route can answer: a body that is not JSON, the wrong media type, a missing token", async () => {
    check("post", "/api/update-provider", await postJson(server, "/api/update-provider", "{not json"), 400);
    check(
      "post",
      "/api/update-provider",
      await postJson(server, "/api/update-provider", "x", { "Content-Type": "text/plain" }),
      415,
    );
    check("get", "/api/assets", await getJson(guarded, "/api/assets"), 401);
    // The document is an /api route like the others: behind the token.
    expect((await getJson(guarded, "/api/openapi.json")).status).toBe(401);
    const withToken = await getJson(guarded, "/api/openapi.json", {
      Authorization: `Bearer ${GUARD_TOKEN}`,
    });
    expect(withToken.status).toBe(200);
  });

  it("POST /api/analyze: the result as JSON, the event stream's events, and refused input", async () => {
    const csv = benchmarkCsv();
    check("post", "/api/analyze", await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "BTC" }), 200);
    check("post", "/api/analyze", await postJson(server, "/api/analyze", { csv, timeframe: "1d" }), 400);
    const sample = { sample: { asset: "BTC", window: 3 }, timeframe: "4h" };
    check("post", "/api/analyze", await postJson(server, "/api/analyze", sample), 200);
    check(
      "post",
      "/api/analyze",
      await postJson(server, "/api/analyze", { ...sample, sample: { asset: "ETH", window: 3 } }),
      400,
    );
    check(
      "post",
      "/api/analyze",
      await postJson(server, "/api/analyze", { asset: "BTC", timeframe: "4h", start: "2024-01-01" }),
      400,
    );
    // The original web client's form: its own answer, {success, redirect, full_results}.
    const legacy = await postJson(
      server,
      "/api/analyze",
      legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }),
    );
    check("post", "/api/analyze", legacy, 200);
    expectMatches("/components/schemas/LegacyAnalyzeAnswer", legacy.body, "the original client's answer");

    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h" }),
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(document.paths["/api/analyze"]?.post?.responses).toHaveProperty("200.content.text/event-stream");
    const events = parseEventStreamText(await response.text());
    const progress = events.filter((event) => event.event === "progress");
    expect(progress.length).toBeGreaterThan(5);
    for (const event of progress)
      expectMatches("/components/schemas/ProgressEvent", event.data, `progress event ${JSON.stringify(event.data)}`);
    expect(events.at(-1)?.event).toBe("result");
    expectMatches("/components/schemas/AnalysisResult", events.at(-1)?.data, "the result event");

    // A failure after the stream has started arrives as an `error` event.
    fake.setHandler(() => fakeReply.unauthorized());
    try {
      const failing = await fetch(`${server.url}/api/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ csv, timeframe: "4h" }),
      });
      const last = parseEventStreamText(await failing.text()).at(-1);
      expect(last?.event).toBe("error");
      expectMatches("/components/schemas/AnalysisErrorEvent", last?.data, "the error event");
    } finally {
      fake.reset();
    }
  }, 300_000);

  it("the journal: the analyses recorded above listed, one stored with its outcome, statistics, scoring, removal", async () => {
    const page = await getJson(server, "/api/analyses?limit=20");
    check("get", "/api/analyses", page, 200);
    check("get", "/api/analyses", await getJson(server, "/api/analyses?limit=zero"), 400);
    // Every analysis recorded above, the finished ones and the one that failed at the provider.
    const ids: string[] = page.body.analyses.map((summary: { id: string }) => summary.id);
    const decisions = new Set(page.body.analyses.map((summary: { decision: string | null }) => summary.decision));
    expect(decisions).toEqual(new Set(["LONG", null]));
    for (const id of ids) check("get", "/api/analyses/{id}", await getJson(server, `/api/analyses/${id}`), 200);
    const id = ids[0] ?? "";
    check("get", "/api/analyses/{id}", await getJson(server, "/api/analyses/no-such-analysis"), 404);
    check("get", "/api/analyses/stats", await getJson(server, "/api/analyses/stats?group_by=asset&horizon=3"), 200);
    check("get", "/api/analyses/stats", await getJson(server, "/api/analyses/stats?group_by=model&split=cutoff"), 200);
    check("get", "/api/analyses/stats", await getJson(server, "/api/analyses/stats?group_by=colour"), 400);
    check(
      "get",
      "/api/analyses/accuracy-over-time",
      await getJson(server, "/api/analyses/accuracy-over-time?bucket=week"),
      200,
    );
    check("post", "/api/analyses/score-outcomes", await postJson(server, "/api/analyses/score-outcomes", {}), 200);
    check("delete", "/api/analyses/{id}", await deleteJson(server, `/api/analyses/${id}`), 200);
    check("delete", "/api/analyses/{id}", await deleteJson(server, `/api/analyses/${id}`), 404);
  });

  it("queued runs: the list, one run, an unknown run", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "openapi-runs-"));
    // The SQLite journal has the queued runs' tables too (one schema for both engines): a run written there is listed.
    const database = createDatabaseHandle({ dataDir: scratch });
    const runs = await startTestServer({ dataDir: scratch, app: { queuedRuns: queuedRunsReader(database) } });
    try {
      await insertQueuedRun((await database.open()).db, {
        id: "run-1",
        kind: "evaluation",
        createdAt: new Date().toISOString(),
        label: "evaluation: gpt-4o on BTC",
        spec: {},
        points: [{ id: "BTC/1/0", input: {} }],
      });
      const page = await getJson(runs, "/api/runs?limit=5");
      check("get", "/api/runs", page, 200);
      expect(page.body.runs.map((run: { id: string; state: string }) => [run.id, run.state])).toEqual([
        ["run-1", "queued"],
      ]);
      check("get", "/api/runs", await getJson(runs, "/api/runs?limit=none"), 400);
      check("get", "/api/runs/{id}", await getJson(runs, "/api/runs/run-1"), 200);
      check("get", "/api/runs/{id}", await getJson(runs, "/api/runs/run-2"), 404);
    } finally {
      await runs.close();
      await database.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("the runs: a backtest recorded by the server's pipeline, listed and read with its report", async () => {
    const backtest = await runBacktest({
      pipeline: server.pipeline,
      series: { candles: candlesFromCloses(wavyCloses(80, 1)), timeframe: "4h", name: "Wavy" },
      includeModel: false,
    });
    const page = await getJson(server, "/api/runs?kind=backtest");
    check("get", "/api/runs", page, 200);
    expect(page.body.runs.map((run: { id: string }) => run.id)).toEqual([backtest.journalRunId]);
    check("get", "/api/runs", await getJson(server, "/api/runs?kind=colour"), 400);
    const run = await getJson(server, `/api/runs/${backtest.journalRunId}`);
    check("get", "/api/runs/{id}", run, 200);
    expect(run.body.report.lines.map((line: { name: string }) => line.name)).toEqual(
      backtest.lines.map((line) => line.name),
    );
    check("get", "/api/runs/{id}", await getJson(server, "/api/runs/no-such-run"), 404);
    check("get", "/api/runs/{id}", await getJson(server, "/api/runs/not%20an%20id"), 400);
    const figure = await getJson(server, `/api/runs/${backtest.journalRunId}/figures/equity`);
    check("get", "/api/runs/{id}/figures/{figure}", figure, 200);
    // The report's own figure, drawn from what the journal keeps: its colours, names and order.
    expect(figure.body).toEqual(JSON.parse(JSON.stringify(equityFigure(backtest))));
    const figures = (path: string) => getJson(server, `/api/runs/${path}`);
    check("get", "/api/runs/{id}/figures/{figure}", await figures(`${backtest.journalRunId}/figures/colour`), 400);
    check("get", "/api/runs/{id}/figures/{figure}", await figures("no-such-run/figures/equity"), 404);
  });

  it("the watchlist: listed, added, paused, resumed, its live record, removed; bad bodies and unknown ids", async () => {
    const added = await postJson(server, "/api/watchlist", { symbol: "BTC-USD", timeframe: "1d" });
    check("post", "/api/watchlist", added, 200);
    check("post", "/api/watchlist", await postJson(server, "/api/watchlist", { timeframe: "1d" }), 400);
    check("get", "/api/watchlist", await getJson(server, "/api/watchlist"), 200);
    const id = added.body.entry.id as string;
    check("post", "/api/watchlist/{id}/pause", await postJson(server, `/api/watchlist/${id}/pause`, {}), 200);
    check("post", "/api/watchlist/{id}/pause", await postJson(server, "/api/watchlist/none/pause", {}), 404);
    check("post", "/api/watchlist/{id}/resume", await postJson(server, `/api/watchlist/${id}/resume`, {}), 200);
    check("post", "/api/watchlist/{id}/resume", await postJson(server, "/api/watchlist/none/resume", {}), 404);
    check("get", "/api/watchlist/{id}/record", await getJson(server, `/api/watchlist/${id}/record`), 200);
    // Decisions on the fake market's daily bars of the last weeks: a record with a backtest.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const journal = await server.pipeline.journal.open();
    for (const daysAgo of [12, 11, 10, 9, 8])
      await journal.watchlist.recordDecision({
        entryId: id,
        barTime: today - daysAgo * 86_400_000,
        analysisId: null,
        directive: daysAgo % 2 === 0 ? "LONG" : "SHORT",
      });
    const record = await getJson(server, `/api/watchlist/${id}/record`);
    check("get", "/api/watchlist/{id}/record", record, 200);
    expect(record.body.backtest.lines.length).toBeGreaterThan(1);
    check("get", "/api/watchlist/{id}/record", await getJson(server, "/api/watchlist/none/record"), 404);
    check("get", "/api/watchlist/{id}/record", await getJson(server, "/api/watchlist/not%20an%20id/record"), 400);
    check("delete", "/api/watchlist/{id}", await deleteJson(server, `/api/watchlist/${id}`), 200);
    check("delete", "/api/watchlist/{id}", await deleteJson(server, `/api/watchlist/${id}`), 404);
    check("delete", "/api/watchlist/{id}", await deleteJson(server, "/api/watchlist/not%20an%20id"), 400);
  });

  it("GET /output answers the page as documented, without the token", async () => {
    const page = await fetch(`${guarded.url}/output?results=${encodeURIComponent("{}")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const media = (document.paths["/output"]?.get as { responses: Record<string, JsonSchema> }).responses["200"];
    expect(Object.keys((media as { content: object }).content)).toEqual(["text/html"]);
    expect(await page.text()).toContain('<body data-link="unsigned">');
    sampled.add("get /output");
  });

  it("every documented operation answered at least once with 200 above", () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !sampled.has(operation))).toEqual([]);
  });
});
