// Reads benchmark windows, <root>/<asset>/<ASSET>_4h_<k>.csv with 100 bars each, through readCsvFile. The package
// ships the 800 windows of the system it replaces in datasets/benchmark (benchmarkDir(), and BENCHMARK_DIR in
// benchmark-dir.ts), the default everywhere.
// The asset folder is matched case-insensitively (the shipped folders are lower-case: btc/BTC_4h_1.csv).
import { readdir } from "node:fs/promises";
import path from "node:path";

import { InputError } from "../common/input-error";
import { packageRoot } from "../common/package-root";
import type { Candle } from "./candle";
import { readCsvFile } from "./csv-source";

export interface BenchmarkWindow {
  /** Asset code as the benchmark names it, upper-case (BTC). */
  asset: string;
  /** The window's number k in <ASSET>_4h_<k>.csv. */
  window: number;
  candles: Candle[];
}

export interface ReadBenchmarkOptions {
  /** Only the first N windows by number (1, 2, ... 100); default all. */
  windows?: number;
  signal?: AbortSignal;
}

/**
 * The benchmark shipped with the package: 100 real 4-hour windows for each of BTC, CL, DJI, ES, NQ, QQQ, SPX, VIX.
 * Found when first asked, so that importing this module (the pipeline does, for Sample data) never fails where the
 * package folder cannot be found (code bundled or compiled elsewhere): only asking for the shipped data does.
 */
export function benchmarkDir(): string {
  return path.join(packageRoot(), "datasets", "benchmark");
}

const FILE_PATTERN = /^([A-Za-z0-9^=._-]+)_4h_(\d+)\.csv$/;

/** The asset codes (upper-case) with at least one window file under `root`, sorted. */
export async function listBenchmarkAssets(root: string): Promise<string[]> {
  const entries = await readRoot(root);
  const assets: string[] = [];
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const files = await readdir(path.join(root, entry.name));
    if (files.some((file) => parseWindowFileName(file)?.asset.toLowerCase() === entry.name.toLowerCase()))
      assets.push(entry.name.toUpperCase());
  }
  return assets.sort();
}

/** The window files of one asset, sorted by window number. */
export async function listBenchmarkFiles(root: string, asset: string): Promise<{ window: number; file: string }[]> {
  const folder = await assetFolder(root, asset);
  const files = await readdir(folder);
  return files
    .flatMap((file) => {
      const parsed = parseWindowFileName(file);
      return parsed?.asset.toLowerCase() === asset.toLowerCase()
        ? [{ window: parsed.window, file: path.join(folder, file) }]
        : [];
    })
    .sort((left, right) => left.window - right.window);
}

/** The asset code (as the file spells it) and window number of a window file's name; undefined for other files. */
function parseWindowFileName(file: string): { asset: string; window: number } | undefined {
  const [, asset, window] = FILE_PATTERN.exec(file) ?? [];
  return asset === undefined || window === undefined ? undefined : { asset, window: Number(window) };
}

/** The windows of one asset, in window order. */
export async function readBenchmarkWindows(
  root: string,
  asset: string,
  options: ReadBenchmarkOptions = {},
): Promise<BenchmarkWindow[]> {
  const files = await listBenchmarkFiles(root, asset);
  if (files.length === 0) throw new InputError({ message: `No benchmark windows for ${asset} in ${root}` });
  const chosen = options.windows === undefined ? files : files.slice(0, options.windows);
  const code = asset.toUpperCase();
  return Promise.all(
    chosen.map(async ({ window, file }) => ({
      asset: code,
      window,
      candles: await readCsvFile(file, { signal: options.signal }),
    })),
  );
}

/** The candles of one window (BTC, 1 reads btc/BTC_4h_1.csv). */
export async function readBenchmarkWindow(
  root: string,
  asset: string,
  window: number,
  options: { signal?: AbortSignal } = {},
): Promise<Candle[]> {
  const files = await listBenchmarkFiles(root, asset);
  const found = files.find((candidate) => candidate.window === window);
  if (!found)
    throw new InputError({
      message: `No benchmark window ${window} for ${asset} in ${root} (there are ${files.length})`,
    });
  return readCsvFile(found.file, { signal: options.signal });
}

async function readRoot(root: string) {
  try {
    return await readdir(root, { withFileTypes: true });
  } catch (error) {
    throw new InputError({
      message: `Cannot read the benchmark folder ${root}: ${(error as Error).message}`,
      cause: error,
    });
  }
}

async function assetFolder(root: string, asset: string): Promise<string> {
  const entries = await readRoot(root);
  const folder = entries.find((entry) => entry.isDirectory() && entry.name.toLowerCase() === asset.toLowerCase());
  if (!folder) {
    const available = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name.toUpperCase());
    throw new InputError({
      message: `No benchmark folder for ${asset} in ${root} (available: ${available.join(", ") || "none"})`,
    });
  }
  return path.join(root, folder.name);
}
