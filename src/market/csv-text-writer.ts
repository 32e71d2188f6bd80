// Candles as CSV text that parseCsv reads back unchanged: Datetime (ISO 8601 in UTC, "2023-08-23T04:00:00.000Z"),
// Open, High, Low, Close, Volume, one row per bar. Numbers are written in JavaScript's
// shortest round-trip form, so every price survives the trip exactly. Pure.
import type { Candle } from "./candle";
import { formatUtc } from "./parse-timestamp";

export function candlesToCsv(candles: readonly Candle[]): string {
  const rows = candles.map((candle) =>
    [formatUtc(candle.time), candle.open, candle.high, candle.low, candle.close, candle.volume].join(","),
  );
  return `${["Datetime,Open,High,Low,Close,Volume", ...rows].join("\n")}\n`;
}
