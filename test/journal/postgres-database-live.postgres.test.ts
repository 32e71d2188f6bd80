// Opening PostgreSQL journals on a throwaway cluster (postgres-database.ts, and open-database.ts's PostgreSQL side):
// the engine and the location without the password, the pool's size as asked, an idle connection that the server
// drops (a restart) not ending the process, and close() ending the pool.
import { mkdtemp, rm } from "node:fs/promises";
import { connect as connectTcp, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openJournalDatabase } from "../../src/journal/open-database";
import { openPostgresDatabase } from "../../src/journal/postgres-database";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres({ ownCluster: true });
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

  it("closes the connection of a cancelled open that the server answers late", async () => {
    const url = new URL(await postgres.database());
    // A proxy that reaches the server only after the open was cancelled, and tells when that connection closes.
    let upstream: Socket | undefined;
    const accepted: Socket[] = [];
    let reached!: () => void;
    const reachedServer = new Promise<void>((resolve) => (reached = resolve));
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((resolve) => (closed = resolve));
    const proxy: Server = createServer((socket) => {
      accepted.push(socket);
      socket.pause();
      setTimeout(() => {
        upstream = connectTcp(Number(url.port), url.hostname, () => reached());
        upstream.on("close", () => closed());
        upstream.on("error", () => undefined);
        socket.on("error", () => undefined);
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      }, 500);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String((proxy.address() as { port: number }).port);
    try {
      const opening = openPostgresDatabase({
        url: proxied.toString(),
        poolSize: 1,
        connectTimeoutMs: 60_000,
        signal: AbortSignal.timeout(100),
      });
      await expect(opening).rejects.toMatchObject({ name: "TimeoutError" });
      await reachedServer;
      // The late connection is closed at once; left in the pool, it would stay open as long as the process.
      const stayedOpen = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error("the late connection was still open after 20 s")), 20_000).unref();
      });
      await Promise.race([upstreamClosed, stayedOpen]);
    } finally {
      upstream?.destroy();
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 60_000);

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
