// Benchmark windows for chart tests (SPEC 12): read from ../shared/benchmark relative to the project root, never
// copied into the repository. Tests that need them skip, with the reason printed, when the folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Candle } from "../../src/market/candle";
import { parseCsv } from "../../src/market/csv-source";

export const benchmarkRoot = path.resolve(__dirname, "../../../shared/benchmark");
export const hasBenchmark = existsSync(benchmarkRoot);

if (!hasBenchmark) {
  console.warn(`Skipping benchmark-data tests: ${benchmarkRoot} is absent (see SPEC 12).`);
}

/** One benchmark file, read by the library's CSV parser. */
export function readBenchmarkCandles(relativePath: string): Candle[] {
  return parseCsv(readFileSync(path.join(benchmarkRoot, relativePath), "utf8"), { name: relativePath });
}

export const benchmarkSamples = ["btc/BTC_4h_1.csv", "spx/SPX_4h_1.csv", "vix/VIX_4h_7.csv", "cl/CL_4h_3.csv", "nq/NQ_4h_50.csv"];
