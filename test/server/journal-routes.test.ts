// The journal over HTTP: analyses made through the API are listed and read back (with who asked), filtered and paged;
// accuracy per group; outcomes scored on demand with market data from an injected Yahoo fetch; removal; every bad
// query refused with a reason; an unreachable database answered 503 without its address; a restart keeps everything.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import {
  fakeDecision,
  type FakeProviderServer,
  fakeReply,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
import { laterBars, sampleEntry } from "../journal/journal-fixtures";
import { dailyBarsFetch } from "../market/yahoo-fixtures";
import { benchmarkCsv } from "./analysis-fixtures";
import {
  deleteJson,
  expectPlainError,
  getJson,
  postJson,
  startTestServer,
  TEST_KEY,
  type TestServer,
} from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
const csv = benchmarkCsv();
const DAY = 24 * 3_600_000;

// Yahoo answers daily BTC-USD bars up to `dataEnd` (prices rising by 1 a bar), whatever range is asked.
const firstBar = Date.UTC(2025, 0, 1);
let dataEnd = firstBar + 59 * DAY;
const yahoo = dailyBarsFetch({ symbol: "BTC-USD", firstBar, dataEnd: () => dataEnd });

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    renderer,
    fetch: yahoo.fetch,
    app: { now: () => new Date(dataEnd + 3_600_000) },
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  for (const line of server.logs) expect(line).not.toContain("SECRET");
  await server.close();
  await renderer.close();
  await fake.close();
});

describe("analyses made through the API", () => {
  it("are listed newest first with who asked, and read back as answered, with id, created_at and outcome", async () => {
    const fromPage = await postJson(
      server,
      "/api/analyze",
      { csv, timeframe: "4h", name: "From the page" },
      { "X-QuantAgent-Client": "page" },
    );
    const fromScript = await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "From a script" });
    expect([fromPage.status, fromScript.status]).toEqual([200, 200]);
    expect(fromPage.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await getJson(server, "/api/analyses?limit=2");
    expect(list.status).toBe(200);
    expect(list.body.analyses.map((summary: { id: string }) => summary.id)).toEqual([
      fromScript.body.id,
      fromPage.body.id,
    ]);
    expect(list.body.analyses.map((summary: { source: string }) => summary.source)).toEqual(["api", "page"]);
    expect(list.body.analyses[1]).toMatchObject({
      asset: "From the page",
      timeframe: "4h",
      bar_count: 45,
      decision: fromPage.body.final_decision.decision,
      risk_reward_ratio: fromPage.body.final_decision.risk_reward_ratio,
      models: { graph: { provider: "openai", model: fromPage.body.models.graph.model } },
      prompt_version: fromPage.body.prompt_version,
      error: null,
      outcome: null,
    });
    expect(list.body.analyses[1].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const stored = await getJson(server, `/api/analyses/${fromPage.body.id}`);
    expect(stored.status).toBe(200);
    const { created_at, outcome, lesson, ...answered } = stored.body;
    expect(answered).toEqual(fromPage.body);
    expect(outcome).toBeNull();
    expect(lesson).toBeNull();
    expect(Date.parse(created_at)).not.toBeNaN();
  });

  it("score at once when a CSV names `end`: the bars after it are the outcome", async () => {
    const rows = csv.trim().split("\n");
    const endRow = rows[rows.length - 6]!; // five bars after the window
    const end = endRow.split(",")[0];
    const answer = await postJson(server, "/api/analyze", { csv, timeframe: "4h", end });
    expect(answer.status).toBe(200);
    const stored = await getJson(server, `/api/analyses/${answer.body.id}`);
    expect(stored.body.outcome).toHaveLength(2);
    expect(stored.body.outcome.map((horizon: { bars: number }) => horizon.bars)).toEqual([1, 3]);
  });

  it("record failed runs with their error", async () => {
    fake.setHandler(() => fakeReply.quotaExceeded());
    const failed = await postJson(server, "/api/analyze", { csv, timeframe: "4h", name: "Out of credit" });
    expect(failed.status).toBe(502);
    const list = await getJson(server, "/api/analyses?asset=Out%20of%20credit");
    expect(list.body.analyses).toHaveLength(1);
    expect(list.body.analyses[0]).toMatchObject({ decision: null, error: { code: "provider_quota" } });
  });
});

describe("the history list", () => {
  it("filters by asset, timeframe, model, provider and source, and pages with a cursor that survives new records", async () => {
    const journal = server.pipeline.journal;
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(
        (
          await journal.record(
            sampleEntry({
              asset: "PAGED",
              models: {
                agent: { provider: "anthropic", model: "claude-x", temperature: 0 },
                graph: { provider: "anthropic", model: "claude-x", temperature: 0 },
              },
            }),
          )
        ).id,
      );
    }
    const first = await getJson(server, "/api/analyses?asset=PAGED&limit=2");
    expect(first.body.analyses.map((summary: { id: string }) => summary.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    await journal.record(sampleEntry({ asset: "PAGED" })); // arrives while the client pages
    const second = await getJson(
      server,
      `/api/analyses?asset=PAGED&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.body.analyses.map((summary: { id: string }) => summary.id)).toEqual([ids[2], ids[1]]);
    const third = await getJson(
      server,
      `/api/analyses?asset=PAGED&limit=2&cursor=${encodeURIComponent(second.body.next_cursor)}`,
    );
    expect(third.body).toEqual({ analyses: [expect.objectContaining({ id: ids[0] })], next_cursor: null });

    const byModel = await getJson(server, "/api/analyses?model=claude-x&provider=anthropic&timeframe=4h&source=api");
    expect(byModel.body.analyses).toHaveLength(5);
    expect((await getJson(server, "/api/analyses?model=claude-x&source=page")).body.analyses).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["limit=ten", "limit"],
    ["source=email", "source"],
    ["asset=", "asset"],
    ["asset=A&asset=B", "asset"],
    ["sort=asc", "sort"],
    ["cursor=not-a-cursor", "cursor"],
  ])("refuses ?%s with a reason naming %s", async (query, field) => {
    const answer = await getJson(server, `/api/analyses?${query}`);
    expect(answer.status).toBe(400);
    expectPlainError(answer.body);
    expect(answer.body.error).toContain(field);
  });
});

describe("accuracy", () => {
  it("groups scored analyses with Wilson intervals; horizon and filters apply", async () => {
    const journal = server.pipeline.journal;
    const T = "2025-03-01T08:00:00.000Z";
    for (const [directive, closes] of [
      ["LONG", [101, 102, 103]],
      ["LONG", [99, 98, 97]],
      ["SHORT", [99, 101, 102]],
    ] as const) {
      const { id } = await journal.record(
        sampleEntry({
          asset: "STATS",
          directive,
          entry: { close: 100, time: T },
          models: {
            agent: { provider: "openai", model: "stats-model", temperature: 0 },
            graph: { provider: "openai", model: "stats-model", temperature: 0 },
          },
        }),
      );
      await journal.recordOutcome(id, laterBars(T, closes));
    }
    const three = await getJson(server, "/api/analyses/stats?group_by=model&asset=STATS");
    expect(three.status).toBe(200);
    expect(three.body.horizon).toBe(3);
    const group = three.body.groups.find((entry: { key: string }) => entry.key === "stats-model");
    // k=3: LONG 103 hit, LONG 97 miss, SHORT 102 miss.
    expect(group).toMatchObject({ n: 3, scored: 3, hits: 1 });
    expect(group.accuracy).toBeCloseTo(1 / 3, 12);
    expect(group.ci_low).toBeGreaterThan(0);
    expect(group.ci_high).toBeLessThan(1);
    // k=1: LONG 101 hit, LONG 99 miss, SHORT 99 hit.
    const one = await getJson(server, "/api/analyses/stats?group_by=model&asset=STATS&horizon=1");
    expect(one.body.groups.find((entry: { key: string }) => entry.key === "stats-model")).toMatchObject({
      scored: 3,
      hits: 2,
    });

    // split=cutoff: stats-model is no model the table of training cutoffs knows, so its analyses are unsplit.
    const split = await getJson(server, "/api/analyses/stats?group_by=model&asset=STATS&split=cutoff");
    expect(split.status).toBe(200);
    expect(split.body.split).toBe("cutoff");
    expect(split.body.groups.find((entry: { key: string }) => entry.key === "stats-model").split).toMatchObject({
      before: { n: 0, scored: 0 },
      after: { n: 0, scored: 0 },
      unsplit: { n: 3, scored: 3, hits: 1 },
    });

    const overTime = await getJson(server, "/api/analyses/accuracy-over-time?group_by=model&asset=STATS&bucket=week");
    expect(overTime.status).toBe(200);
    expect(
      overTime.body.series.find((series: { key: string }) => series.key === "stats-model").points.at(-1),
    ).toMatchObject({ scored: 3, hits: 1 });
  });

  it.each(["group_by=colour", "horizon=2", "bucket=month", "split=date"])("refuses ?%s", async (query) => {
    const path = query.startsWith("bucket") ? "/api/analyses/accuracy-over-time" : "/api/analyses/stats";
    const answer = await getJson(server, `${path}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(query.split("=")[0]);
  });
});

describe("outcomes on demand", () => {
  it("scores what the market has answered since, and leaves windows at the end of the data pending", async () => {
    fake.setHandler((request) =>
      request.summary.wantsJson ? fakeReply.json({ ...fakeDecision, decision: "LONG" }) : defaultFakeHandler(request),
    );
    const analysis = await postJson(server, "/api/analyze", {
      symbol: "BTC-USD",
      timeframe: "1d",
      start: new Date(firstBar).toISOString(),
      end: new Date(dataEnd).toISOString(),
    });
    expect(analysis.status).toBe(200);
    const before = await postJson(server, "/api/analyses/score-outcomes", {});
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ scored: 0, caller_data: expect.any(Number) });
    expect(before.body.pending).toBeGreaterThanOrEqual(1);
    expect((await getJson(server, `/api/analyses/${analysis.body.id}`)).body.outcome).toBeNull();

    dataEnd += 3 * DAY;
    const after = await postJson(server, "/api/analyses/score-outcomes", {});
    expect(after.body.scored).toBeGreaterThanOrEqual(1);
    const outcome = (await getJson(server, `/api/analyses/${analysis.body.id}`)).body.outcome;
    // LONG from the window's last close; each later close is 1 higher: +1 then +3.
    const entryClose = analysis.body.candles.at(-1).close;
    expect(outcome).toEqual([
      { bars: 1, hit: true, return: expect.closeTo(1 / entryClose, 12) },
      { bars: 3, hit: true, return: expect.closeTo(3 / entryClose, 12) },
    ]);
  });
});

describe("one analysis by id", () => {
  it("is removed with DELETE; an unknown id is 404, a malformed one 400", async () => {
    const { id } = await server.pipeline.journal.record(sampleEntry({ asset: "DOOMED" }));
    expect((await deleteJson(server, `/api/analyses/${id}`)).body).toEqual({ success: true, id });
    for (const answer of [
      await getJson(server, `/api/analyses/${id}`),
      await deleteJson(server, `/api/analyses/${id}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: "analysis_not_found" });
    }
    const malformed = await getJson(server, "/api/analyses/%27%20OR%201=1");
    expect(malformed.status).toBe(400);
    expectPlainError(malformed.body);
  });
});

describe("a journal that cannot be reached", () => {
  it("answers 503 journal_unavailable without the database's address or password, and logs the reason", async () => {
    const unreachable = await startTestServer({
      config: { database_url: "postgres://quant:hunter2secret@127.0.0.1:1/journal" },
    });
    try {
      const answer = await getJson(unreachable, "/api/analyses");
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: "journal_unavailable" });
      expect(answer.text).not.toContain("127.0.0.1:1");
      expect(answer.text).not.toContain("hunter2secret");
      expect(unreachable.logs.join("\n")).toContain("Cannot connect to the journal database");
      expect(unreachable.logs.join("\n")).not.toContain("hunter2secret");
    } finally {
      await unreachable.close();
    }
  });
});

describe("a restart", () => {
  it("keeps every analysis and its charts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "journal-restart-"));
    const first = await startTestServer({
      dataDir,
      config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
      renderer,
    });
    const answer = await postJson(first, "/api/analyze", { csv, timeframe: "4h", name: "Before restart" });
    expect(answer.status).toBe(200);
    await first.close();
    const second = await startTestServer({
      dataDir,
      config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    });
    try {
      const stored = await getJson(second, `/api/analyses/${answer.body.id}`);
      expect(stored.status).toBe(200);
      expect(stored.body.pattern_chart).toBe(answer.body.pattern_chart);
      expect(stored.body.trend_chart).toBe(answer.body.trend_chart);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
