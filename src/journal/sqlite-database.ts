// Opens the embedded journal: one SQLite file through better-sqlite3, checked before anything writes to it. A file
// that is not a database, or fails SQLite's integrity check, is refused with its path and what to do, and is never
// written to: records that cost model calls are not "repaired" away behind the user's back.
import { closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";

import type BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";

import { describeError } from "../common/describe-error";
import type { JournalDatabase } from "./database-schema";
import { JournalError } from "./journal-error";
import { BACKSTOP_CHECKPOINT_PAGES, type CheckpointScheduler, createCheckpointScheduler } from "./sqlite-checkpoints";

export interface SqliteJournalOptions {
  file: string;
  /** How long a write waits for another process's write to finish. */
  busyTimeoutMs: number;
  /** Run SQLite's quick_check before use (reads the whole file once). */
  integrityCheck: boolean;
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const HEADER_BYTES = 100;
const DAMAGE_CODES = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT"]);

function damagedError(file: string, problem: string, cause?: unknown): JournalError {
  return new JournalError({
    reason: "damaged_database",
    filePath: file,
    cause,
    message:
      `The journal database ${file} is damaged: ${problem}. It has been left exactly as it is. ` +
      `Move it aside (or restore a backup) and open the journal again to start a new one; ` +
      `\`sqlite3 ${JSON.stringify(file)} .recover\` may save what it still holds.`,
  });
}

function unreadable(file: string, error: unknown): JournalError {
  return new JournalError({
    reason: "database_unavailable",
    filePath: file,
    message: `Cannot read the journal database ${file}: ${describeError(error)}`,
    cause: error,
  });
}

/** The file's first bytes, or undefined for a new journal (no file yet). */
function readHead(file: string): { size: number; header: Buffer } | undefined {
  try {
    const info = statSync(file);
    // Checked here, not left to the read below: an empty folder reports a size of 0 on some file systems (btrfs),
    // which would pass for a new journal's empty file.
    if (!info.isFile()) {
      const what = info.isDirectory() ? "EISDIR: it is a folder" : "it is not a regular file";
      throw Object.assign(new Error(what), { code: info.isDirectory() ? "EISDIR" : "EINVAL" });
    }
    const size = info.size;
    const header = Buffer.alloc(HEADER_BYTES);
    if (size === 0) return { size, header };
    const handle = openSync(file, "r");
    try {
      readSync(handle, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(handle);
    }
    return { size, header };
  } catch (error) {
    // A folder in the file's place, a symbolic link loop, a permission: said as such, not as Node's bare error.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw unreadable(file, error);
  }
}

/** Reads the first bytes itself, so a file that is not SQLite is never handed to SQLite at all. */
function checkHeader(file: string): void {
  const head = readHead(file);
  if (!head) return; // a new journal
  const { size, header } = head;
  if (size === 0) return; // SQLite's own way of starting a database: an empty file
  if (size < HEADER_BYTES || !header.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
    throw damagedError(file, "it is not a SQLite database (its first bytes are not the SQLite header)");
  }
}

// Every write transaction starts with BEGIN IMMEDIATE, which takes the write lock up front and waits for it (busy
// timeout). Kysely's plain BEGIN defers that to the first write; in WAL mode a transaction that has read and then
// finds another process committed in between fails at once with SQLITE_BUSY instead of waiting.
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

// Kysely's SQLite adapter says SQLite has no transactional DDL (it has) and takes no migration lock, so two processes
// opening a new journal at once would both create the tables and one would fail. Saying yes makes the Migrator run
// all of its reading and migrating in one transaction, which BEGIN IMMEDIATE turns into a cross-process lock: the
// second process waits, then finds nothing left to do. It also makes a failed migration leave nothing behind.
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function classifyOpenError(file: string, error: unknown): JournalError {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && DAMAGE_CODES.has(code)) return damagedError(file, describeError(error), error);
  return new JournalError({
    reason: "database_unavailable",
    filePath: file,
    message: `Cannot open the journal database ${file}: ${describeError(error)}`,
    cause: error,
  });
}

export interface SqliteJournal {
  db: Kysely<JournalDatabase>;
  checkpoints: CheckpointScheduler;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** Checks the file and sets the connection up; closes it and throws when either fails. */
function configureDatabase(
  file: string,
  database: BetterSqlite3.Database,
  options: SqliteJournalOptions,
): BetterSqlite3.Database {
  try {
    if (options.integrityCheck) {
      const problems = (database.pragma("quick_check(5)") as { quick_check: string }[]).map((row) => row.quick_check);
      if (problems.length !== 1 || problems[0] !== "ok")
        throw damagedError(file, `the integrity check failed (${problems.join("; ")})`);
    }
    // WAL: readers never block the writer, and a killed process leaves the last committed state. synchronous=NORMAL
    // syncs at checkpoints, not at each commit: a process crash loses nothing committed, a power cut or OS crash may
    // lose the last few records but never corrupts the file. FULL would sync every commit, 3 to 5 ms of a record's
    // time here for 200 KB of charts.
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    // SQLite enforces foreign keys only when asked, per connection; chart removal relies on them.
    database.pragma("foreign_keys = ON");
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

export async function openSqliteDatabase(options: SqliteJournalOptions): Promise<SqliteJournal> {
  const { file } = options;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw classifyOpenError(file, error);
  }
  checkHeader(file);
  // Loaded on first use: the native addon is only needed by programs that open an embedded journal.
  const Database = (await import("better-sqlite3")).default;
  // Two processes opening a new file at the same moment both ask to switch it to WAL; SQLite sees the deadlock and
  // answers one of them SQLITE_BUSY at once, without waiting on the busy timeout. That one starts over after a short,
  // random pause (the other has switched the file by then), until the busy timeout has passed.
  const deadline = Date.now() + options.busyTimeoutMs;
  let database: BetterSqlite3.Database;
  for (;;) {
    try {
      database = configureDatabase(file, new Database(file, { timeout: options.busyTimeoutMs }), options);
      break;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline)
        throw error instanceof JournalError ? error : classifyOpenError(file, error);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
  const db = new Kysely<JournalDatabase>({ dialect: new ImmediateTransactionSqliteDialect({ database }) });
  return { db, checkpoints: createCheckpointScheduler(db, `${file}-wal`) };
}
