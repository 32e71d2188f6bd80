// A window of candles with everything that could name the asset or the date taken out, for a blind analysis: prices
// rescaled so the window's last close is 100 (every ratio between prices kept, so returns, patterns and every
// indicator except MACD's scale are unchanged), volume as a share of the window's mean volume (raw volumes can
// identify an asset too), and each bar's time replaced by its number in the window, 1 for the oldest. Pure.
//
// What it cannot take out: the shape itself. A famous move (a crash, a halving rally) keeps its shape; that is what
// the mirrored run and the split at a model's training cutoff are for.
import { InputError } from "../common/input-error";
import type { Candle } from "./candle";

/** The last close of a blinded window. */
export const BLIND_LAST_CLOSE = 100;

export interface BlindedCandles {
  /** The bars as a blind analysis sees them: `time` is the bar's number (1 = oldest). */
  candles: Candle[];
  /** What every price was multiplied by: 100 / the original last close. */
  priceScale: number;
  /** What every volume was multiplied by: 1 / the window's mean volume (0 when every volume is 0). */
  volumeScale: number;
}

/** The window blinded; an InputError when its last close is not a price above zero. */
export function blindCandles(candles: readonly Candle[]): BlindedCandles {
  const last = candles[candles.length - 1];
  if (last === undefined)
    throw new InputError({ code: "invalid_argument", message: "A blind window needs at least one candle" });
  if (!(last.close > 0) || !Number.isFinite(last.close))
    throw new InputError({
      code: "invalid_argument",
      message: `A blind window is rescaled so its last close is ${BLIND_LAST_CLOSE}, which needs a last close above zero (got ${last.close})`,
    });
  const priceScale = BLIND_LAST_CLOSE / last.close;
  // As a ratio to the last close, then times 100: the last close comes out exactly 100, not 99.99999999999999.
  const rescale = (price: number) => (price / last.close) * BLIND_LAST_CLOSE;
  const meanVolume = candles.reduce((sum, candle) => sum + candle.volume, 0) / candles.length;
  // Indexes publish no volume (their files hold 0): they stay at 0 rather than becoming 0 / 0.
  const volumeScale = meanVolume > 0 ? 1 / meanVolume : 0;
  return {
    candles: candles.map((candle, index) => ({
      time: index + 1,
      open: rescale(candle.open),
      high: rescale(candle.high),
      low: rescale(candle.low),
      close: rescale(candle.close),
      volume: candle.volume * volumeScale,
    })),
    priceScale,
    volumeScale,
  };
}
