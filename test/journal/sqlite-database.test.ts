// Opening the embedded journal's SQLite file directly (sqlite-database.ts), in a temp folder: how the connection is
// set up, what a write transaction locks, a migration rolled back whole, each way the file can be unusable and the
// error that says so, and waiting for another process's lock only as long as asked.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, openSync, readdirSync, writeSync } from "node:fs";
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { type Kysely, Migrator, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { openSqliteDatabase, type SqliteJournal } from "../../src/journal/sqlite-database";
import { writeCorruptDatabase } from "./sqlite-files";

let folder: string;
let file: string;
const opened: SqliteJournal[] = [];
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sqlite-database-"));
  file = path.join(folder, "journal.db");
});
afterEach(async () => {
  for (const journal of opened.splice(0)) {
    journal.checkpoints.stop();
    await journal.db.destroy();
  }
  await rm(folder, { recursive: true, force: true });
});

async function openAt(target: string, options: { busyTimeoutMs?: number; integrityCheck?: boolean } = {}) {
  const journal = await openSqliteDatabase({
    file: target,
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
    integrityCheck: options.integrityCheck ?? true,
  });
  opened.push(journal);
  return journal;
}

const failureOf = (target: string, options: { busyTimeoutMs?: number; integrityCheck?: boolean } = {}) =>
  openAt(target, options).then(
    () => {
      throw new Error("the open succeeded");
    },
    (error: unknown) => error as JournalError,
  );

const pragma = async (db: Kysely<any>, name: string) =>
  Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];

describe("a new SQLite journal", () => {
  it("creates the missing folders and the file, with the connection set up for the journal", async () => {
    const nested = path.join(folder, "a", "b", "journal.db");
    const { db } = await openAt(nested, { busyTimeoutMs: 1_234 });
    await sql`create table probe (x)`.execute(db);
    expect((await stat(nested)).isFile()).toBe(true);
    expect(await pragma(db, "journal_mode")).toBe("wal");
    expect(await pragma(db, "synchronous")).toBe(1); // NORMAL
    expect(await pragma(db, "wal_autocheckpoint")).toBe(32_768); // 128 MiB of 4 KiB pages, the backstop
    expect(await pragma(db, "foreign_keys")).toBe(1);
    expect(await pragma(db, "busy_timeout")).toBe(1_234);
  });

  it("takes the write lock when a transaction begins, before its first write", async () => {
    const { db } = await openAt(file);
    await sql`create table probe (x)`.execute(db);
    const other = new Database(file, { timeout: 0 });
    try {
      await db.transaction().execute(async (transaction) => {
        await sql`select count(*) from probe`.execute(transaction);
        expect(() => other.exec("begin immediate")).toThrow(/locked|busy/iu);
      });
      other.exec("begin immediate"); // free again once the transaction has ended
      other.exec("rollback");
    } finally {
      other.close();
    }
  });

  it("runs a migration in a transaction: one that fails leaves none of its steps behind", async () => {
    const { db } = await openAt(file);
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          "0001-probe": {
            async up(migrating: Kysely<any>) {
              await migrating.schema.createTable("probe").addColumn("x", "text").execute();
              throw new Error("fails after its first step");
            },
          },
        }),
      },
    });
    const { error } = await migrator.migrateToLatest();
    expect((error as Error).message).toBe("fails after its first step");
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain("probe");
  });

  it("copies its log into the file once the log has grown past 32 MiB, when told a write has committed", async () => {
    const { db, checkpoints } = await openAt(file);
    await sql`create table probe (bytes blob)`.execute(db);
    for (let index = 0; index < 3; index += 1)
      await sql`insert into probe values (zeroblob(${12 * 1024 * 1024}))`.execute(db);
    expect((await stat(`${file}-wal`)).size).toBeGreaterThan(32 * 1024 * 1024);
    expect((await stat(file)).size).toBeLessThan(1024 * 1024);
    checkpoints.afterWrite();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stat(file)).size).toBeGreaterThan(32 * 1024 * 1024);
  });

  it("accepts an empty file: SQLite's own way of starting one", async () => {
    await writeFile(file, "");
    const { db } = await openAt(file);
    await sql`create table probe (x)`.execute(db);
    expect((await stat(file)).size).toBeGreaterThan(0);
  });
});

describe("an unusable journal file", () => {
  it("that is not SQLite is refused as damaged, before SQLite touches it", async () => {
    await writeFile(file, "date,close\n2025-01-01,100\n".repeat(10));
    const error = await failureOf(file);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "damaged_database", filePath: file });
    expect(error.message).toBe(
      `The journal database ${file} is damaged: it is not a SQLite database (its first bytes are not the SQLite ` +
        "header). It has been left exactly as it is. Move it aside (or restore a backup) and open the journal again " +
        `to start a new one; \`sqlite3 ${JSON.stringify(file)} .recover\` may save what it still holds.`,
    );
  });

  it("that has the header but is shorter than SQLite's 100 header bytes is refused as not SQLite", async () => {
    const short = Buffer.alloc(99);
    short.write("SQLite format 3\0", "latin1");
    await writeFile(file, short);
    expect((await failureOf(file)).message).toContain("it is not a SQLite database");
  });

  it("of a whole header and nothing sound after it is refused as damaged by SQLite's own reading", async () => {
    const header = Buffer.alloc(100);
    header.write("SQLite format 3\0", "latin1");
    await writeFile(file, header);
    const started = performance.now();
    const error = await failureOf(file, { busyTimeoutMs: 60_000 });
    expect(performance.now() - started).toBeLessThan(30_000); // refused at once, not retried as busy
    expect(error).toMatchObject({ reason: "damaged_database", filePath: file });
    expect(error.message).toContain(`The journal database ${file} is damaged: file is not a database.`);
    expect((error.cause as { code?: string }).code).toBe("SQLITE_NOTADB");
  });

  it("whose first page is garbage after the header is refused as damaged at once, not retried as busy", async () => {
    const database = new Database(file);
    database.exec("create table filler (text text)");
    database.close();
    // The first page's b-tree header, just after the file header: SQLite reads the schema there.
    const handle = openSync(file, "r+");
    try {
      writeSync(handle, Buffer.alloc(100, 0x5a), 0, 100, 108);
    } finally {
      closeSync(handle);
    }
    const started = performance.now();
    const error = await failureOf(file, { busyTimeoutMs: 60_000 });
    expect(performance.now() - started).toBeLessThan(30_000); // well before the busy timeout
    expect(error).toMatchObject({ reason: "damaged_database", filePath: file });
    expect((error.cause as { code?: string }).code).toBe("SQLITE_CORRUPT");
    expect(error.message).toContain(`The journal database ${file} is damaged: malformed database schema`);
  });

  it("that fails the integrity check is refused, naming what the check found, unless the check is off", async () => {
    writeCorruptDatabase(file);
    const started = performance.now();
    const error = await failureOf(file, { busyTimeoutMs: 60_000 });
    expect(performance.now() - started).toBeLessThan(30_000); // refused at once, not retried as busy
    expect(error).toMatchObject({ reason: "damaged_database", filePath: file });
    expect(error.message).toMatch(
      /is damaged: the integrity check failed \(\*\*\* in database main \*\*\*.+\)\. It has been left/su,
    );
    const { db } = await openAt(file, { integrityCheck: false });
    expect(await pragma(db, "journal_mode")).toBe("wal");
  });

  it("closes the file it read the header from, whatever the header said", async () => {
    const openFiles = () => readdirSync("/proc/self/fd").length;
    await writeFile(file, "not a database, ".repeat(20));
    const before = openFiles();
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect(await failureOf(file)).toMatchObject({ reason: "damaged_database" });
    expect(openFiles() - before).toBeLessThan(10);
  });

  it("in a place that cannot be read says so, with the path and the system's reason", async () => {
    await mkdir(file);
    const folderInPlace = await failureOf(file);
    expect(folderInPlace).toBeInstanceOf(JournalError);
    expect(folderInPlace).toMatchObject({ reason: "database_unavailable", filePath: file });
    expect(folderInPlace.message).toMatch(new RegExp(`^Cannot read the journal database ${file}: EISDIR`, "u"));

    const loop = path.join(folder, "loop.db");
    await symlink(loop, loop);
    const looping = await failureOf(loop);
    expect(looping).toMatchObject({ reason: "database_unavailable", filePath: loop });
    expect(looping.message).toMatch(new RegExp(`^Cannot read the journal database ${loop}: ELOOP`, "u"));
  });

  it("that is not a regular file says so, though it reports a size of 0 (a named pipe, or a folder on btrfs)", async () => {
    execFileSync("mkfifo", [file]);
    const pipe = await failureOf(file);
    expect(pipe).toMatchObject({ reason: "database_unavailable", filePath: file });
    expect(pipe.message).toBe(`Cannot read the journal database ${file}: it is not a regular file`);
  });

  it("whose folder cannot be made says so", async () => {
    await writeFile(path.join(folder, "plain-file"), "x");
    const target = path.join(folder, "plain-file", "journal.db");
    const error = await failureOf(target);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "database_unavailable", filePath: target });
    expect(error.message).toMatch(new RegExp(`^Cannot open the journal database ${target}: EEXIST`, "u"));
  });
});

/** A process that writes to `target` in SQLite's default (rollback) mode and keeps its transaction open `holdMs`. */
async function holdWriteLock(
  target: string,
  holdMs: number,
): Promise<{ released: Promise<number | null>; stop: () => void }> {
  const script = `
    const Database = require(${JSON.stringify(require.resolve("better-sqlite3"))});
    const db = new Database(process.argv[1]);
    db.exec("create table if not exists other_tool (x)");
    db.exec("begin immediate");
    db.exec("insert into other_tool values (1)");
    process.stdout.write("held\\n");
    setTimeout(() => { db.exec("commit"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, target, String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const released = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout.once("data", () => resolve({ released, stop: () => child.kill() }));
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
  });
}

describe("another process's lock on a new file", () => {
  it("is waited for no longer than the busy timeout, then reported as the database being unavailable", async () => {
    // Held far longer than the open may wait (300 ms), so that a slow machine cannot see it released first.
    const holder = await holdWriteLock(file, 20_000);
    let released = false;
    void holder.released.then(() => (released = true));
    try {
      const error = await failureOf(file, { busyTimeoutMs: 300 });
      expect(released).toBe(false); // it gave up while the lock was still held
      expect(error).toBeInstanceOf(JournalError);
      expect(error).toMatchObject({ reason: "database_unavailable", filePath: file });
      expect(error.message).toMatch(new RegExp(`^Cannot open the journal database ${file}: database is locked`, "u"));
    } finally {
      holder.stop();
      await holder.released;
    }
  }, 30_000);
});
