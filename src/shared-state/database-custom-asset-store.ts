// The custom-asset list in the journal's database (used with DATABASE_URL), so every server and worker on one
// PostgreSQL sees the same list. The rules are the file store's (custom-asset-store.ts); a symbol is one row keyed
// by its upper-case spelling, so two servers adding "eth-usd" and "ETH-USD" at once store it once. The data folder's
// custom_assets.json is imported on first use (import-custom-assets-file.ts), once per database.
import { type Kysely, sql } from "kysely";

import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import type { DatabaseHandle } from "../journal/database-handle";
import type { JournalDatabase } from "../journal/database-schema";
import {
  checkSymbol,
  customAssetListFull,
  type CustomAssetStore,
  DEFAULT_MAX_CUSTOM_ASSETS,
  symbolToSave,
} from "../market/custom-asset-store";
import { CustomAssetStoreError } from "../market/custom-asset-store-error";
import { importCustomAssetsFile } from "./import-custom-assets-file";

export interface DatabaseCustomAssetStoreOptions {
  database: DatabaseHandle;
  /** The data folder whose custom_assets.json is imported the first time any process uses the database. */
  dataDir: string;
  /** More symbols than this are refused. Default 1000. */
  maxAssets?: number;
}

// Any fixed number: saves of every process on the database queue on it while they count and insert.
const SAVE_LOCK = 7_146_231;

export function createDatabaseCustomAssetStore(options: DatabaseCustomAssetStoreOptions): CustomAssetStore {
  const { database } = options;
  const maxAssets = options.maxAssets ?? DEFAULT_MAX_CUSTOM_ASSETS;
  let imported: Promise<void> | undefined;

  /** The database, with the file imported (once per process; the database keeps it to once in all). */
  async function ready(): Promise<Kysely<JournalDatabase>> {
    const { db } = await database.open();
    imported ??= importCustomAssetsFile(db, { dataDir: options.dataDir }).then(
      () => undefined,
      (error: unknown) => {
        // A damaged file is the server's to report at start (it logs why); the database's list is used meanwhile.
        if (error instanceof CustomAssetStoreError && error.reason === "corrupt_file") return;
        imported = undefined;
        throw error;
      },
    );
    await imported;
    return db;
  }

  /** Database failures as the store's own error, saying where; the store's and the journal's errors pass as they are. */
  async function guarded<T>(action: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    try {
      return await work();
    } catch (error) {
      if (QuantAgentError.isInstance(error) || signal?.aborted) throw error;
      throw new CustomAssetStoreError({
        reason: "io",
        message: `Could not ${action} custom assets in the shared database: ${describeError(error)}`,
        cause: error,
      });
    }
  }

  return {
    location: database.location,
    list: (operation = {}) =>
      guarded(
        "read",
        async () => {
          const rows = await (
            await ready()
          )
            .selectFrom("custom_assets")
            .select("symbol")
            .orderBy("created_at")
            .orderBy("symbol_key")
            .execute();
          return rows.map((row) => row.symbol);
        },
        operation.signal,
      ),
    async save(input, operation = {}) {
      const wanted = symbolToSave(input);
      if (wanted.kind === "listed") return { symbol: wanted.symbol, added: false };
      const { symbol } = wanted;
      const db = await guarded("save", ready, operation.signal);
      return guarded(
        "save",
        () =>
          db.transaction().execute(async (transaction) => {
            if (database.engine === "postgres")
              await sql`select pg_advisory_xact_lock(${SAVE_LOCK})`.execute(transaction);
            const existing = await transaction
              .selectFrom("custom_assets")
              .select("symbol")
              .where("symbol_key", "=", symbol.toUpperCase())
              .executeTakeFirst();
            if (existing) return { symbol: existing.symbol, added: false };
            const { count } = await transaction
              .selectFrom("custom_assets")
              .select((select) => select.fn.countAll<number | string>().as("count"))
              .executeTakeFirstOrThrow();
            if (Number(count) >= maxAssets) throw customAssetListFull(symbol, maxAssets);
            await transaction
              .insertInto("custom_assets")
              .values({ symbol_key: symbol.toUpperCase(), symbol, created_at: new Date().toISOString() })
              .execute();
            return { symbol, added: true };
          }),
        operation.signal,
      );
    },
    async remove(input, operation = {}) {
      const symbol = checkSymbol(input);
      return guarded(
        "remove",
        async () => {
          const removed = await (
            await ready()
          )
            .deleteFrom("custom_assets")
            .where("symbol_key", "=", symbol.toUpperCase())
            .returning("symbol")
            .executeTakeFirst();
          return removed ? { symbol: removed.symbol, removed: true } : { symbol, removed: false };
        },
        operation.signal,
      );
    },
  };
}
