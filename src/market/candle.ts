// One OHLCV bar, the unit every other module works on. Times are UTC epoch milliseconds of the bar's open.
import { z } from "zod";

export const candleSchema = z
  .object({
    time: z.number().int().finite(),
    open: z.number().finite().positive(),
    high: z.number().finite().positive(),
    low: z.number().finite().positive(),
    close: z.number().finite().positive(),
    volume: z.number().finite().nonnegative(),
  })
  .refine((candle) => candle.high >= Math.max(candle.open, candle.close, candle.low), {
    message: "high is below open, close or low",
  })
  .refine((candle) => candle.low <= Math.min(candle.open, candle.close, candle.high), {
    message: "low is above open, close or high",
  });

export type Candle = z.infer<typeof candleSchema>;

/** The series an indicator or chart needs, as plain arrays. */
export interface CandleColumns {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export function toColumns(candles: readonly Candle[]): CandleColumns {
  return {
    time: candles.map((candle) => candle.time),
    open: candles.map((candle) => candle.open),
    high: candles.map((candle) => candle.high),
    low: candles.map((candle) => candle.low),
    close: candles.map((candle) => candle.close),
    volume: candles.map((candle) => candle.volume),
  };
}
