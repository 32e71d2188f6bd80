// Picks the engine for a journal and opens it, without migrating: SQLite at <dataDir>/quantagent.db by default,
// PostgreSQL when a database URL is given.
import path from "node:path";

import type { Kysely } from "kysely";

import type { JournalDatabase, JournalEngine } from "./database-schema";
import { openPostgresDatabase, redactDatabaseUrl } from "./postgres-database";
import { openSqliteDatabase } from "./sqlite-database";

export const JOURNAL_FILE_NAME = "quantagent.db";

export interface OpenDatabaseOptions {
  /** The data folder; the SQLite journal is <dataDir>/quantagent.db. */
  dataDir: string;
  /** postgres://... to use PostgreSQL instead of SQLite. Empty means SQLite. */
  databaseUrl?: string;
  signal?: AbortSignal;
  /** SQLite: how long a write waits for another process's write. @default 10000 */
  busyTimeoutMs?: number;
  /** SQLite: run SQLite's quick_check when opening. @default true */
  integrityCheck?: boolean;
  /** PostgreSQL: connections kept at most by this process. @default 10 */
  poolSize?: number;
  /** PostgreSQL: give up connecting after this long. @default 10000 */
  connectTimeoutMs?: number;
}

export interface OpenedDatabase {
  db: Kysely<JournalDatabase>;
  engine: JournalEngine;
  /** The SQLite file, or the PostgreSQL URL without its password: for messages. */
  location: string;
  /** Tells the engine a write has committed (SQLite schedules its checkpoint); nothing to do for PostgreSQL. */
  afterWrite(): void;
  /** Closes the database or the connection pool. */
  close(): Promise<void>;
}

export async function openJournalDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  options.signal?.throwIfAborted();
  const url = options.databaseUrl?.trim();
  if (url) {
    const db = await openPostgresDatabase({
      url,
      poolSize: options.poolSize ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      signal: options.signal,
    });
    return {
      db,
      engine: "postgres",
      location: redactDatabaseUrl(url),
      afterWrite: () => undefined,
      close: () => db.destroy(),
    };
  }
  const file = path.resolve(options.dataDir, JOURNAL_FILE_NAME);
  const { db, checkpoints } = await openSqliteDatabase({
    file,
    busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
    integrityCheck: options.integrityCheck ?? true,
  });
  return {
    db,
    engine: "sqlite",
    location: file,
    afterWrite: () => checkpoints.afterWrite(),
    async close() {
      checkpoints.stop();
      await db.destroy();
    },
  };
}
