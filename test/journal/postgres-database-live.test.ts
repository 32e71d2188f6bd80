// Opening PostgreSQL journals on a throwaway cluster (postgres-database.ts, and open-database.ts's PostgreSQL side):
// the engine and the location without the password, the pool's size as asked, an idle connection that the server
// drops (a restart) not ending the process, and close() ending the pool.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openJournalDatabase } from "../../src/journal/open-database";
import { openPostgresDatabase } from "../../src/journal/postgres-database";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "postgres-live-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("a PostgreSQL journal database", () => {
  it("is opened as PostgreSQL, named without its password, and closed with its pool", async () => {
    const url = await postgres.database();
    const opened = await openJournalDatabase({ dataDir, databaseUrl: url });
    let closed = false;
    try {
      expect(opened.engine).toBe("postgres");
      const password = new URL(url).password;
      expect(password).not.toBe("");
      expect(opened.location).toBe(url.replace(`:${password}@`, ":***@"));
      expect((await sql<{ one: number }>`select 1 as one`.execute(opened.db)).rows).toEqual([{ one: 1 }]);
      await opened.close();
      closed = true;
      await expect(sql`select 1`.execute(opened.db)).rejects.toThrow();
    } finally {
      if (!closed) await opened.close();
    }
  });

  it("is opened with the pool size asked for", async () => {
    const opened = await openJournalDatabase({ dataDir, databaseUrl: await postgres.database(), poolSize: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(opened.db);
          return rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await opened.close();
    }
  });

  it("keeps no more connections than its pool size", async () => {
    const db = await openPostgresDatabase({ url: await postgres.database(), poolSize: 2, connectTimeoutMs: 10_000 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(db);
          return rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it("survives the server dropping an idle connection, and answers again once it is back", async () => {
    const db = await openPostgresDatabase({ url: await postgres.database(), poolSize: 2, connectTimeoutMs: 10_000 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      await sql`select 1`.execute(db); // a connection now idle in the pool
      await postgres.cluster().pause();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await postgres.cluster().resume();
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await db.destroy();
    }
  }, 60_000);
});
