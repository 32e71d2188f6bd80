// The on-disk format of the custom-asset list and its strict reader: a damaged file is an error, never "empty".
import { readFile } from "node:fs/promises";

import { z } from "zod";

import { SYMBOL_PATTERN } from "./assets";
import { CustomAssetStoreError } from "./custom-asset-store-error";

export const CUSTOM_ASSETS_FILE_NAME = "custom_assets.json";
export const CUSTOM_ASSETS_FILE_VERSION = 1;

const storedSymbolSchema = z.string().regex(SYMBOL_PATTERN, "is not a valid symbol");

/** `{ "version": 1, "custom_assets": ["ETH-USD", ...] }`; unknown extra fields are kept on rewrite. */
export const customAssetsFileSchema = z.looseObject(
  {
    version: z.literal(CUSTOM_ASSETS_FILE_VERSION, { error: `must be ${CUSTOM_ASSETS_FILE_VERSION}` }),
    custom_assets: z.array(storedSymbolSchema, { error: "must be a list of symbols" }),
  },
  { error: 'must be an object {"version": 1, "custom_assets": [...]}' },
);
export type CustomAssetsFile = z.infer<typeof customAssetsFileSchema>;

// A bare list of symbols: what a person writing the file by hand is most likely to produce. Read, and upgraded
// to the versioned object on the next save.
const bareListSchema = z.array(storedSymbolSchema);

export interface CustomAssetsContent {
  symbols: string[];
  /** Fields of the file besides version and the list, written back unchanged. */
  extra: Record<string, unknown>;
}

/**
 * A missing file is an empty list. Anything else that is not a valid list (torn JSON, wrong shape, an invalid
 * symbol, a newer version, an empty file) throws CustomAssetStoreError "corrupt_file" naming the file and the
 * problem. Callers must not write over such a file: the user's list is in there and only a person can repair it.
 * Case-insensitive repeats in a hand-edited file are collapsed (first spelling kept); that loses nothing.
 */
export async function readCustomAssetsFile(
  filePath: string,
  options: { signal?: AbortSignal } = {},
): Promise<CustomAssetsContent> {
  let text: string;
  try {
    text = await readFile(filePath, { encoding: "utf8", signal: options.signal });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { symbols: [], extra: {} };
    if (options.signal?.aborted) throw error;
    throw new CustomAssetStoreError({
      reason: "io",
      message: `Cannot read the custom-asset file ${filePath}: ${(error as Error).message}`,
      filePath,
      cause: error,
    });
  }
  const corrupt = (problem: string, cause?: unknown) =>
    new CustomAssetStoreError({
      reason: "corrupt_file",
      message:
        `The custom-asset file ${filePath} is damaged (${problem}). It was left untouched and no custom asset can be ` +
        `saved until it is repaired: fix it by hand (format: {"version": 1, "custom_assets": ["ETH-USD"]}) or delete it.`,
      filePath,
      cause,
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw corrupt(text.trim() === "" ? "the file is empty" : `not valid JSON: ${(error as Error).message}`, error);
  }
  const bare = bareListSchema.safeParse(json);
  if (bare.success) return { symbols: dedupe(bare.data), extra: {} };
  const parsed = customAssetsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.map(String).join(".") : "the file";
    throw corrupt(`${where} ${issue?.message ?? "has the wrong shape"}`, parsed.error);
  }
  const { version: _version, custom_assets: symbols, ...extra } = parsed.data;
  return { symbols: dedupe(symbols), extra };
}

export function serialiseCustomAssets(content: CustomAssetsContent): string {
  const file = { ...content.extra, version: CUSTOM_ASSETS_FILE_VERSION, custom_assets: content.symbols };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function dedupe(symbols: readonly string[]): string[] {
  const seen = new Set<string>();
  return symbols.filter((symbol) => {
    const key = symbol.toUpperCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
