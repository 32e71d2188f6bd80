// The built-in assets, the symbol pattern custom assets must match, and code-to-ticker mapping.
import { z } from "zod";

export interface BuiltInAsset {
  code: string;
  name: string;
  ticker: string;
}

export const BUILT_IN_ASSETS: readonly BuiltInAsset[] = Object.freeze([
  { code: "SPX", name: "S&P 500", ticker: "^GSPC" },
  { code: "BTC", name: "Bitcoin", ticker: "BTC-USD" },
  { code: "GC", name: "Gold Futures", ticker: "GC=F" },
  { code: "NQ", name: "Nasdaq Futures", ticker: "NQ=F" },
  { code: "CL", name: "Crude Oil", ticker: "CL=F" },
  { code: "ES", name: "E-mini S&P 500", ticker: "ES=F" },
  { code: "DJI", name: "Dow Jones", ticker: "^DJI" },
  { code: "QQQ", name: "Invesco QQQ Trust", ticker: "QQQ" },
  { code: "VIX", name: "Volatility Index", ticker: "^VIX" },
  { code: "DXY", name: "US Dollar Index", ticker: "DX-Y.NYB" },
  { code: "AAPL", name: "Apple Inc.", ticker: "AAPL" },
  { code: "TSLA", name: "Tesla Inc.", ticker: "TSLA" },
]);

export const MAX_SYMBOL_LENGTH = 32;

/** Letters, digits and ^ = . - _ only: enough for every Yahoo ticker, and nothing that can escape a URL path. */
export const SYMBOL_PATTERN = /^[A-Za-z0-9^=._-]{1,32}$/;

export const symbolSchema = z
  .string({ error: "symbol must be a string" })
  .trim()
  .min(1, { error: "symbol must not be empty", abort: true })
  .max(MAX_SYMBOL_LENGTH, { error: `symbol must be at most ${MAX_SYMBOL_LENGTH} characters`, abort: true })
  .regex(SYMBOL_PATTERN, "symbol may contain only letters, digits and ^ = . - _ (for example ETH-USD, NQ=F, ^FTSE)")
  // ".", "..", "^" or "=" alone match the pattern but name nothing, and "." and ".." would be path segments.
  .regex(/[A-Za-z0-9]/, "symbol must contain at least one letter or digit (for example ETH-USD, NQ=F, ^FTSE)");
export type MarketSymbol = z.infer<typeof symbolSchema>;

/** The built-in asset with this code, compared case-insensitively ("btc" is Bitcoin), if any. */
export function findBuiltInAsset(code: string): BuiltInAsset | undefined {
  const wanted = code.trim().toUpperCase();
  return BUILT_IN_ASSETS.find((asset) => asset.code === wanted);
}

/**
 * The market-data ticker for a built-in code or a custom symbol: built-in codes map to their ticker (SPX -> ^GSPC),
 * anything else is passed through trimmed and unchanged. Codes match case-insensitively; that is why the
 * custom-asset store refuses symbols that spell a built-in code (they could never reach Yahoo as typed).
 */
export function resolveTicker(assetOrSymbol: string): string {
  return findBuiltInAsset(assetOrSymbol)?.ticker ?? assetOrSymbol.trim();
}

export const assetEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  ticker: z.string(),
  custom: z.boolean(),
});
export type AssetEntry = z.infer<typeof assetEntrySchema>;

/** Built-ins first, in the table's order, then custom symbols, which are their own code, name and ticker. */
export function assetEntries(customSymbols: readonly string[]): AssetEntry[] {
  return [
    ...BUILT_IN_ASSETS.map((asset) => ({ ...asset, custom: false })),
    ...customSymbols.map((symbol) => ({ code: symbol, name: symbol, ticker: symbol, custom: true })),
  ];
}
