// startWatch: the forward test around a pipeline (a module that takes one, not a method of it). Three ways to run the
// same round (watch-tick.ts):
// - once: one round of what is due now, then done (`quantagent watch --once`, a cron job of the user's own);
// - live: a round each minute at second 0, by croner (a well-kept cron library, not a timer loop of our own); an
//   entry is only fetched once a new bar of it can have closed and settled, so a quiet minute costs nothing;
// - replay: a recorded series released bar by bar on a clock `speed` times faster than its timeframe, a round at
//   each bar's close, as if live (to try a setup, and to test).
// The watchlist, the records and the spending are the pipeline's journal's, so a watcher that stops and starts again
// (or another one) resumes where the last left off.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { Cron } from "croner";

import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { Pipeline } from "../pipeline/pipeline";
import { type BarFeed, barLengthMs, marketFeed, replayFeed } from "./bar-feed";
import type { WatchEvent } from "./watch-event";
import { runWatchTick, type WatchTickCounts } from "./watch-tick";

export type WatchMode =
  | { kind: "once" }
  | { kind: "live" }
  | {
      kind: "replay";
      /** The recorded series, in time order. */
      candles: readonly Candle[];
      timeframe: Timeframe;
      /** How many times faster than real time bars are released (3600: an hourly bar a second). */
      speed: number;
    };

export interface StartWatchOptions {
  pipeline: Pipeline;
  mode: WatchMode;
  /** US dollars a UTC day may spend (estimated before each analysis); default the config's max_cost_per_day, else none. */
  maxCostPerDay?: number;
  /** Decisions cached for a resume after a crash: default `<data_dir>/cache/forward`; false keeps none. */
  cacheDir?: string | false;
  /** The live clock, epoch ms. @default Date.now */
  now?: () => number;
  /** A feed of one's own (a replay or a live market otherwise). */
  feed?: BarFeed;
  signal?: AbortSignal;
  onEvent?: (event: WatchEvent) => void;
}

export interface WatchSummary extends WatchTickCounts {
  rounds: number;
}

export interface Watch {
  /** Settles when the watch ends (once: after its round; replay: after the last bar; live: when stopped). */
  done: Promise<WatchSummary>;
  stop(): void;
}

export function startWatch(options: StartWatchOptions): Watch {
  const { pipeline, mode } = options;
  if (!pipeline.config.journal)
    throw new InputError({
      message: "The forward test keeps its watchlist and records in the journal: turn the pipeline's journal on",
      details: { field: "journal" },
    });
  // The caller's cap, else the config record's.
  const maxCostPerDay = options.maxCostPerDay ?? pipeline.config.max_cost_per_day;
  if (maxCostPerDay !== undefined && !(maxCostPerDay >= 0))
    throw new InputError({ message: "max_cost_per_day must be a number of US dollars, 0 or more" });
  if (mode.kind === "replay" && !(mode.speed > 0 && Number.isFinite(mode.speed)))
    throw new InputError({ message: "The replay's speed must be a positive number (3600: an hourly bar a second)" });
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const cacheDir =
    options.cacheDir === false
      ? null
      : path.resolve(options.cacheDir ?? path.join(pipeline.config.data_dir, "cache", "forward"));
  const summary: WatchSummary = { rounds: 0, decisions: 0, failures: 0, scored: 0, capped: false };
  const round = async (now: number, feed: BarFeed, extra: { replayTimeframe?: Timeframe } = {}) => {
    const journal = await pipeline.journal.open();
    const counts = await runWatchTick({
      pipeline,
      journal,
      feed,
      now,
      cacheDir,
      maxCostPerDay,
      fromEntryCreation: mode.kind !== "replay",
      ...(extra.replayTimeframe ? { entryFilter: (entry) => entry.timeframe === extra.replayTimeframe } : {}),
      signal,
      onEvent: options.onEvent,
    });
    summary.rounds += 1;
    summary.decisions += counts.decisions;
    summary.failures += counts.failures;
    summary.scored += counts.scored;
    summary.capped ||= counts.capped;
  };
  const clock = options.now ?? Date.now;
  const liveFeed = () =>
    options.feed ??
    marketFeed(pipeline, {
      windowBars: pipeline.config.window_bars,
      lastBarTime: async (entry) => (await pipeline.journal.open()).watchlist.lastBarTime(entry.id),
    });

  const run = async (): Promise<WatchSummary> => {
    switch (mode.kind) {
      case "once":
        await round(clock(), liveFeed());
        return summary;
      case "replay": {
        const feed = options.feed ?? replayFeed(mode.candles, mode.timeframe);
        const barMs = barLengthMs(mode.timeframe);
        const first = Math.max(0, pipeline.config.window_bars - 1);
        const started = performance.now();
        for (let index = first; index < mode.candles.length; index++) {
          const close = mode.candles[index]!.time + barMs;
          const releaseAt = ((close - (mode.candles[first]!.time + barMs)) / mode.speed) | 0;
          const wait = releaseAt - (performance.now() - started);
          if (wait > 0) await sleep(wait, undefined, { signal });
          signal.throwIfAborted();
          await round(close, feed, { replayTimeframe: mode.timeframe });
        }
        return summary;
      }
      case "live": {
        const feed = liveFeed();
        let running: Promise<void> = Promise.resolve();
        const job = new Cron("0 * * * * *", { protect: true, timezone: "UTC" }, () => {
          running = running
            .then(() => round(clock(), feed))
            .catch((error: unknown) => {
              options.onEvent?.({
                type: "failure",
                entryId: "",
                market: "watchlist",
                barTime: clock(),
                error: error instanceof Error ? error.message : String(error),
              });
            });
          return running;
        });
        try {
          await new Promise<void>((resolve) => {
            if (signal.aborted) resolve();
            signal.addEventListener("abort", () => resolve(), { once: true });
          });
        } finally {
          job.stop();
          await running;
        }
        return summary;
      }
      default: {
        const exhaustive: never = mode;
        return exhaustive;
      }
    }
  };
  return { done: run(), stop: () => controller.abort(new Error("watch stopped")) };
}
