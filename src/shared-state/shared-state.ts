// What a process keeps in the journal's database when that database is PostgreSQL, so that every server and worker
// on it shares it: the custom-asset list and the rate limit of each provider key. With SQLite (one machine) the
// custom assets stay in the data folder's file and calls are not limited beyond the providers' own answers.
import type { DatabaseHandle } from "../journal/database-handle";
import { createCustomAssetStore } from "../market/custom-asset-file-store";
import type { CustomAssetStore } from "../market/custom-asset-store";
import { createDatabaseCustomAssetStore } from "./database-custom-asset-store";
import { createSharedRateLimiter, type SharedRateLimiter } from "./shared-rate-limiter";

export interface SharedState {
  assetStore: CustomAssetStore;
  /** Undefined without PostgreSQL. */
  rateLimiter: SharedRateLimiter | undefined;
}

export function sharedStateFor(options: { dataDir: string; database: DatabaseHandle }): SharedState {
  if (options.database.engine !== "postgres")
    return { assetStore: createCustomAssetStore({ dataDir: options.dataDir }), rateLimiter: undefined };
  return {
    assetStore: createDatabaseCustomAssetStore({ database: options.database, dataDir: options.dataDir }),
    rateLimiter: createSharedRateLimiter({ database: options.database }),
  };
}
