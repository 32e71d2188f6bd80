// Picking and opening the journal's engine (open-database.ts) without migrating: SQLite in a temp folder with its
// defaults, the engine and location it reports, its log copied after a write and its file closed; a blank database
// URL meaning SQLite, a URL with spaces around it still meaning PostgreSQL, and a cancelled open touching nothing.
// PostgreSQL's successful open is in postgres-database-live.test.ts.
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { JOURNAL_FILE_NAME, type OpenedDatabase, openJournalDatabase } from "../../src/journal/open-database";
import { writeCorruptDatabase } from "./sqlite-files";

let folder: string;
const opened: OpenedDatabase[] = [];
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "open-database-"));
});
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  await rm(folder, { recursive: true, force: true });
});

async function openIn(dataDir: string, more: Partial<Parameters<typeof openJournalDatabase>[0]> = {}) {
  const database = await openJournalDatabase({ dataDir, ...more });
  opened.push(database);
  return database;
}

const pragma = async (database: OpenedDatabase, name: string) =>
  Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0] ?? {})[0];

describe("openJournalDatabase on SQLite", () => {
  it("opens <dataDir>/quantagent.db, named by its absolute path, waiting 10 s for a lock by default", async () => {
    const relative = path.relative(process.cwd(), path.join(folder, "data"));
    const database = await openIn(relative);
    const file = path.join(folder, "data", "quantagent.db");
    expect(JOURNAL_FILE_NAME).toBe("quantagent.db");
    expect(database.engine).toBe("sqlite");
    expect(database.location).toBe(file);
    await sql`create table probe (x)`.execute(database.db);
    expect(existsSync(file)).toBe(true);
    expect(await pragma(database, "busy_timeout")).toBe(10_000);
  });

  it("takes a blank database URL for SQLite, and passes its busy timeout on", async () => {
    const database = await openIn(folder, { databaseUrl: "   ", busyTimeoutMs: 2_500 });
    expect(database.engine).toBe("sqlite");
    expect(await pragma(database, "busy_timeout")).toBe(2_500);
  });

  it("checks the file's integrity by default, and not when asked not to", async () => {
    writeCorruptDatabase(path.join(folder, JOURNAL_FILE_NAME));
    await expect(openIn(folder)).rejects.toMatchObject({ reason: "damaged_database" });
    const database = await openIn(folder, { integrityCheck: false });
    expect(database.engine).toBe("sqlite");
  });

  it("copies a large log into the file after a write, and closes the file", async () => {
    const database = await openIn(folder);
    const file = database.location;
    await sql`create table probe (bytes blob)`.execute(database.db);
    for (let index = 0; index < 3; index += 1)
      await sql`insert into probe values (zeroblob(${12 * 1024 * 1024}))`.execute(database.db);
    expect((await stat(file)).size).toBeLessThan(1024 * 1024);
    database.afterWrite();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stat(file)).size).toBeGreaterThan(32 * 1024 * 1024);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await opened.pop()!.close();
    // SQLite removes the log when the last connection closes.
    expect(existsSync(`${file}-wal`)).toBe(false);
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
  });

  it("touches nothing when its signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("shutting down"));
    const dataDir = path.join(folder, "never-made");
    await expect(openIn(dataDir, { signal: controller.signal })).rejects.toThrow("shutting down");
    await expect(openIn(dataDir, { signal: controller.signal, databaseUrl: "mysql://x" })).rejects.toThrow(
      "shutting down",
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("openJournalDatabase with a database URL", () => {
  it("passes the connect timeout it was given on to the pool", async () => {
    // A server that accepts connections and never answers.
    const silent = createServer((socket) => socket.on("error", () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as { port: number };
      const started = performance.now();
      const error = await openIn(folder, {
        databaseUrl: `postgres://journal:pw@127.0.0.1:${port}/journal`,
        connectTimeoutMs: 300,
      }).then(
        () => new Error("the open succeeded"),
        (caught: unknown) => caught as Error,
      );
      expect(error).toMatchObject({ reason: "database_unavailable" });
      expect(error.message).toContain("timeout");
      expect(performance.now() - started).toBeLessThan(8_000); // not the default 10 s
    } finally {
      silent.close();
    }
  });

  it("reads a URL with spaces around it as PostgreSQL, and names it without its password", async () => {
    const error = await openIn(folder, {
      databaseUrl: "  postgres://journal:hunter2secret@127.0.0.1:1/journal  ",
      connectTimeoutMs: 5_000,
    }).then(
      () => new Error("the open succeeded"),
      (caught: unknown) => caught as Error,
    );
    expect(error).toMatchObject({ reason: "database_unavailable" });
    expect(error.message).toMatch(
      /^Cannot connect to the journal database postgres:\/\/journal:\*\*\*@127\.0\.0\.1:1\/journal: /u,
    );
    expect(error.message).not.toContain("hunter2secret");
  });
});
