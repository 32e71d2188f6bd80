// The custom-asset list behind one interface, with the rules every store applies before it stores anything: a
// symbol is checked, deduplicated case-insensitively, and refused when it spells a built-in code with another ticker.
// Two stores keep it: a file in the data folder (custom-asset-file-store.ts, the default) and, with DATABASE_URL, the
// shared PostgreSQL database (src/shared-state/database-custom-asset-store.ts), so every server sees the same list.
import { quoteInput } from "../common/quote-input";
import { assetEntries, type AssetEntry, findBuiltInAsset, symbolSchema } from "./assets";
import { CustomAssetStoreError } from "./custom-asset-store-error";

export interface OperationOptions {
  signal?: AbortSignal;
}

export interface CustomAssetStore {
  /** Where the list lives, for messages: the file, or the database's URL without its password. */
  readonly location: string;
  list(options?: OperationOptions): Promise<string[]>;
  /** `added: false` when the symbol (any letter case) is already listed; `symbol` is then the stored spelling. */
  save(symbol: unknown, options?: OperationOptions): Promise<{ symbol: string; added: boolean }>;
  remove(symbol: unknown, options?: OperationOptions): Promise<{ symbol: string; removed: boolean }>;
}

/** Stores refuse more symbols than this by default: it keeps the asset dropdown usable. */
export const DEFAULT_MAX_CUSTOM_ASSETS = 1000;

/**
 * What saving `input` means before any store is touched: a built-in code that is its own ticker (AAPL) is already
 * listed (`listed`); a symbol that spells a built-in code with another ticker (SPX, BTC) is refused, because
 * resolveTicker() would send it to Yahoo as the built-in's ticker, not as typed; anything else is a custom symbol
 * to add (`custom`, trimmed as typed). An invalid symbol throws.
 */
export function symbolToSave(input: unknown): { kind: "listed"; symbol: string } | { kind: "custom"; symbol: string } {
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
  return builtIn ? { kind: "listed", symbol: builtIn.code } : { kind: "custom", symbol };
}

/** The error for a list that already holds `maxAssets` symbols. */
export function customAssetListFull(symbol: string, maxAssets: number, filePath?: string): CustomAssetStoreError {
  const message = `Cannot add ${quoteInput(symbol)}: the custom-asset list already holds ${maxAssets} symbols. Remove some first.`;
  return new CustomAssetStoreError({ reason: "full", message, filePath });
}

export function checkSymbol(input: unknown): string {
  const parsed = symbolSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? "not a symbol";
  throw new CustomAssetStoreError({
    reason: "invalid_symbol",
    message: `Invalid symbol ${quoteInput(input)}: ${problem}.`,
    cause: parsed.error,
  });
}

/** The asset list of GET /api/assets: built-ins, then the store's custom symbols. A damaged store throws. */
export async function listAssets(
  store: Pick<CustomAssetStore, "list">,
  options: OperationOptions = {},
): Promise<AssetEntry[]> {
  return assetEntries(await store.list(options));
}
