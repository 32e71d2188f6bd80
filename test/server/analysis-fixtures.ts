// Inputs for analysis tests: a benchmark CSV from the shipped dataset, and a Yahoo-shaped fetch that answers "no bars".
import { readBenchmarkText } from "../support/benchmark";

/** 100 real 4h bars of Bitcoin as CSV text in the benchmark's column order (Datetime,Close,High,Low,Open,Volume). */
export function benchmarkCsv(): string {
  return readBenchmarkText("btc/BTC_4h_1.csv");
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
