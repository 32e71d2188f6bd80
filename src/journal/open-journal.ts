// Opening a journal: the engine the options ask for (SQLite by default, PostgreSQL with a database URL), checked,
// and migrated to the current schema before the first call.
import { createJournal, type Journal } from "./journal";
import { migrateJournal } from "./migrate-journal";
import { type OpenDatabaseOptions, openJournalDatabase } from "./open-database";

export type OpenJournalOptions = OpenDatabaseOptions;

/**
 * Opens (and creates when new) the journal: `<dataDir>/quantagent.db`, or the PostgreSQL database at
 * `databaseUrl` (`postgres://user:password@host:5432/name`) that several processes and machines can share.
 */
export async function openJournal(options: OpenJournalOptions): Promise<Journal> {
  const opened = await openJournalDatabase(options);
  try {
    await migrateJournal(opened, { signal: options.signal });
  } catch (error) {
    await opened.close();
    throw error;
  }
  return createJournal(opened);
}
