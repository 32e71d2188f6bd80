// Opening a journal (open-journal.ts), on SQLite in a temp folder: migrated before the first call, and on a failed or
// cancelled migration the database closed again and the error passed on as it is.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { migrateJournal } from "../../src/journal/migrate-journal";
import { openJournalDatabase } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { sampleEntry } from "./journal-fixtures";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "open-journal-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("openJournal", () => {
  it("answers a migrated journal that records and lists", async () => {
    const journal = await openJournal({ dataDir: folder });
    try {
      const recorded = await journal.record(sampleEntry());
      expect((await journal.list()).analyses.map((analysis) => analysis.id)).toEqual([recorded.id]);
    } finally {
      await journal.close();
    }
  });

  it("closes the database and passes the error on when migrating fails", async () => {
    const before = await openJournalDatabase({ dataDir: folder });
    await migrateJournal(before);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-later', '2099-01-01T00:00:00.000Z')`.execute(
      before.db,
    );
    await before.close();
    await expect(openJournal({ dataDir: folder })).rejects.toMatchObject({ reason: "migration_failed" });
    // SQLite removes the log file when the last connection closes: none is left open.
    expect(existsSync(path.join(folder, "quantagent.db-wal"))).toBe(false);
  });

  it("passes its signal to the migration: cancelled while opening, it migrates nothing", async () => {
    const controller = new AbortController();
    const opening = openJournal({ dataDir: folder, signal: controller.signal });
    controller.abort(new Error("shutting down"));
    await expect(opening).rejects.toThrow("shutting down");
    const after = await openJournalDatabase({ dataDir: folder });
    try {
      expect(await after.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
