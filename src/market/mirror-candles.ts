// The mirror image of a price series: every price p becomes c² / p around a centre c (by default the last close), so
// every rise becomes a fall of the same log size and the other way round. Open, high, low and close are mirrored
// alike (high and low swap, since 1/p reverses order); volume and time are kept. Pure.
//
// Why: a reader of charts who sees something real in the shape should answer the opposite on the mirrored chart, and
// a model that only leans one way (the market's drift, or a memory of the asset) answers the same. The evaluation
// analyses each decision point on both and reports how often the directive flips; the backtest can run a mirrored
// series the same way.
//
// The centre only sets the price level of the mirrored series: mirroring around another c' gives the same series
// times (c' / c)², so every ratio, return and pattern is the same. Around the window's last close, the decision bar
// keeps its price and the mirrored future starts from the same entry. Mirroring twice around the same centre gives
// the series back (up to floating-point rounding, about 1e-15 of each price).
import { InputError } from "../common/input-error";
import { utcMinute } from "../common/utc-time";
import type { Candle } from "./candle";

export interface MirrorOptions {
  /** The price the series is mirrored around; default the last candle's close. Must be above zero. */
  center?: number;
}

/** c² / p: the mirror of one price around `center`. */
export function mirrorPrice(price: number, center: number): number {
  return (center * center) / price;
}

/**
 * The mirrored candles (a new array, the input untouched). An InputError when a price or the centre is zero,
 * negative or not finite: c² / p has no meaning there (a futures contract that traded below zero cannot be mirrored).
 */
export function mirrorCandles(candles: readonly Candle[], options: MirrorOptions = {}): Candle[] {
  const last = candles[candles.length - 1];
  if (last === undefined)
    throw new InputError({ code: "invalid_argument", message: "Mirroring needs at least one candle" });
  checkPrices(candles);
  const center = options.center ?? last.close;
  if (!(center > 0) || !Number.isFinite(center))
    throw new InputError({
      code: "invalid_argument",
      message: `The mirror's centre must be a price above zero (got ${center})`,
      details: { field: "center" },
    });
  return candles.map((candle) => ({
    time: candle.time,
    open: mirrorPrice(candle.open, center),
    // 1/p reverses order: the highest price becomes the lowest.
    high: mirrorPrice(candle.low, center),
    low: mirrorPrice(candle.high, center),
    close: mirrorPrice(candle.close, center),
    volume: candle.volume,
  }));
}

function checkPrices(candles: readonly Candle[]): void {
  candles.forEach((candle, index) => {
    for (const field of ["open", "high", "low", "close"] as const) {
      const price = candle[field];
      if (price > 0 && Number.isFinite(price)) continue;
      throw new InputError({
        code: "invalid_argument",
        message:
          `Cannot mirror a series with a price that is zero, negative or not a number: bar ${index + 1} ` +
          `(${Number.isFinite(candle.time) ? utcMinute(candle.time) : "no time"} UTC) has ${field} ${price}. ` +
          "Mirroring maps each price p to c² / p, which needs every price above zero: leave mirror off for this series, or remove that bar",
        details: { bar: index + 1, field },
      });
    }
  });
}
