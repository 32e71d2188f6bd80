// GET /api/runs and /api/runs/<id> on a real PostgreSQL: a run queued for workers is listed with its label and how
// many points are done, failed, running and waiting, newest first in pages; one run by id; an unknown id is 404 and a
// malformed one or a bad query 400, in plain words. Without a database of queued runs the list is empty.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { finishPoint, insertQueuedRun, startPoint } from "../../src/queue/queued-runs";
import { queuedRunsReader } from "../../src/queue/run-progress";
import { usePostgres } from "../support/use-postgres";
import { expectPlainError, getJson, startTestServer, type TestServer } from "./test-server";

const postgres = usePostgres();
let database: DatabaseHandle;
let server: TestServer;
let bare: TestServer;
let scratch: string;

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
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await database?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("queued runs over HTTP", () => {
  it("lists runs newest first with their progress, a page at a time", async () => {
    const first = await getJson(server, "/api/runs?limit=1");
    expect(first.status).toBe(200);
    expect(first.body.runs).toEqual([
      {
        id: "newer",
        kind: "evaluation",
        created_at: "2026-01-02T00:00:00.000Z",
        label: "evaluation newer: gpt-4o on BTC",
        points: 4,
        done: 1,
        failed: 1,
        running: 1,
        waiting: 1,
        reported_at: null,
        journal_run_id: null,
      },
    ]);
    const second = await getJson(server, `/api/runs?limit=1&cursor=${String(first.body.next_cursor)}`);
    expect(second.body.runs.map((run: { id: string }) => run.id)).toEqual(["older"]);
    expect(second.body.runs[0]).toMatchObject({ done: 0, failed: 0, running: 0, waiting: 4 });
    expect(second.body.next_cursor).toBeNull();
  });

  it("answers one run by id, 404 for an unknown one and 400 for what is not an id or a bad query", async () => {
    expect((await getJson(server, "/api/runs/older")).body).toMatchObject({ id: "older", waiting: 4 });
    const unknown = await getJson(server, "/api/runs/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "queued_run_not_found" });
    expectPlainError(unknown.body);
    const malformed = await getJson(server, "/api/runs/a.b");
    expect(malformed.status).toBe(400);
    for (const query of ["limit=0", "limit=201", "limit=x", "what=1"]) {
      const answer = await getJson(server, `/api/runs?${query}`);
      expect(answer.status, query).toBe(400);
      expectPlainError(answer.body);
    }
  });

  it("is an empty list on a server without queued runs", async () => {
    expect((await getJson(bare, "/api/runs")).body).toEqual({ runs: [], next_cursor: null });
    expect((await getJson(bare, "/api/runs/older")).status).toBe(404);
  });
});
