// The shared database handle (database-handle.ts) on SQLite in a temp folder: its engine and location known before
// opening, one open and migrated database for every caller, an open that failed tried again by the next caller (and
// only the failed attempt forgotten), the database closed when migrating fails or is cancelled, and reopened after
// close().
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { migrateJournal } from "../../src/journal/migrate-journal";
import { journalMigrations } from "../../src/journal/migrations";
import { openJournalDatabase } from "../../src/journal/open-database";

let folder: string;
const handles: DatabaseHandle[] = [];
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "database-handle-"));
});
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  await rm(folder, { recursive: true, force: true });
});

function handleFor(options: Parameters<typeof createDatabaseHandle>[0]): DatabaseHandle {
  const handle = createDatabaseHandle(options);
  handles.push(handle);
  return handle;
}

const applied = async (handle: DatabaseHandle) =>
  (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute((await handle.open()).db)
  ).rows.map((row) => row.name);

describe("createDatabaseHandle", () => {
  it("knows its engine and location before opening", () => {
    const relative = path.relative(process.cwd(), folder);
    expect(handleFor({ dataDir: relative })).toMatchObject({
      engine: "sqlite",
      location: path.join(folder, "quantagent.db"),
    });
    expect(handleFor({ dataDir: folder, databaseUrl: "  " })).toMatchObject({ engine: "sqlite" });
    expect(
      handleFor({ dataDir: folder, databaseUrl: "  postgres://journal:hunter2secret@db.example:5432/journal  " }),
    ).toMatchObject({ engine: "postgres", location: "postgres://journal:***@db.example:5432/journal" });
    expect(existsSync(path.join(folder, "quantagent.db"))).toBe(false);
  });

  it("opens and migrates once, and gives every caller the same database", async () => {
    const handle = handleFor({ dataDir: folder });
    const [first, second] = await Promise.all([handle.open(), handle.open()]);
    expect(second).toBe(first);
    expect(await handle.open()).toBe(first);
    expect(first.location).toBe(handle.location);
    expect(await applied(handle)).toEqual(Object.keys(journalMigrations("sqlite")));
  });

  it("tries a failed open again for the next caller", async () => {
    const dataDir = path.join(folder, "data");
    await writeFile(dataDir, "a file where the folder should be");
    const handle = handleFor({ dataDir });
    await expect(handle.open()).rejects.toMatchObject({ reason: "database_unavailable" });
    await rm(dataDir);
    await mkdir(dataDir);
    expect(await applied(handle)).toEqual(Object.keys(journalMigrations("sqlite")));
  });

  it("forgets only its own failed attempt: an open begun after close() stays the shared one", async () => {
    const dataDir = path.join(folder, "data");
    await writeFile(dataDir, "a file where the folder should be");
    const handle = handleFor({ dataDir });
    const failing = handle.open();
    failing.catch(() => undefined);
    const closing = handle.close();
    // All before the failed attempt settles: it must then leave the new attempt alone.
    rmSync(dataDir);
    mkdirSync(dataDir);
    const retried = handle.open();
    await expect(failing).rejects.toMatchObject({ reason: "database_unavailable" });
    await closing;
    expect(await handle.open()).toBe(await retried);
  });

  it("closes the database when migrating fails, and tries again next time", async () => {
    const before = await openJournalDatabase({ dataDir: folder });
    await migrateJournal(before);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-later', '2099-01-01T00:00:00.000Z')`.execute(
      before.db,
    );
    await before.close();
    const handle = handleFor({ dataDir: folder });
    await expect(handle.open()).rejects.toMatchObject({ reason: "migration_failed" });
    // SQLite removes the log file when the last connection closes: none is left open.
    expect(existsSync(path.join(folder, "quantagent.db-wal"))).toBe(false);
    await expect(handle.open()).rejects.toMatchObject({ reason: "migration_failed" });
  });

  it("passes its signal to the migration: cancelled while opening, it migrates nothing", async () => {
    const controller = new AbortController();
    const handle = handleFor({ dataDir: folder, signal: controller.signal });
    const opening = handle.open();
    controller.abort(new Error("shutting down"));
    await expect(opening).rejects.toThrow("shutting down");
    const after = await openJournalDatabase({ dataDir: folder });
    try {
      expect(await after.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it("closes what it opened, opens again afterwards, and closes without having opened", async () => {
    const unopened = handleFor({ dataDir: path.join(folder, "unused") });
    await unopened.close();
    expect(existsSync(path.join(folder, "unused"))).toBe(false);
    const handle = handleFor({ dataDir: folder });
    const first = await handle.open();
    await handle.close();
    await expect(sql`select 1`.execute(first.db)).rejects.toThrow();
    expect(existsSync(path.join(folder, "quantagent.db-wal"))).toBe(false);
    const second = await handle.open();
    expect(second).not.toBe(first);
    expect((await sql<{ one: number }>`select 1 as one`.execute(second.db)).rows).toEqual([{ one: 1 }]);
  });

  it("closes quietly after a failed open", async () => {
    const dataDir = path.join(folder, "data");
    await writeFile(dataDir, "a file where the folder should be");
    const handle = handleFor({ dataDir });
    await expect(handle.open()).rejects.toThrow();
    const failing = handle.open();
    failing.catch(() => undefined);
    await expect(handle.close()).resolves.toBeUndefined();
  });
});
