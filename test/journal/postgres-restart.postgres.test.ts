// PostgreSQL restarting under a running process: the query that held a connection fails with a connection error
// (no crash: pg reports a dropped connection twice, and the second report must not end the process), and the journal
// answers again once the server is back.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle } from "../../src/journal/database-handle";
import { isConnectionError } from "../../src/queue/connection-retry";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres({ ownCluster: true });
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pg-restart-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("a PostgreSQL restart", () => {
  it("fails the query in flight, not the process, and the journal answers again afterwards", async () => {
    const handle = createDatabaseHandle({ dataDir, databaseUrl: await postgres.database() });
    try {
      const { db } = await handle.open();
      // A transaction keeps its connection checked out of the pool between statements, where pg has no listener.
      const inFlight = db.transaction().execute(async (transaction) => {
        await sql`select 1`.execute(transaction);
        await sql`select pg_sleep(30)`.execute(transaction);
      });
      const failure = inFlight.then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await postgres.cluster().pause();
      expect(isConnectionError(await failure)).toBe(true);
      await postgres.cluster().resume();
      const rows = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
