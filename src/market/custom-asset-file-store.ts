// The custom-asset list kept in the data directory: validated, deduplicated, written atomically, with
// saves serialised inside the process (a queue per file) and across processes on one machine (a lock file).
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";

import { removeStaleTemps, writeFileAtomic } from "../common/atomic-write";
import { FileLockError, withFileLock } from "../common/file-lock";
import {
  checkSymbol,
  customAssetListFull,
  type CustomAssetStore,
  DEFAULT_MAX_CUSTOM_ASSETS,
  symbolToSave,
} from "./custom-asset-store";
import { CustomAssetStoreError } from "./custom-asset-store-error";
import { CUSTOM_ASSETS_FILE_NAME, readCustomAssetsFile, serialiseCustomAssets } from "./custom-assets-file";

export interface CustomAssetStoreOptions {
  dataDir: string;
  /** More symbols than this are refused, which keeps the file and the asset dropdown small. Default 1000. */
  maxAssets?: number;
  /** How long a save waits for another process's lock. Default 10 s. */
  lockTimeoutMs?: number;
  /** A lock (or temp file) older than this is taken as abandoned. Default 10 s. */
  staleMs?: number;
}

export interface CustomAssetFileStore extends CustomAssetStore {
  /** The file: `<dataDir>/custom_assets.json`. */
  readonly filePath: string;
}

// One queue per file for the whole process, so two stores opened on the same folder do not race each other.
const queues = new Map<string, Promise<void>>();

function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * Policies, chosen so no user data is ever lost:
 * - Symbols are stored as typed (trimmed) and deduplicated case-insensitively: Yahoo treats "eth-usd" and
 *   "ETH-USD" as one ticker, and keeping the first spelling leaves the list as the user built it.
 * - A symbol that spells a built-in code with a different ticker (SPX, BTC, GC...) is refused: resolveTicker()
 *   would send it to Yahoo as the built-in's ticker, not as typed. A built-in code that is its own ticker (AAPL,
 *   QQQ, TSLA) is already in the asset list under that code: added: false, nothing written. Built-in tickers
 *   (NQ=F, ^GSPC) are ordinary custom symbols (NQ=F is a documented example), and fetching one as typed is unambiguous.
 * - A damaged file is reported (CustomAssetStoreError "corrupt_file") by list() and save() alike and is never
 *   overwritten; a missing file is an empty list.
 * - Across processes on one machine: every save takes `<file>.lock`, re-reads the file under it and writes atomically, so
 *   concurrent saves from several server processes on one machine all land. Readers need no lock.
 */
export function createCustomAssetStore(options: CustomAssetStoreOptions): CustomAssetFileStore {
  const dataDir = resolve(options.dataDir);
  const filePath = join(dataDir, CUSTOM_ASSETS_FILE_NAME);
  const lockPath = `${filePath}.lock`;
  const maxAssets = options.maxAssets ?? DEFAULT_MAX_CUSTOM_ASSETS;
  const staleMs = options.staleMs ?? 10_000;

  async function update<T>(
    signal: AbortSignal | undefined,
    change: (symbols: string[]) => { next?: string[]; answer: T },
  ): Promise<T> {
    return serialised(filePath, async () => {
      signal?.throwIfAborted();
      try {
        await mkdir(dataDir, { recursive: true });
        return await withFileLock(
          lockPath,
          async (lock) => {
            const content = await readCustomAssetsFile(filePath, { signal });
            const { next, answer } = change(content.symbols);
            if (next === undefined) return answer;
            await removeStaleTemps(filePath, staleMs);
            await lock.assertHeld();
            await writeFileAtomic(filePath, serialiseCustomAssets({ ...content, symbols: next }));
            return answer;
          },
          { signal, timeoutMs: options.lockTimeoutMs, staleMs },
        );
      } catch (error) {
        if (error instanceof CustomAssetStoreError || signal?.aborted) throw error;
        // Lock timeouts and disk errors (full disk, no permission) reach the user as one plain sentence.
        const reason = error instanceof FileLockError ? error.message : `${(error as Error).message}`;
        const message = `Could not save custom assets in ${filePath}: ${reason}`;
        throw new CustomAssetStoreError({ reason: "io", message, filePath, cause: error });
      }
    });
  }

  return {
    filePath,
    location: filePath,
    async list(operation = {}) {
      return (await readCustomAssetsFile(filePath, operation)).symbols;
    },
    async save(input, operation = {}) {
      const wanted = symbolToSave(input);
      if (wanted.kind === "listed") return { symbol: wanted.symbol, added: false };
      const { symbol } = wanted;
      return update<{ symbol: string; added: boolean }>(operation.signal, (symbols) => {
        const existing = symbols.find((stored) => stored.toUpperCase() === symbol.toUpperCase());
        if (existing !== undefined) return { answer: { symbol: existing, added: false } };
        if (symbols.length >= maxAssets) throw customAssetListFull(symbol, maxAssets, filePath);
        return { next: [...symbols, symbol], answer: { symbol, added: true } };
      });
    },
    async remove(input, operation = {}) {
      const symbol = checkSymbol(input);
      return update<{ symbol: string; removed: boolean }>(operation.signal, (symbols) => {
        const existing = symbols.find((stored) => stored.toUpperCase() === symbol.toUpperCase());
        if (existing === undefined) return { answer: { symbol, removed: false } };
        return { next: symbols.filter((stored) => stored !== existing), answer: { symbol: existing, removed: true } };
      });
    },
  };
}
