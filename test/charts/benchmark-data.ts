// Benchmark windows for chart tests (SPEC 12): read from ../shared/benchmark relative to the project root, never
// copied into the repository. Tests that need them skip, with the reason printed, when the folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Candle } from "../../src/market/candle";

export const benchmarkRoot = path.resolve(__dirname, "../../../shared/benchmark");
export const hasBenchmark = existsSync(benchmarkRoot);

if (!hasBenchmark) {
  console.warn(`Skipping benchmark-data tests: ${benchmarkRoot} is absent (see SPEC 12).`);
}

/** One benchmark file (header Datetime,Close,High,Low,Open,Volume in any order; times are UTC). */
export function readBenchmarkCandles(relativePath: string): Candle[] {
  const [headerLine, ...lines] = readFileSync(path.join(benchmarkRoot, relativePath), "utf8").trim().split(/\r?\n/);
  const header = headerLine.split(",");
  const column = (name: string) => header.indexOf(name);
  return lines.map((line) => {
    const cells = line.split(",");
    const number = (name: string) => Number(cells[column(name)]);
    return {
      time: Date.parse(`${cells[column("Datetime")].replace(" ", "T")}Z`),
      open: number("Open"),
      high: number("High"),
      low: number("Low"),
      close: number("Close"),
      volume: number("Volume"),
    };
  });
}

export const benchmarkSamples = ["btc/BTC_4h_1.csv", "spx/SPX_4h_1.csv", "vix/VIX_4h_7.csv", "cl/CL_4h_3.csv", "nq/NQ_4h_50.csv"];
