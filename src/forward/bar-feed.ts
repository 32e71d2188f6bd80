// Where a watcher reads the closed bars of an entry's market. Live: the pipeline's own market data (a plugin's source,
// an exchange through ccxt, else Yahoo), keeping only the bars closed at least the entry's settle delay ago. Replay:
// a recorded series released in time order, a bar once its close has passed on the replay's clock, so an analysis can
// only ever be given bars released before it.
import { itemAt } from "../common/item-at";
import type { WatchEntry } from "../journal/watchlist-store";
import type { Candle } from "../market/candle";
import { DAY_MS, type Timeframe, timeframeInfo } from "../market/timeframes";
import type { Pipeline } from "../pipeline/pipeline";

export interface BarFeed {
  /** The entry's bars closed by `now` (epoch ms), in time order. */
  closedBars(entry: WatchEntry, now: number, signal?: AbortSignal): Promise<readonly Candle[]>;
}

/** A bar's length (a month as 31 days: its close is then never early). */
export function barLengthMs(timeframe: Timeframe): number {
  return timeframeInfo(timeframe).barMs ?? 31 * DAY_MS;
}

/**
 * The live feed: from far enough back to fill a window before `from` (the newest analysed bar, else now), to now.
 * `windowBars` bars and as many again for the gaps of a session market.
 */
export function marketFeed(
  pipeline: Pick<Pipeline, "fetchCandles">,
  options: { windowBars: number; lastBarTime: (entry: WatchEntry) => Promise<number | undefined> },
): BarFeed {
  return {
    async closedBars(entry, now, signal) {
      const barMs = barLengthMs(entry.timeframe);
      const from = Math.min((await options.lastBarTime(entry)) ?? now, now) - 2 * options.windowBars * barMs;
      const market = entry.marketKind === "asset" ? { asset: entry.market } : { symbol: entry.market };
      const loaded = await pipeline.fetchCandles(
        {
          ...market,
          timeframe: entry.timeframe,
          start: new Date(from).toISOString(),
          end: new Date(now).toISOString(),
        },
        { signal },
      );
      return loaded.candles.filter((candle) => candle.time + barMs + entry.settleMs <= now);
    },
  };
}

/** The live feed of a watcher on the pipeline's journal: each entry read from before its newest analysed bar. */
export function journalMarketFeed(pipeline: Pick<Pipeline, "fetchCandles" | "config" | "journal">): BarFeed {
  return marketFeed(pipeline, {
    windowBars: pipeline.config.window_bars,
    lastBarTime: async (entry) => (await pipeline.journal.open()).watchlist.lastBarTime(entry.id),
  });
}

/** A recorded series as a feed: a bar is there once its close (its open plus one bar) is at or before `now`. */
export function replayFeed(
  candles: readonly Candle[],
  timeframe: Timeframe,
): BarFeed & { closeOf(index: number): number } {
  const barMs = barLengthMs(timeframe);
  const closeOf = (index: number) => itemAt(candles, index).time + barMs;
  return {
    closeOf,
    closedBars: async (_entry, now) => candles.filter((candle) => candle.time + barMs <= now),
  };
}
