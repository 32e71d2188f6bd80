// The benchmark shipped in the repository (datasets/benchmark): tests read it in place, and it is always there.
import { readFileSync } from "node:fs";
import path from "node:path";

import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import type { Candle } from "../../src/market/candle";
import { parseCsv } from "../../src/market/csv-source";

export const benchmarkRoot = BENCHMARK_DIR;

/** One benchmark file, e.g. "btc/BTC_4h_1.csv", read by the library's CSV parser. */
export function readBenchmarkCandles(relativePath: string): Candle[] {
  return parseCsv(readFileSync(path.join(benchmarkRoot, relativePath), "utf8"), { name: relativePath });
}

/** The text of one benchmark file. */
export function readBenchmarkText(relativePath: string): string {
  return readFileSync(path.join(benchmarkRoot, relativePath), "utf8");
}

export const benchmarkSamples = [
  "btc/BTC_4h_1.csv",
  "spx/SPX_4h_1.csv",
  "vix/VIX_4h_7.csv",
  "cl/CL_4h_3.csv",
  "nq/NQ_4h_50.csv",
];
