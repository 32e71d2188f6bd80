// Brings a journal's schema up to date when it opens. Safe when several processes open one journal at once:
// PostgreSQL serialises them with Kysely's advisory lock, SQLite with the write lock its migration transaction takes
// up front (BEGIN IMMEDIATE, see sqlite-database.ts); whoever comes second finds nothing left to do.
import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator } from "kysely";

import { describeError } from "../common/describe-error";
import { JournalError } from "./journal-error";
import { journalMigrationProvider, journalMigrations } from "./migrations";
import type { OpenedDatabase } from "./open-database";

/** Migrations the database has applied that this version does not know: it was written by a newer version. */
async function unknownMigrations(opened: OpenedDatabase): Promise<string[]> {
  const tables = await opened.db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  // The migration table is Kysely's, not part of the journal's typed schema.
  const untyped = opened.db as unknown as Kysely<Record<string, { name: string }>>;
  const applied = await untyped.selectFrom(DEFAULT_MIGRATION_TABLE).select("name").execute();
  const known = new Set(Object.keys(journalMigrations(opened.engine)));
  return applied.map((row) => row.name).filter((name) => !known.has(name));
}

export async function migrateJournal(opened: OpenedDatabase, options: { signal?: AbortSignal } = {}): Promise<void> {
  options.signal?.throwIfAborted();
  const newer = await unknownMigrations(opened);
  if (newer.length > 0) {
    throw new JournalError({
      reason: "migration_failed",
      message:
        `The journal database ${opened.location} was written by a newer version of this program ` +
        `(it has the migration${newer.length > 1 ? "s" : ""} ${newer.join(", ")}, unknown to this version). ` +
        "Open it with that version, or point this one at another data folder or database. Nothing was changed.",
    });
  }
  const migrator = new Migrator({ db: opened.db, provider: journalMigrationProvider(opened.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  throw new JournalError({
    reason: "migration_failed",
    cause: error,
    message:
      `Could not bring the journal database ${opened.location} up to date` +
      `${failed ? ` (migration ${failed})` : ""}: ${describeError(error)}. Each migration runs in a transaction, so the failed one left nothing behind.`,
  });
}
