// The run routes on their own (route-harness.ts), each test with its own router and a journal and queue the test
// scripts: the list's query read in plain words (each bound, its default page size), one run by id from the journal
// (with its report) or else from the queue, 404 when neither has it, and a malformed id refused before either is
// asked. The same routes on a real PostgreSQL are in ../run-routes.test.ts.
import { describe, expect, it } from "vitest";

import { createRunRouter } from "../../../server/routes/run-routes";
import { wireFinishedRun, wireQueuedRun } from "../../../src/wire/index";
import { getJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

const FINISHED = {
  id: "finished-1",
  createdAt: "2026-01-02T00:00:00.000Z",
  kind: "evaluation",
  timeframe: "4h",
  settings: {},
  models: { agent: "demo", graph: "demo" },
  promptVersion: "v1",
  plugins: [],
  pointCount: 3,
  demo: true,
  report: { accuracy: 0.5 },
};
const QUEUED = {
  id: "queued-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  kind: "backtest",
  label: "a backtest",
  points: 4,
  done: 1,
  failed: 0,
  running: 1,
  waiting: 2,
  reportedAt: null,
  journalRunId: null,
};

/** A journal and a queue that hold one run each, recording what they are asked. */
function sources(options: { queue?: boolean } = {}) {
  const asked: { listed: Record<string, unknown>[]; got: string[] } = { listed: [], got: [] };
  const journal = {
    listEvaluationRuns: (query: Record<string, unknown>) => {
      asked.listed.push(query);
      return Promise.resolve({ runs: [FINISHED], nextCursor: null });
    },
    getEvaluationRun: (id: string) => {
      asked.got.push(id);
      return Promise.resolve(id === FINISHED.id ? FINISHED : undefined);
    },
  };
  const queuedRuns = {
    list: () => Promise.resolve({ runs: [QUEUED], nextCursor: null }),
    get: (id: string) => Promise.resolve(id === QUEUED.id ? QUEUED : undefined),
  };
  const settings = routeSettings({ journal } as never, {
    queuedRuns: options.queue === false ? undefined : queuedRuns,
  });
  return { asked, settings };
}

describe("GET /api/runs", () => {
  it("lists both sources newest first, 50 to a page unless the query says otherwise", async () => {
    const { asked, settings } = sources();
    await withRouter(createRunRouter(settings), async (served) => {
      const list = await getJson(served, "/api/runs");
      expect(list.status).toBe(200);
      expect(list.body.runs).toEqual([wireFinishedRun(FINISHED as never), wireQueuedRun(QUEUED as never)]);
      expect(asked.listed[0]).toMatchObject({ limit: 50 });
      expect((await getJson(served, "/api/runs?limit=100&kind=backtest")).status).toBe(200);
      expect(asked.listed[1]).toMatchObject({ limit: 100, kind: "backtest" });
      expect((await getJson(served, "/api/runs?limit=1")).status).toBe(200);
      expect(asked.listed[2]).toMatchObject({ limit: 1 });
      expect((await getJson(served, "/api/runs?kind=probe")).status).toBe(200);
      expect(asked.listed[3]).toMatchObject({ kind: "probe" });
    });
  });

  it.each([
    ["limit=101", /limit: must be at most 100/],
    ["limit=0", /limit: must be a whole number from 1 to 100/],
    ["limit=1000", /limit: must be a whole number from 1 to 100/],
    ["limit=1.5", /limit: must be a whole number from 1 to 100/],
    ["limit=1&limit=2", /limit: must be given once/],
    ["kind=analysis", /kind: must be evaluation, backtest or probe/],
    ["state=running", /state: must be finished or queued/],
    [`cursor=${"c".repeat(513)}`, /cursor: is too long/],
    ["cursor=a&cursor=b", /cursor: must be given once/],
    ["order=asc", /unknown field: order/],
  ])("answers 400 in plain words for ?%s, asking nothing", async (query, message) => {
    const { asked, settings } = sources();
    await withRouter(createRunRouter(settings), async (served) => {
      const answer = await getJson(served, `/api/runs?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
      expect(asked.listed).toEqual([]);
    });
  });
});

describe("GET /api/runs/:id", () => {
  it("answers a finished run with its report, else a queued one, else 404", async () => {
    const { settings } = sources();
    await withRouter(createRunRouter(settings), async (served) => {
      const finished = await getJson(served, `/api/runs/${FINISHED.id}`);
      expect(finished.status).toBe(200);
      expect(finished.body).toEqual({ ...wireFinishedRun(FINISHED as never), report: FINISHED.report });
      const queued = await getJson(served, `/api/runs/${QUEUED.id}`);
      expect(queued.status).toBe(200);
      expect(queued.body).toEqual(wireQueuedRun(QUEUED as never));
      const missing = await getJson(served, "/api/runs/nobody_here-1");
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: "run_not_found", error: "No run with id nobody_here-1." });
    });
  });

  it("answers 404 for a run the journal does not hold when nothing is queued anywhere", async () => {
    const { settings } = sources({ queue: false });
    await withRouter(createRunRouter(settings), async (served) => {
      expect((await getJson(served, `/api/runs/${QUEUED.id}`)).status).toBe(404);
    });
  });

  it("refuses a malformed id before the journal is asked, quoting at most 64 characters of it", async () => {
    const { asked, settings } = sources();
    await withRouter(createRunRouter(settings), async (served) => {
      const dotted = await getJson(served, "/api/runs/a.b");
      expect(dotted.status).toBe(400);
      expect(dotted.body.error).toBe('Invalid run id "a.b": use the id a run list answered.');
      const long = await getJson(served, `/api/runs/${"a".repeat(65)}`);
      expect(long.status).toBe(400);
      expect(long.body.error).toBe(`Invalid run id "${"a".repeat(64)}": use the id a run list answered.`);
      expect((await getJson(served, `/api/runs/${"a".repeat(64)}`)).status).toBe(404);
      expect((await getJson(served, "/api/runs/x%20y")).status).toBe(400);
      expect(asked.got).toEqual(["a".repeat(64)]);
    });
  });
});
