// The forward test on the job queue (with DATABASE_URL): any number of servers and workers, each (entry, bar) analysed
// exactly once. Who does what:
// - the schedule is pg-boss's: a server asks for a round a minute (scheduleForwardRounds) and pg-boss sends each
//   minute's round job once, however many servers ask; a replay on the queue sends its own at each bar's close;
// - a worker taking a round job sends one entry job per active entry;
// - a worker taking an entry job takes the entry's lease in the journal (one holder at a time, until the job's
//   expiry), analyses the entry's oldest due bar (watch-tick.ts: the bars due since its newest recorded bar), scores
//   what has closed, gives the lease back, and sends the entry's next due bar as a job of its own. So a job is one
//   analysis, and its time limit (--job-timeout) covers one analysis, as a queued evaluation's point does. Another
//   job for the same entry meanwhile finds it held and ends: the holder's chain of jobs covers its bars. A worker
//   killed mid-analysis leaves its lease to run out with its job; the next job after that resumes from the newest
//   bar recorded. The (entry, bar) primary key refuses a repeat whatever happens.
import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";

import { z } from "zod";

import type { WatchEntry } from "../journal/watchlist-store";
import type { Candle } from "../market/candle";
import { readCsvFile } from "../market/csv-source";
import { timeframeSchema } from "../market/timeframes";
import type { Pipeline } from "../pipeline/pipeline";
import type { JobQueue } from "../queue/job-queue";
import type { JobSettings } from "../queue/queue-settings";
import type { QueueHandler } from "../queue/run-worker";
import { journalMarketFeed, replayFeed } from "./bar-feed";
import type { WatchEvent } from "./watch-event";
import { runWatchTick } from "./watch-tick";

/** One job a minute (pg-boss's cron): a worker sends one entry job per active entry. */
export const FORWARD_ROUND_QUEUE = "quantagent-forward-rounds";
/** One job per entry and round: the entry's due bars, analysed under its lease. */
export const FORWARD_ENTRY_QUEUE = "quantagent-forward-entries";
export const FORWARD_QUEUES = [FORWARD_ROUND_QUEUE, FORWARD_ENTRY_QUEUE] as const;

const entryJobSchema = z.strictObject({
  entryId: z.string().min(1),
  /** The round's clock (a replay's bar close); live rounds read the worker's clock. */
  now: z.number().optional(),
  /** A replay: the recorded series the workers read (a path they can reach) and its timeframe. */
  replay: z.strictObject({ csv: z.string().min(1), timeframe: timeframeSchema }).optional(),
});
export type ForwardEntryJob = z.infer<typeof entryJobSchema>;

/** How long an entry's round may take (its lease): past it the job counts as lost. @default 900 */
export const FORWARD_JOB_SETTINGS = { jobTimeoutSeconds: 900, retryLimit: 2, retryDelaySeconds: 5 } as const;

/** Asks pg-boss for a round each minute (UTC), sent once per minute however many processes ask. */
export async function scheduleForwardRounds(queue: JobQueue): Promise<void> {
  await queue.boss.schedule(FORWARD_ROUND_QUEUE, "* * * * *", {}, { tz: "UTC" });
}

/** Sends one entry job per entry (live rounds without `now`; a replay's with its bar's close). */
export async function sendEntryJobs(
  queue: JobQueue,
  entries: readonly Pick<WatchEntry, "id">[],
  round: Omit<ForwardEntryJob, "entryId">,
  settings: Pick<JobSettings, "jobTimeoutSeconds"> = FORWARD_JOB_SETTINGS,
): Promise<void> {
  if (entries.length === 0) return;
  await queue.boss.insert(
    entries.map((entry) => ({
      name: FORWARD_ENTRY_QUEUE,
      data: { ...round, entryId: entry.id },
      expireInSeconds: settings.jobTimeoutSeconds,
      retryLimit: FORWARD_JOB_SETTINGS.retryLimit,
      retryDelay: FORWARD_JOB_SETTINGS.retryDelaySeconds,
    })),
  );
}

export interface ForwardHandlersOptions {
  /** The worker's pipeline: its journal is the queue's database, its models the worker's keys. */
  pipeline: Pipeline;
  /** Who holds a lease ("host:pid"). */
  holder: string;
  /** Decisions cached for a resume (the worker's own folder); null keeps none. */
  cacheDir: string | null;
  onEvent?: (event: WatchEvent) => void;
  /** The live clock, epoch ms. @default Date.now */
  now?: () => number;
}

/**
 * The worker's side: a round job sends the entry jobs; an entry job runs the entry's round under its lease. One job
 * at a time per queue (a round changes the pipeline's models for an entry that names its own).
 */
export function forwardHandlers(options: ForwardHandlersOptions): QueueHandler[] {
  const { pipeline, holder } = options;
  const clock = options.now ?? Date.now;
  // A replay's series, read once per file as it stands: a file written again (another replay at the same path) is
  // read again.
  const replays = new Map<string, { modified: number; series: Promise<Candle[]> }>();
  const replaySeries = async (csv: string) => {
    // A file that cannot be read is read afresh, so its own error (readCsvFile's) says why.
    const modified = await stat(csv).then(
      (info) => info.mtimeMs,
      () => Number.NaN,
    );
    let known = replays.get(csv);
    if (known?.modified !== modified) {
      known = { modified, series: readCsvFile(csv, { order: "ascending" }) };
      known.series.catch(() => replays.delete(csv));
      replays.set(csv, known);
    }
    return known.series;
  };
  return [
    {
      queue: FORWARD_ROUND_QUEUE,
      async handle(_data, job) {
        const entries = await (await pipeline.journal.open()).watchlist.list();
        await sendEntryJobs(
          job.queue,
          entries.filter((entry) => entry.status === "active"),
          {},
        );
      },
    },
    {
      queue: FORWARD_ENTRY_QUEUE,
      async handle(data, job) {
        const parsed = entryJobSchema.safeParse(data);
        if (!parsed.success) return; // a job of another version: nothing this worker can do with it
        const { entryId, now, replay } = parsed.data;
        const journal = await pipeline.journal.open();
        const store = journal.watchlist;
        // Each job holds the lease as itself: two jobs of one worker (or of two replicas with the same host and pid)
        // are two holders.
        const jobHolder = `${holder}/${randomUUID()}`;
        if (!(await store.takeLease(entryId, jobHolder, { now: clock(), until: job.expiresAt }))) return;
        let waiting = 0;
        try {
          const feed = replay
            ? replayFeed(await replaySeries(replay.csv), replay.timeframe)
            : journalMarketFeed(pipeline);
          const counts = await runWatchTick({
            pipeline,
            journal,
            feed,
            now: now ?? clock(),
            cacheDir: options.cacheDir,
            maxCostPerDay: pipeline.config.max_cost_per_day,
            fromEntryCreation: replay === undefined,
            entryFilter: (entry) => entry.id === entryId,
            maxDecisions: 1,
            signal: job.signal,
            onEvent: options.onEvent,
          });
          waiting = counts.capped || counts.failures > 0 ? 0 : counts.waiting;
        } finally {
          await store.releaseLease(entryId, jobHolder);
        }
        // The entry's next due bar, as a job of its own (sent once the lease is free, so it can be taken).
        if (waiting > 0)
          await sendEntryJobs(
            job.queue,
            [{ id: entryId }],
            parsed.data.now === undefined ? { replay } : { now, replay },
            {
              jobTimeoutSeconds: job.timeoutSeconds,
            },
          );
      },
    },
  ];
}
