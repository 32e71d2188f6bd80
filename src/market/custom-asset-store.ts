// The custom-asset list kept in the data directory: validated, deduplicated, written atomically, with
// saves serialised inside the process (a queue per file) and across processes (a lock file).
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";

import { removeStaleTemps, writeFileAtomic } from "../common/atomic-write";
import { FileLockError, withFileLock } from "../common/file-lock";
import { quoteInput } from "../common/quote-input";
import { assetEntries, type AssetEntry, findBuiltInAsset, symbolSchema } from "./assets";
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

export interface OperationOptions {
  signal?: AbortSignal;
}

export interface CustomAssetStore {
  readonly filePath: string;
  list(options?: OperationOptions): Promise<string[]>;
  /** `added: false` when the symbol (any letter case) is already listed; `symbol` is then the stored spelling. */
  save(symbol: unknown, options?: OperationOptions): Promise<{ symbol: string; added: boolean }>;
  remove(symbol: unknown, options?: OperationOptions): Promise<{ symbol: string; removed: boolean }>;
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
 * - Across processes: every save takes `<file>.lock`, re-reads the file under it and writes atomically, so
 *   concurrent saves from several server processes on one machine all land. Readers need no lock.
 */
export function createCustomAssetStore(options: CustomAssetStoreOptions): CustomAssetStore {
  const dataDir = resolve(options.dataDir);
  const filePath = join(dataDir, CUSTOM_ASSETS_FILE_NAME);
  const lockPath = `${filePath}.lock`;
  const maxAssets = options.maxAssets ?? 1000;
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
    async list(operation = {}) {
      return (await readCustomAssetsFile(filePath, operation)).symbols;
    },
    async save(input, operation = {}) {
      const symbol = checkSymbol(input);
      const builtIn = findBuiltInAsset(symbol);
      if (builtIn && builtIn.ticker.toUpperCase() !== symbol.toUpperCase()) {
        throw new CustomAssetStoreError({
          reason: "ambiguous_symbol",
          message:
            `"${symbol}" is the built-in code of ${builtIn.name} (Yahoo ticker ${builtIn.ticker}), so it cannot also be ` +
            `a custom symbol. Choose ${builtIn.name} from the list, or add the ticker you mean (e.g. ${builtIn.ticker}).`,
        });
      }
      if (builtIn) return { symbol: builtIn.code, added: false };
      return update<{ symbol: string; added: boolean }>(operation.signal, (symbols) => {
        const existing = symbols.find((stored) => stored.toUpperCase() === symbol.toUpperCase());
        if (existing !== undefined) return { answer: { symbol: existing, added: false } };
        if (symbols.length >= maxAssets) {
          const message = `Cannot add ${quoteInput(symbol)}: the custom-asset list already holds ${maxAssets} symbols. Remove some first.`;
          throw new CustomAssetStoreError({ reason: "full", message, filePath });
        }
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

function checkSymbol(input: unknown): string {
  const parsed = symbolSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? "not a symbol";
  throw new CustomAssetStoreError({
    reason: "invalid_symbol",
    message: `Invalid symbol ${quoteInput(input)}: ${problem}.`,
    cause: parsed.error,
  });
}

/** The asset list of GET /api/assets: built-ins, then the store's custom symbols. A damaged file throws. */
export async function listAssets(
  store: Pick<CustomAssetStore, "list">,
  options: OperationOptions = {},
): Promise<AssetEntry[]> {
  return assetEntries(await store.list(options));
}
