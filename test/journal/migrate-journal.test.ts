// Bringing a journal's schema up to date, on SQLite (the PostgreSQL side is in migrations.test.ts): a cancelled open
// touches nothing, a journal from a newer version is refused naming each unknown migration, and a migration that
// fails is named with the cause and leaves nothing half-done.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { migrateJournal } from "../../src/journal/migrate-journal";
import { journalMigrationProvider, journalMigrations } from "../../src/journal/migrations";
import { type OpenedDatabase, openJournalDatabase } from "../../src/journal/open-database";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<OpenedDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "migrate-journal-"));
  const opened = await openJournalDatabase({ dataDir });
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => opened.close(),
  );
  return opened;
}

const tableNames = async (opened: OpenedDatabase) =>
  (await opened.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name).sort();
const applied = async (opened: OpenedDatabase) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(opened.db)).rows.map(
    (row) => row.name,
  );

describe("migrateJournal on SQLite", () => {
  it("applies every migration to a new journal, and finds nothing to do the second time", async () => {
    const opened = await freshDatabase();
    await migrateJournal(opened);
    expect(await applied(opened)).toEqual(Object.keys(journalMigrations("sqlite")));
    await migrateJournal(opened);
    expect(await applied(opened)).toEqual(Object.keys(journalMigrations("sqlite")));
  });

  it("does nothing at all when its signal has aborted", async () => {
    const opened = await freshDatabase();
    const controller = new AbortController();
    controller.abort(new Error("shutting down"));
    await expect(migrateJournal(opened, { signal: controller.signal })).rejects.toThrow("shutting down");
    expect(await tableNames(opened)).toEqual([]);
  });

  it("refuses a journal with migrations it does not know, naming each, and changes nothing", async () => {
    const opened = await freshDatabase();
    await migrateJournal(opened);
    await sql`insert into kysely_migration (name, timestamp) values ('9998-a', '2099-01-01T00:00:00.000Z'), ('9999-b', '2099-01-01T00:00:00.000Z')`.execute(
      opened.db,
    );
    const error = await migrateJournal(opened).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "migration_failed" });
    expect((error as Error).message).toBe(
      `The journal database ${opened.location} was written by a newer version of this program ` +
        "(it has the migrations 9998-a, 9999-b, unknown to this version). Open it with that version, or point this " +
        "one at another data folder or database. Nothing was changed.",
    );
  });

  it("names the migration that failed and its cause, and keeps the ones before it", async () => {
    const opened = await freshDatabase();
    const migrator = new Migrator({ db: opened.db, provider: journalMigrationProvider("sqlite") });
    expect((await migrator.migrateTo("0002-evaluation-runs")).error).toBeUndefined();
    // The next migration creates this table: finding it there already makes it fail.
    await sql`create table lessons (analysis_id text)`.execute(opened.db);
    const error = await migrateJournal(opened).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "migration_failed" });
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^Could not bring the journal database ${opened.location.replaceAll(/[.*+?^${}()|[\]\\]/gu, "\\$&")} up to date \\(migration 0003-stages-and-lessons\\): .*lessons.*already exists.*\\. Each migration runs in a transaction, so the failed one left nothing behind\\.$`,
        "u",
      ),
    );
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(await applied(opened)).toEqual(["0001-analyses-and-charts", "0002-evaluation-runs"]);
    // The failed migration's first step (a new column) was rolled back with it.
    const columns = (await opened.db.introspection.getTables()).find((table) => table.name === "analyses")!.columns;
    expect(columns.map((column) => column.name)).not.toContain("stages");
  });

  it("migrates a database that holds other tables but no journal yet", async () => {
    const opened = await freshDatabase();
    await sql`create table notes (text text)`.execute(opened.db);
    await migrateJournal(opened);
    expect(await applied(opened)).toEqual(Object.keys(journalMigrations("sqlite")));
  });

  it("says what failed before any migration ran, naming none", async () => {
    const opened = await freshDatabase();
    // Kysely's own lock table, there already with other columns: the migrator fails while taking its lock.
    await sql`create table kysely_migration_lock (other text)`.execute(opened.db);
    const error = await migrateJournal(opened).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "migration_failed" });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Could not bring the journal database ${opened.location.replaceAll(/[.*+?^${}()|[\]\\]/gu, "\\$&")} up to date: .*id.*\\. Each migration runs in a transaction, so the failed one left nothing behind\\.$`,
        "u",
      ),
    );
    expect(await tableNames(opened)).not.toContain("analyses");
  });

  it("names a single unknown migration in the singular", async () => {
    const opened = await freshDatabase();
    await migrateJournal(opened);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-b', '2099-01-01T00:00:00.000Z')`.execute(
      opened.db,
    );
    await expect(migrateJournal(opened)).rejects.toThrow("(it has the migration 9999-b, unknown to this version)");
  });

  it("names the migration that failed, not the first one of the run", async () => {
    const opened = await freshDatabase();
    await sql`create table lessons (analysis_id text)`.execute(opened.db);
    const error = await migrateJournal(opened).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain("up to date (migration 0003-stages-and-lessons): ");
    // SQLite runs a whole migration run in one transaction: the two before it are rolled back with it.
    expect(await applied(opened)).toEqual([]);
  });
});
