// The queued runs' rows on a real PostgreSQL: a point's outcome is stored by the first attempt that finishes it and
// never overwritten by a later one (a retry, or a worker thought lost that finishes after all), and each start is
// counted.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle } from "../../src/journal/database-handle";
import { finishPoint, insertQueuedRun, readQueuedPoints, startPoint } from "../../src/queue/queued-runs";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "queued-runs-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("queued points", () => {
  it("keep the first outcome stored, whatever finishes after it, and count every start", async () => {
    const handle = createDatabaseHandle({ dataDir, databaseUrl: await postgres.database() });
    try {
      const { db } = await handle.open();
      await insertQueuedRun(db, {
        id: "run-1",
        kind: "test",
        createdAt: new Date().toISOString(),
        label: "a test run",
        spec: {},
        points: [{ id: "a", input: { n: 1 } }],
      });
      const now = new Date();
      expect(await startPoint(db, { runId: "run-1", pointId: "a", now })).toEqual({
        input: { n: 1 },
        attempt: 1,
        finished: false,
      });
      expect(await startPoint(db, { runId: "run-1", pointId: "a", now })).toMatchObject({
        attempt: 2,
        finished: false,
      });
      const first = {
        runId: "run-1",
        pointId: "a",
        worker: "one:1",
        now,
        outcome: { ok: true, result: "first" },
      } as const;
      // Two attempts finishing at the same moment: exactly one stores.
      const stored = await Promise.all([
        finishPoint(db, first),
        finishPoint(db, { ...first, worker: "two:2", outcome: { ok: true, result: "second" } }),
      ]);
      expect(stored.filter(Boolean)).toHaveLength(1);
      const winner = (await readQueuedPoints(db, "run-1"))[0];
      expect(await finishPoint(db, { ...first, worker: "three:3", outcome: { ok: false, error: "late" } })).toBe(false);
      expect((await readQueuedPoints(db, "run-1"))[0]).toEqual(winner);
      expect(winner).toMatchObject({ attempts: 2, error: null });
      expect(await startPoint(db, { runId: "run-1", pointId: "a", now })).toMatchObject({ attempt: 3, finished: true });
      expect(await startPoint(db, { runId: "run-1", pointId: "missing", now })).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
