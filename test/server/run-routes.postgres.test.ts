// GET /api/runs and /api/runs/<id> on a real PostgreSQL: one list of finished runs (the journal's) and runs queued for
// workers (with their label and how many points are done, failed, running and waiting), newest first in pages that
// hold neither twice; a queued run that was reported leaves the list; one run by id from either; an unknown id is 404
// and a malformed one or a bad query 400, in plain words. Without a database of queued runs only finished runs show.
// `state` lists one of the two alone. With JOURNAL=off the list is the same: the server records nothing, but what the
// journal holds (recorded before, or by the command line, which records whatever the server's setting) is listed.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runBacktest } from "../../src/index";
import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { finishPoint, insertQueuedRun, startPoint } from "../../src/queue/queued-runs";
import { queuedRunsReader } from "../../src/queue/run-progress";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { createStubChartRenderer } from "../reliability/support/stub-chart-renderer";
import { usePostgres } from "../support/use-postgres";
import { expectPlainError, getJson, startTestServer, type TestServer } from "./test-server";

const postgres = usePostgres();
let database: DatabaseHandle;
let server: TestServer;
let bare: TestServer;
let scratch: string;
let backtestId: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "run-routes-"));
  database = createDatabaseHandle({ dataDir: scratch, databaseUrl: await postgres.database() });
  const { db } = await database.open();
  for (const [index, id] of ["older", "newer"].entries()) {
    await insertQueuedRun(db, {
      id,
      kind: "evaluation",
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      label: `evaluation ${id}: gpt-4o on BTC`,
      spec: {},
      points: ["a", "b", "c", "d"].map((point) => ({ id: point, input: {} })),
    });
  }
  const now = new Date();
  for (const point of ["a", "b", "c"]) await startPoint(db, { runId: "newer", pointId: point, now });
  await finishPoint(db, { runId: "newer", pointId: "a", worker: "w:1", now, outcome: { ok: true, result: {} } });
  await finishPoint(db, { runId: "newer", pointId: "b", worker: "w:1", now, outcome: { ok: false, error: "no" } });
  server = await startTestServer({ app: { queuedRuns: queuedRunsReader(database) } });
  bare = await startTestServer();
  // A finished run in the server's journal, then a queued run newer than it and one already reported.
  const backtest = await runBacktest({
    pipeline: server.pipeline,
    series: { candles: candlesFromCloses(wavyCloses(80, 1)), timeframe: "4h", name: "Wavy" },
    includeModel: false,
  });
  backtestId = String(backtest.journalRunId);
  for (const [offset, id] of [
    [60_000, "latest"],
    [120_000, "reported"],
  ] as const) {
    await insertQueuedRun(db, {
      id,
      kind: "evaluation",
      createdAt: new Date(Date.now() + offset).toISOString(),
      label: `evaluation ${id}`,
      spec: {},
      points: [{ id: "a", input: {} }],
    });
  }
  await db
    .updateTable("queued_runs")
    .set({ reported_at: new Date().toISOString() })
    .where("id", "=", "reported")
    .execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await database?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("runs over HTTP", () => {
  it("lists finished and queued runs in one list, newest first, a page at a time, none twice", async () => {
    const ids: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { runs: { id: string; state: string }[]; next_cursor: string | null } } =
        await getJson(server, `/api/runs?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      ids.push(page.body.runs.map((run) => `${run.state}:${run.id}`));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    // The reported run is in the journal as a finished run (not here: this journal never recorded it), not listed again.
    expect(ids).toEqual([
      [`queued:latest`, `finished:${backtestId}`],
      ["queued:newer", "queued:older"],
    ]);
    const backtests = await getJson(server, "/api/runs?kind=backtest");
    expect(backtests.body.runs.map((run: { id: string }) => run.id)).toEqual([backtestId]);
    const finished = await getJson(server, `/api/runs/${backtestId}`);
    expect(finished.body).toMatchObject({ state: "finished", kind: "backtest" });
    expect(finished.body.report.lines.length).toBeGreaterThan(0);
  });

  it("gives each queued run its progress", async () => {
    const first = await getJson(server, "/api/runs?limit=3");
    expect(first.status).toBe(200);
    expect(first.body.runs[2]).toEqual({
      state: "queued",
      id: "newer",
      kind: "evaluation",
      created_at: "2026-01-02T00:00:00.000Z",
      label: "evaluation newer: gpt-4o on BTC",
      point_count: 4,
      done: 1,
      failed: 1,
      running: 1,
      waiting: 1,
      reported_at: null,
      journal_run_id: null,
    });
    const second = await getJson(server, `/api/runs?limit=1&cursor=${String(first.body.next_cursor)}`);
    expect(second.body.runs.map((run: { id: string }) => run.id)).toEqual(["older"]);
    expect(second.body.runs[0]).toMatchObject({ done: 0, failed: 0, running: 0, waiting: 4 });
    expect(second.body.next_cursor).toBeNull();
  });

  it("answers one run by id, 404 for an unknown one and 400 for what is not an id or a bad query", async () => {
    expect((await getJson(server, "/api/runs/older")).body).toMatchObject({ state: "queued", id: "older", waiting: 4 });
    expect((await getJson(server, "/api/runs/reported")).body).toMatchObject({ state: "queued", id: "reported" });
    const unknown = await getJson(server, "/api/runs/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "run_not_found" });
    expectPlainError(unknown.body);
    const malformed = await getJson(server, "/api/runs/a.b");
    expect(malformed.status).toBe(400);
    for (const query of ["limit=0", "limit=201", "limit=x", "what=1"]) {
      const answer = await getJson(server, `/api/runs?${query}`);
      expect(answer.status, query).toBe(400);
      expectPlainError(answer.body);
    }
  });

  it("lists one state alone: the queued runs (paged by their own cursor) or the finished ones", async () => {
    const ids: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { runs: { id: string; state: string }[]; next_cursor: string | null } } =
        await getJson(server, `/api/runs?state=queued&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      ids.push(page.body.runs.map((run) => `${run.state}:${run.id}`));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    // The finished run between them is not counted against a page of queued runs.
    expect(ids).toEqual([["queued:latest", "queued:newer"], ["queued:older"]]);
    const finished = await getJson(server, "/api/runs?state=finished");
    expect(finished.body).toEqual({ runs: [expect.objectContaining({ id: backtestId })], next_cursor: null });
    const bad = await getJson(server, "/api/runs?state=running");
    expect(bad.status).toBe(400);
    expectPlainError(bad.body);
    expect(bad.body.error).toContain("must be finished or queued");
  });

  it("with JOURNAL=off, lists what the journal holds (recorded before, or by the CLI) and the queued runs", async () => {
    // The same data folder as the server that recorded the backtest, with the journal off: nothing is recorded by
    // this server, but the runs are still there to read, as the analyses are (GET /api/analyses).
    const off = await startTestServer({
      dataDir: server.dataDir,
      config: { journal: false },
      app: { queuedRuns: queuedRunsReader(database) },
    });
    try {
      const answer = await getJson(off, "/api/runs?limit=3");
      expect(answer.status).toBe(200);
      expect(answer.body.runs.map((run: { id: string }) => run.id)).toEqual(["latest", backtestId, "newer"]);
      const one = await getJson(off, `/api/runs/${backtestId}`);
      expect(one.body).toMatchObject({ state: "finished", kind: "backtest" });
    } finally {
      await off.close();
    }
  });

  it("labels a backtest of the demo provider as demo, in the list and by id; a baselines-only run is not", async () => {
    const demo = await startTestServer({
      config: { agent_llm_provider: "demo", graph_llm_provider: "demo" },
      renderer: createStubChartRenderer(),
    });
    try {
      const backtest = await runBacktest({
        pipeline: demo.pipeline,
        series: { candles: candlesFromCloses(wavyCloses(80, 1)), timeframe: "4h", name: "Wavy" },
        cacheDir: false,
        concurrency: 1,
      });
      const id = String(backtest.journalRunId);
      const list = await getJson(demo, "/api/runs");
      expect(list.body.runs).toEqual([
        expect.objectContaining({ id, state: "finished", kind: "backtest", demo: true }),
      ]);
      expect((await getJson(demo, `/api/runs/${id}`)).body).toMatchObject({ id, demo: true });
      expect((await getJson(server, `/api/runs/${backtestId}`)).body).toMatchObject({ demo: false });
    } finally {
      await demo.close();
    }
  }, 120_000);

  it("is an empty list on a server without queued runs or finished ones", async () => {
    expect((await getJson(bare, "/api/runs")).body).toEqual({ runs: [], next_cursor: null });
    expect((await getJson(bare, "/api/runs/older")).status).toBe(404);
  });
});
