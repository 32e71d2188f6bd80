// Reads Yahoo's chart JSON (chart.result[0]) into validated, sorted, de-duplicated candles. Pure.
import { z } from "zod";

import { type Candle, candleSchema } from "./candle";

// Columns are checked row by row below, so one bad value drops one row instead of failing the whole answer.
const columnSchema = z.array(z.unknown()).optional();

export const yahooChartResultSchema = z.object({
  meta: z.looseObject({
    symbol: z.string().optional(),
    gmtoffset: z.number().optional(),
    exchangeTimezoneName: z.string().optional(),
  }),
  timestamp: z.array(z.unknown()).optional(),
  indicators: z.looseObject({
    quote: z
      .array(
        z.looseObject({
          open: columnSchema,
          high: columnSchema,
          low: columnSchema,
          close: columnSchema,
          volume: columnSchema,
        }),
      )
      .optional(),
  }),
});
export type YahooChartResult = z.infer<typeof yahooChartResultSchema>;

export type YahooChartCandles =
  | {
      success: true;
      candles: Candle[];
      /** Rows dropped for missing or invalid prices (Yahoo sends null rows for halts and gaps). */
      droppedRows: number;
      /** Rows whose timestamp appeared again later; the later row was kept. */
      duplicateRows: number;
      timeZone: string | undefined;
      gmtOffsetSeconds: number | undefined;
    }
  | { success: false; error: string };

/**
 * Rows with a missing (null) or invalid price, a negative volume, or OHLC values that contradict each other are
 * dropped: Yahoo's data is unofficial and such rows would poison every indicator. A missing volume counts as 0
 * (indices have none). For a repeated timestamp the last row wins: Yahoo repeats the still-forming newest bar,
 * and its later copy is the fresher one. The result is sorted by time.
 */
export function candlesFromYahooChart(raw: unknown): YahooChartCandles {
  const parsed = yahooChartResultSchema.safeParse(raw);
  if (!parsed.success) {
    return { success: false, error: `unexpected chart shape: ${parsed.error.issues[0]?.message ?? "invalid"}` };
  }
  const chart = parsed.data;
  const timestamps = chart.timestamp ?? [];
  const quote = chart.indicators.quote?.[0] ?? {};
  for (const column of ["open", "high", "low", "close"] as const) {
    const length = quote[column]?.length ?? 0;
    if (timestamps.length > 0 && length !== timestamps.length) {
      return { success: false, error: `${timestamps.length} timestamps but ${length} ${column} values` };
    }
  }

  const byTime = new Map<number, Candle>();
  let droppedRows = 0;
  let duplicateRows = 0;
  timestamps.forEach((timestamp, index) => {
    const row = candleSchema.safeParse({
      time: typeof timestamp === "number" ? timestamp * 1000 : timestamp,
      open: quote.open?.[index],
      high: quote.high?.[index],
      low: quote.low?.[index],
      close: quote.close?.[index],
      volume: quote.volume?.[index] ?? 0,
    });
    if (!row.success) {
      droppedRows += 1;
      return;
    }
    if (byTime.has(row.data.time)) duplicateRows += 1;
    byTime.set(row.data.time, row.data);
  });

  const candles = [...byTime.values()].sort((left, right) => left.time - right.time);
  return {
    success: true,
    candles,
    droppedRows,
    duplicateRows,
    timeZone: chart.meta.exchangeTimezoneName,
    gmtOffsetSeconds: chart.meta.gmtoffset,
  };
}
