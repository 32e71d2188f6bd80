// `npm run benchmark:series -- [--assets BTC,SPX] [--out data/series]`: the longest continuous series the shipped
// benchmark can make for each asset, written as <out>/<ASSET>_4h_longest.csv, for a backtest of more bars than one
// window holds. The benchmark's 100-bar windows were sampled at random dates and many overlap; joinWindows (in
// quantagent-ts/market) joins them, keeping each bar once, refusing windows that disagree on a shared bar, and
// joining two bars only where a window holds them side by side, so no hole between two windows is bridged.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import {
  BENCHMARK_DIR,
  type Candle,
  candlesToCsv,
  joinWindows,
  listBenchmarkAssets,
  readBenchmarkWindows,
} from "../src/market/index";

export interface LongestSeries {
  asset: string;
  candles: Candle[];
  /** Window numbers (k in <ASSET>_4h_<k>.csv) it was made from, ascending. */
  windows: number[];
  /** Lengths of every continuous series the asset's windows make, longest first. */
  lengths: number[];
}

/** The longest continuous series of one asset's benchmark windows. */
export async function longestBenchmarkSeries(asset: string, benchmarkDir = BENCHMARK_DIR): Promise<LongestSeries> {
  const windows = await readBenchmarkWindows(benchmarkDir, asset);
  const joined = joinWindows(windows.map((window) => window.candles));
  const longest = joined[0];
  if (!longest) throw new Error(`No bars for ${asset} in ${benchmarkDir}`);
  return {
    asset: asset.toUpperCase(),
    candles: longest.candles,
    windows: longest.windows.map((index) => windows[index]!.window).sort((left, right) => left - right),
    lengths: joined.map((series) => series.candles.length),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { assets: { type: "string" }, out: { type: "string" }, data: { type: "string" } },
  });
  const benchmarkDir = path.resolve(values.data ?? BENCHMARK_DIR);
  const out = path.resolve(values.out ?? path.join("data", "series"));
  const assets = values.assets
    ? values.assets.split(",").map((asset) => asset.trim())
    : await listBenchmarkAssets(benchmarkDir);
  await mkdir(out, { recursive: true });
  for (const asset of assets) {
    const series = await longestBenchmarkSeries(asset, benchmarkDir);
    const file = path.join(out, `${series.asset}_4h_longest.csv`);
    await writeFile(file, candlesToCsv(series.candles));
    const first = series.candles[0]!;
    const last = series.candles.at(-1)!;
    console.log(
      `${series.asset}: ${series.candles.length} bars, ${new Date(first.time).toISOString()} to ${new Date(last.time).toISOString()}, ` +
        `windows ${series.windows.join(",")} (${series.lengths.length} series in all, lengths ${series.lengths.slice(0, 5).join(", ")}...) → ${path.relative(process.cwd(), file)}`,
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
