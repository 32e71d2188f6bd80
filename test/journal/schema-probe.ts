// Probes of the journal's schema as the database enforces it, for the migrations' tests: a freshly migrated SQLite
// journal in a temp folder, and row writes that report the database's refusal instead of throwing. What a column
// promises (never null, a default, one row per key, a reference that must exist) is checked by writing rows, not by
// reading the schema's text back.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Kysely, sql } from "kysely";
import { afterEach } from "vitest";

import { migrateJournal } from "../../src/journal/migrate-journal";
import { type OpenedDatabase, openJournalDatabase } from "../../src/journal/open-database";

export type Row = Record<string, unknown>;
type AnyDatabase = Kysely<any>;

/** Registers the cleanup hook; call at the top of a test file. Answers a function opening a new migrated journal. */
export function useMigratedSqlite(): () => Promise<OpenedDatabase> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "journal-schema-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const opened = await openJournalDatabase({ dataDir });
    cleanups.push(() => opened.close());
    await migrateJournal(opened);
    return opened;
  };
}

/** Inserts a row; answers the database's refusal message, or undefined when it was stored. */
export async function insertRow(db: AnyDatabase, table: string, row: Row): Promise<string | undefined> {
  try {
    await db.insertInto(table).values(row).execute();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The columns of a table, from the database itself. */
export async function columnNames(db: AnyDatabase, table: string): Promise<string[]> {
  const found = (await db.introspection.getTables()).find((candidate) => candidate.name === table);
  return (found?.columns ?? []).map((column) => column.name).sort();
}

/**
 * Writes `row` once per column with that column null, each in a transaction rolled back afterwards, and answers the
 * columns whose null was stored. The row must name every column of the table (checked), so none is left unprobed,
 * except a single-column text primary key (`key`): SQLite lets one be null, a quirk it keeps for old files, and the
 * library always writes one; its tests write the same key twice instead.
 */
export async function columnsAcceptingNull(db: AnyDatabase, table: string, row: Row, key?: string): Promise<string[]> {
  const missing = (await columnNames(db, table)).filter((column) => !(column in row));
  if (missing.length > 0) throw new Error(`the probe row of ${table} lacks ${missing.join(", ")}`);
  const accepted: string[] = [];
  for (const column of Object.keys(row).filter((name) => name !== key)) {
    const refusal = await db
      .transaction()
      .execute(async (transaction) => {
        const message = await insertRow(transaction, table, { ...row, [column]: null });
        throw new RolledBack(message);
      })
      .catch((error: unknown) => (error instanceof RolledBack ? error.refusal : String(error)));
    if (refusal === undefined) accepted.push(column);
    else if (!/NOT NULL/iu.test(refusal)) throw new Error(`${table}.${column} = null: ${refusal}`);
  }
  return accepted.sort();
}

class RolledBack extends Error {
  constructor(readonly refusal: string | undefined) {
    super("rolled back");
  }
}

/** Every row of a table, in a stable order, for comparisons. */
export async function rowsOf(db: AnyDatabase, table: string, orderBy: string): Promise<Row[]> {
  return (await sql.raw<Row>(`select * from ${table} order by ${orderBy}`).execute(db)).rows;
}
