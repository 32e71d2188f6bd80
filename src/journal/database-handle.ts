// The journal's database as one process part shares it: opened and migrated on first use, then handed to every store
// that lives in it (the journal, and with PostgreSQL the custom assets, the model answers, the rate-limit buckets and
// the queued runs), so a process keeps one connection pool instead of one per store. An open that fails (PostgreSQL
// down) is tried again by the next caller.
import path from "node:path";

import type { JournalEngine } from "./database-schema";
import { migrateJournal } from "./migrate-journal";
import { JOURNAL_FILE_NAME, type OpenDatabaseOptions, type OpenedDatabase, openJournalDatabase } from "./open-database";
import { redactDatabaseUrl } from "./postgres-database";

export interface DatabaseHandle {
  /** Known before opening: PostgreSQL when a database URL was given. */
  readonly engine: JournalEngine;
  /** The SQLite file, or the PostgreSQL URL without its password. */
  readonly location: string;
  /** The open, migrated database; the same one for every caller until close(). */
  open(): Promise<OpenedDatabase>;
  /** Closes the database if it was opened; open() afterwards opens it again. */
  close(): Promise<void>;
}

export function createDatabaseHandle(options: OpenDatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl?.trim() || undefined;
  let opening: Promise<OpenedDatabase> | undefined;
  const open = () => {
    opening ??= (async () => {
      const opened = await openJournalDatabase({ ...options, databaseUrl: url });
      try {
        await migrateJournal(opened, { signal: options.signal });
      } catch (error) {
        await opened.close();
        throw error;
      }
      return opened;
    })();
    const attempt = opening;
    attempt.catch(() => {
      if (opening === attempt) opening = undefined;
    });
    return attempt;
  };
  return {
    engine: url ? "postgres" : "sqlite",
    location: url ? redactDatabaseUrl(url) : path.resolve(options.dataDir, JOURNAL_FILE_NAME),
    open,
    async close() {
      const pending = opening;
      opening = undefined;
      const opened = await pending?.catch(() => undefined);
      await opened?.close();
    },
  };
}
