// Inputs for analysis tests: a benchmark CSV (SPEC 12, read from ../shared/benchmark, never copied) or, when that
// folder is absent, a generated CSV of the same shape; and a Yahoo-shaped fetch that answers "no bars".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const benchmarkRoot = path.resolve(__dirname, "../../../shared/benchmark");
export const BENCHMARK_FILE = path.join(benchmarkRoot, "btc", "BTC_4h_1.csv");
export const hasBenchmark = existsSync(BENCHMARK_FILE);

if (!hasBenchmark) console.warn(`Server tests use a generated CSV: ${BENCHMARK_FILE} is absent (see SPEC 12).`);

/** 100 bars of 4h data as CSV text in the benchmark's column order (Datetime,Close,High,Low,Open,Volume). */
export function benchmarkCsv(): string {
  if (hasBenchmark) return readFileSync(BENCHMARK_FILE, "utf8");
  const lines = ["Datetime,Close,High,Low,Open,Volume"];
  const start = Date.UTC(2024, 0, 1);
  for (let index = 0; index < 100; index++) {
    const open = 100 + Math.sin(index / 5) * 5 + index * 0.1;
    const close = open + Math.cos(index / 3);
    const time = new Date(start + index * 4 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
    lines.push([time, close, Math.max(open, close) + 0.5, Math.min(open, close) - 0.5, open, 1000 + index].map(String).join(","));
  }
  return lines.join("\n");
}

/** A fetch that answers every Yahoo chart request with Yahoo's shape for "no bars in this range". */
export const noBarsFetch: typeof fetch = async (input) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const symbol = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const meta = {
    currency: "USD",
    symbol,
    exchangeName: "NMS",
    instrumentType: "EQUITY",
    firstTradeDate: 345479400,
    regularMarketTime: 1717185600,
    gmtoffset: 0,
    timezone: "UTC",
    exchangeTimezoneName: "UTC",
    regularMarketPrice: 190.1,
    priceHint: 2,
    dataGranularity: "1h",
    range: "",
    validRanges: ["1d", "5d", "1mo"],
  };
  const body = { chart: { result: [{ meta, indicators: { quote: [{}] } }], error: null } };
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
};
