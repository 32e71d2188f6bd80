// startWatch: the forward test around a pipeline (a module that takes one, not a method of it). Three ways to run the
// same round (watch-tick.ts):
// - once: one round of what is due now, then done (`quantagent watch --once`, a cron job of the user's own);
// - live: a round each minute at second 0, by croner (a well-kept cron library, not a timer loop of our own); an
//   entry is only fetched once a new bar of it can have closed and settled, so a quiet minute costs nothing;
// - replay: a recorded series released bar by bar on a clock `speed` times faster than its timeframe, a round at
//   each bar's close, as if live (to try a setup, and to test).
// The watchlist, the records and the spending are the pipeline's journal's, so a watcher that stops and starts again
// (or another one) resumes where the last left off. Given a job queue (PostgreSQL), the watcher analyses nothing
// itself: its rounds are jobs for `quantagent worker` processes (forward-queue.ts), live by pg-boss's schedule.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { Cron } from "croner";

import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { Pipeline } from "../pipeline/pipeline";
import type { JobQueue } from "../queue/job-queue";
import { type BarFeed, barLengthMs, journalMarketFeed, replayFeed } from "./bar-feed";
import { FORWARD_JOB_SETTINGS, scheduleForwardRounds, sendEntryJobs } from "./forward-queue";
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
      /** The series' file: with a queue, the workers read it there (a path they can reach). */
      csv?: string;
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
  /**
   * The job queue on the journal's PostgreSQL: rounds become jobs for workers instead of running here (live: pg-boss's
   * schedule, a round a minute; once: the round's jobs are sent; replay: a round's jobs at each bar's close, then the
   * watcher waits for the workers to catch up). Its decisions are then counted from the watchlist.
   */
  queue?: JobQueue;
  /** With a queue: how long an entry's round may take before it counts as lost (its lease). @default 900 */
  jobTimeoutSeconds?: number;
  /**
   * Runs before each round (a server copies its current settings into the watcher's own pipeline there); false skips
   * the round (a server without a key yet).
   */
  beforeRound?: () => boolean | void | Promise<boolean | void>;
  /** With a queue: how often the end of a replay looks at the workers' progress, ms. @default 1000 */
  pollMs?: number;
}

export interface WatchSummary extends Omit<WatchTickCounts, "waiting"> {
  rounds: number;
}

export interface Watch {
  /** Settles when the watch ends (once: after its round; replay: after the last bar; live: when stopped). */
  done: Promise<WatchSummary>;
  stop(): void;
}

/**
 * How long a live watcher holds an entry between two of its analyses: a watcher that died mid-round keeps others off
 * the entry this long at most; one analysis must fit in it.
 */
const LIVE_LEASE_MS = 10 * 60_000;

export function startWatch(options: StartWatchOptions): Watch {
  const leaseHolder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
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
  const jobSettings = { jobTimeoutSeconds: options.jobTimeoutSeconds ?? FORWARD_JOB_SETTINGS.jobTimeoutSeconds };
  const summary: WatchSummary = { rounds: 0, decisions: 0, failures: 0, scored: 0, capped: false };
  const round = async (now: number, feed: BarFeed, extra: { replayTimeframe?: Timeframe } = {}) => {
    if ((await options.beforeRound?.()) === false) return;
    const journal = await pipeline.journal.open();
    if (options.queue) {
      const entries = (await journal.watchlist.list()).filter(
        (entry) => entry.status === "active" && (!extra.replayTimeframe || entry.timeframe === extra.replayTimeframe),
      );
      await sendEntryJobs(
        options.queue,
        entries,
        mode.kind === "replay" && mode.csv ? { now, replay: { csv: mode.csv, timeframe: mode.timeframe } } : {},
        jobSettings,
      );
      summary.rounds += 1;
      return;
    }
    const counts = await runWatchTick({
      pipeline,
      journal,
      feed,
      now,
      cacheDir,
      maxCostPerDay,
      fromEntryCreation: mode.kind !== "replay",
      ...(extra.replayTimeframe ? { entryFilter: (entry) => entry.timeframe === extra.replayTimeframe } : {}),
      // Live, two watchers on one journal (a server and a `quantagent watch`) never analyse an entry at once.
      ...(mode.kind === "replay" ? {} : { lease: { holder: leaseHolder, ms: LIVE_LEASE_MS } }),
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
  const liveFeed = () => options.feed ?? journalMarketFeed(pipeline);

  const run = async (): Promise<WatchSummary> => {
    switch (mode.kind) {
      case "once":
        await round(clock(), liveFeed());
        return summary;
      case "replay": {
        if (options.queue && !mode.csv)
          throw new InputError({
            message: "A replay on the job queue needs its CSV file's path (the workers read it)",
          });
        const before = options.queue ? await decisionCounts(pipeline) : undefined;
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
        if (options.queue && before) {
          const last = mode.candles.at(-1);
          if (last) await caughtUp(last.time + barMs);
          const after = await decisionCounts(pipeline);
          for (const [id, count] of after) summary.decisions += count - (before.get(id) ?? 0);
        }
        return summary;
      }
      case "live": {
        if (options.queue) {
          await scheduleForwardRounds(options.queue);
          await new Promise<void>((resolve) => {
            if (signal.aborted) resolve();
            signal.addEventListener("abort", () => resolve(), { once: true });
          });
          return summary;
        }
        const feed = liveFeed();
        let running: Promise<void> = Promise.resolve();
        const job = new Cron("0 * * * * *", { protect: true, timezone: "UTC" }, () => {
          running = running
            .then(() => round(clock(), feed))
            .catch((error: unknown) => {
              if (signal.aborted) return; // stopped mid-round: not a failure
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
  /**
   * The end of a replay on the queue: every active entry of the series' timeframe has its last bar recorded (or is
   * paused). A round's job may have found its entry held by a worker since killed (its lease runs out with its job),
   * so each look sends the lagging entries' round again; a worker whose lease is live ends such a job at once.
   */
  const caughtUp = async (close: number) => {
    if (mode.kind !== "replay" || !options.queue) return;
    if (mode.candles.length < pipeline.config.window_bars) return; // no bar was ever due
    const lastBar = close - barLengthMs(mode.timeframe);
    // Workers that record nothing for this long are not coming (none running, the CSV out of their reach, their
    // day's cap reached): the watcher says so rather than wait for ever.
    const patienceMs = 2 * jobSettings.jobTimeoutSeconds * 1000 + 15_000;
    let progress = "";
    let progressAt = performance.now();
    for (;;) {
      const store = (await pipeline.journal.open()).watchlist;
      const lagging = [];
      const newest = [];
      for (const entry of await store.list())
        if (entry.status === "active" && entry.timeframe === mode.timeframe) {
          const last = (await store.lastBarTime(entry.id)) ?? -Infinity;
          newest.push(last);
          if (last < lastBar) lagging.push(entry);
        }
      if (lagging.length === 0) return;
      if (newest.join() !== progress) [progress, progressAt] = [newest.join(), performance.now()];
      else if (performance.now() - progressAt > patienceMs)
        throw new Error(
          `The workers recorded no bar for ${Math.round(patienceMs / 1000)} s; ${lagging.map((entry) => entry.market).join(", ")} ` +
            "not done. Is a quantagent worker running on this database, can it read the CSV at the path given, and " +
            "has its MAX_COST_PER_DAY stopped the day? (quantagent worker's lines say.)",
        );
      await sendEntryJobs(
        options.queue,
        lagging,
        { now: close, replay: { csv: mode.csv ?? "", timeframe: mode.timeframe } },
        jobSettings,
      );
      await sleep(options.pollMs ?? 1000, undefined, { signal });
    }
  };
  return { done: run(), stop: () => controller.abort(new Error("watch stopped")) };
}

/** Decisions recorded per entry (a watcher on the queue counts its workers' work from these). */
async function decisionCounts(pipeline: Pipeline): Promise<Map<string, number>> {
  const store = (await pipeline.journal.open()).watchlist;
  const counts = new Map<string, number>();
  for (const entry of await store.list()) counts.set(entry.id, (await store.decisions(entry.id)).length);
  return counts;
}
