// Moving a server's custom_assets.json into the shared database, once per database: the first process to get there
// writes a marker row and the file's symbols in one transaction; every later process (any server, any machine) finds
// the marker and reads nothing. A damaged file is reported and not marked, so the repaired file is imported later.
import path from "node:path";

import type { Kysely, Transaction } from "kysely";

import type { JournalDatabase } from "../journal/database-schema";
import { CUSTOM_ASSETS_FILE_NAME, readCustomAssetsFile } from "../market/custom-assets-file";

/** The shared_settings row that says the import was done. */
export const CUSTOM_ASSETS_IMPORTED = "custom_assets_imported";

export interface CustomAssetsImport {
  /** The file read. */
  file: string;
  /** Symbols added (those already in the database, in any letter case, are not counted). */
  imported: number;
  /** Symbols the file held. */
  found: number;
}

/**
 * Imports `<dataDir>/custom_assets.json` unless this database already had its import (from any process): the
 * import's figures, or null when there was nothing left to do. A missing file imports nothing and is marked done.
 * A damaged file throws CustomAssetStoreError "corrupt_file" and marks nothing.
 */
export async function importCustomAssetsFile(
  db: Kysely<JournalDatabase>,
  options: { dataDir: string; now?: () => Date; signal?: AbortSignal },
): Promise<CustomAssetsImport | null> {
  const file = path.resolve(options.dataDir, CUSTOM_ASSETS_FILE_NAME);
  const done = await db
    .selectFrom("shared_settings")
    .select("name")
    .where("name", "=", CUSTOM_ASSETS_IMPORTED)
    .executeTakeFirst();
  if (done) return null;
  // Read before the transaction: a slow disk does not hold a database lock.
  const { symbols } = await readCustomAssetsFile(file, { signal: options.signal });
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute(async (transaction) => {
    // The marker goes in first: a second process importing at the same moment waits on this row, then finds it taken.
    const marked = await transaction
      .insertInto("shared_settings")
      .values({
        name: CUSTOM_ASSETS_IMPORTED,
        value: JSON.stringify({ file, symbols: symbols.length }),
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    const imported = await insertInOrder(transaction, symbols, now);
    return { file, imported, found: symbols.length };
  });
}

/** Adds symbols after the ones listed, in the given order (one millisecond apart, so the list keeps it). */
async function insertInOrder(
  transaction: Transaction<JournalDatabase>,
  symbols: readonly string[],
  now: Date,
): Promise<number> {
  let imported = 0;
  for (const [index, symbol] of symbols.entries()) {
    const inserted = await transaction
      .insertInto("custom_assets")
      .values({
        symbol_key: symbol.toUpperCase(),
        symbol,
        created_at: new Date(now.getTime() + index).toISOString(),
      })
      .onConflict((conflict) => conflict.column("symbol_key").doNothing())
      .executeTakeFirst();
    imported += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  return imported;
}

/** The sentence a server logs after an import. */
export function describeCustomAssetsImport(result: CustomAssetsImport, location: string): string {
  const what = result.found === 1 ? "1 custom asset" : `${result.found} custom assets`;
  const skipped = result.found - result.imported;
  return (
    `Imported ${what} from ${result.file} into the database ${location}` +
    (skipped > 0 ? ` (${skipped} already there)` : "") +
    ". This happens once: custom assets now live in the database and the file is no longer read."
  );
}
