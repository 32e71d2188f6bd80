// One OHLCV bar, the unit every other module works on. Times are UTC epoch milliseconds of the bar's open.
import { z } from "zod";

/**
 * No instrument trades above a trillion per unit; beyond it a price is a unit mistake, and squares of such prices
 * (variances, least squares) leave the range where doubles keep their precision, or overflow.
 */
export const MAX_PRICE = 1e12;
export const MAX_VOLUME = 1e18;

const price = z
  .number()
  .finite()
  .positive()
  .max(MAX_PRICE, `must be at most ${MAX_PRICE} (a price beyond it is a unit mistake)`);

export const candleSchema = z
  .object({
    time: z.number().int().finite().min(-8.64e15).max(8.64e15),
    open: price,
    high: price,
    low: price,
    close: price,
    volume: z.number().finite().nonnegative().max(MAX_VOLUME, `must be at most ${MAX_VOLUME}`),
  })
  .refine((candle) => candle.high >= Math.max(candle.open, candle.close, candle.low), {
    message: "high is below open, close or low",
  })
  .refine((candle) => candle.low <= Math.min(candle.open, candle.close, candle.high), {
    message: "low is above open, close or high",
  });

export type Candle = z.infer<typeof candleSchema>;

/**
 * A list of at most `max` candles, reported by its first bad candle only. zod checks every element of an array and
 * keeps an issue for each: twenty thousand bad candles would cost forty thousand issues (and a second of work) to say
 * what the first one says. So the list is cut after its first bad candle before the array is checked; a list that is
 * too long is left whole, and the length check refuses it before any element is looked at.
 */
export function candleListSchema(max: number, tooMany: string) {
  const upToFirstBad = (items: unknown): unknown => {
    if (!Array.isArray(items) || items.length > max) return items;
    const bad = items.findIndex((item) => !candleSchema.safeParse(item).success);
    return bad === -1 ? items : items.slice(0, bad + 1);
  };
  return z.preprocess(upToFirstBad, z.array(candleSchema).max(max, tooMany));
}

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
