// The candles an analysis's data source gave (the market, a plugin's source, a shipped sample window, the caller's own),
// named, before the window is cut from them.
import type { Candle } from "../market/candle";

export interface LoadedCandles {
  asset: string;
  assetName: string;
  symbol: string;
  /** The bars the window is cut from: up to the request's `end` when one was given for the caller's own data. */
  candles: Candle[];
  /** The caller's bars after that `end`: known outcomes of the directive (a replay of history). */
  laterCandles: Candle[];
}
