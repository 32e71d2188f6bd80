// Brings a journal's schema up to date when it opens. Safe when several processes open one journal at once:
// PostgreSQL serialises them with Kysely's advisory lock, SQLite with the write lock its migration transaction takes
// up front (BEGIN IMMEDIATE, see sqlite-database.ts); whoever comes second finds nothing left to do.
import { Migrator } from "kysely";
import { describeError } from "../common/describe-error";
import { journalMigrationProvider } from "./migrations";
import type { OpenedDatabase } from "./open-database";
import { JournalError } from "./journal-error";

export async function migrateJournal(opened: OpenedDatabase, options: { signal?: AbortSignal } = {}): Promise<void> {
  options.signal?.throwIfAborted();
  const migrator = new Migrator({ db: opened.db, provider: journalMigrationProvider(opened.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  throw new JournalError({
    code: "migration_failed",
    cause: error,
    message:
      `Could not bring the journal database ${opened.location} up to date` +
      `${failed ? ` (migration ${failed})` : ""}: ${describeError(error)}. Nothing of that migration was kept; ` +
      "a journal written by a newer version of this program needs that version.",
  });
}
