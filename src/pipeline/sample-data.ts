// Sample data: the benchmark windows shipped with the package (datasets/benchmark, 100 real 4-hour windows of 100
// bars for each of eight assets) as a data source an analysis can use with no market access at all: a first run
// offline, a demo, a test of one's own settings. `{sample: {asset, window}, timeframe: "4h"}`.
//
// A sample analysis sees the window's first `bars` bars (45 by default, as the evaluation's first decision point
// does) and the bars after them score its outcome at once, like a CSV replay with `end`.
import { InputError } from "../common/input-error";
import { findBuiltInAsset } from "../market/assets";
import { benchmarkDir, listBenchmarkAssets, listBenchmarkFiles, readBenchmarkWindows } from "../market/benchmark-data";
import { readCsvFile } from "../market/csv-source";
import type { LoadedCandles } from "./loaded-candles";

/** The benchmark's bars are 4 hours long; a sample request names that timeframe. */
export const SAMPLE_TIMEFRAME = "4h";

export interface SampleAsset {
  /** The benchmark's code, upper-case (BTC). */
  asset: string;
  /** "Bitcoin", from the built-in asset table; the code when the table does not know it. */
  name: string;
  /** Window numbers run from 1 to this. */
  windows: number;
  /** With `dates: true`: each window's first and last bar (open times, epoch ms UTC), in window order. */
  dates?: SampleWindowDates[];
}

export interface SampleWindowDates {
  window: number;
  /** Open time of the window's first bar, epoch ms (UTC). */
  first: number;
  /** Open time of the window's last bar (the bars after the analysed ones included), epoch ms (UTC). */
  last: number;
}

export interface SampleDataCatalogue {
  timeframe: typeof SAMPLE_TIMEFRAME;
  assets: SampleAsset[];
}

export interface SampleDataOptions {
  /** The benchmark folder; default the one shipped with the package. */
  root?: string;
  signal?: AbortSignal;
}

/**
 * What sample data there is: each asset with its number of windows; with `dates: true`, each window's first and last
 * bar as well (every file is read: about half a second for the shipped 800, so a caller keeps the answer).
 */
export async function listSampleData(
  options: SampleDataOptions & { dates?: boolean } = {},
): Promise<SampleDataCatalogue> {
  const root = options.root ?? benchmarkDir();
  const codes = await listBenchmarkAssets(root);
  const assets = await Promise.all(
    codes.map(async (asset): Promise<SampleAsset> => {
      const entry = {
        asset,
        name: findBuiltInAsset(asset)?.name ?? asset,
        windows: (await listBenchmarkFiles(root, asset)).length,
      };
      if (!options.dates) return entry;
      const windows = await readBenchmarkWindows(root, asset, { signal: options.signal });
      const dates = windows.flatMap(({ window, candles }) => {
        const [first, last] = [candles[0], candles.at(-1)];
        return first && last ? [{ window, first: first.time, last: last.time }] : [];
      });
      return { ...entry, dates };
    }),
  );
  return { timeframe: SAMPLE_TIMEFRAME, assets };
}

/**
 * One sample window as an analysis's data: the first `bars` bars for the window, the rest as known later bars.
 * An asset or window the benchmark does not have is an InputError naming what there is.
 */
export async function loadSampleWindow(
  sample: { asset: string; window: number },
  options: SampleDataOptions & { bars: number },
): Promise<LoadedCandles> {
  const root = options.root ?? benchmarkDir();
  const catalogue = await listSampleData({ root });
  const entry = catalogue.assets.find((candidate) => candidate.asset === sample.asset.toUpperCase());
  if (!entry) {
    throw new InputError({
      code: "invalid_sample",
      message: `No sample data for ${sample.asset}: choose one of ${catalogue.assets.map((asset) => asset.asset).join(", ")}.`,
    });
  }
  const file = (await listBenchmarkFiles(root, entry.asset)).find((candidate) => candidate.window === sample.window);
  if (!file) {
    throw new InputError({
      code: "invalid_sample",
      message: `No sample window ${sample.window} for ${entry.asset}: choose a window from 1 to ${entry.windows}.`,
    });
  }
  const candles = await readCsvFile(file.file, { signal: options.signal });
  const name = `${entry.name}, sample window ${sample.window}`;
  return {
    asset: entry.asset,
    assetName: name,
    symbol: entry.asset,
    candles: candles.slice(0, options.bars),
    laterCandles: candles.slice(options.bars),
  };
}
