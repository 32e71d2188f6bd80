// Synthetic candles and benchmark folders for evaluation tests: closes chosen by the test, 4h apart, valid OHLC.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import type { Candle } from "../../src/market/candle";

const FOUR_HOURS = 4 * 60 * 60 * 1000;
const START = Date.UTC(2024, 0, 1);

export function candlesFromCloses(closes: readonly number[]): Candle[] {
  return closes.map((close, index) => {
    const open = closes[index - 1] ?? close;
    return {
      time: START + index * FOUR_HOURS,
      open,
      high: Math.max(open, close) + 0.5,
      low: Math.min(open, close) - 0.5,
      close,
      volume: 10,
    };
  });
}

/** Writes <root>/<asset lower>/<ASSET>_4h_<k>.csv files in the benchmark's column order. */
export async function writeBenchmarkFolder(root: string, windows: Record<string, number[][]>): Promise<void> {
  for (const [asset, closesPerWindow] of Object.entries(windows)) {
    const folder = path.join(root, asset.toLowerCase());
    await mkdir(folder, { recursive: true });
    for (const [index, closes] of closesPerWindow.entries()) {
      const rows = candlesFromCloses(closes).map((candle) =>
        [
          new Date(candle.time).toISOString().replace("T", " ").slice(0, 19),
          candle.close,
          candle.high,
          candle.low,
          candle.open,
          candle.volume,
        ].join(","),
      );
      await writeFile(
        path.join(folder, `${asset.toUpperCase()}_4h_${index + 1}.csv`),
        ["Datetime,Close,High,Low,Open,Volume", ...rows].join("\n") + "\n",
      );
    }
  }
}

/** A wavy series of `length` closes around 100, different per `seed`. */
export function wavyCloses(length: number, seed: number): number[] {
  return Array.from(
    { length },
    (_, index) =>
      Math.round((100 + 5 * Math.sin((index + seed * 7) / 3) + index * 0.05 * (seed % 2 ? 1 : -1)) * 100) / 100,
  );
}
