// What `evaluate --queue` and `backtest --queue` share: the options that do not go together with --queue or
// --report (refused before anything is read), the PostgreSQL database both need, the lines that say a run was queued,
// and --report <run id>: exit 75 while decisions are pending, saying how many, else the report written once (the
// command's own writer) after checking that it would not overwrite one.
import { z } from "zod";

import { createDatabaseHandle, type DatabaseHandle } from "../src/journal/index";
import { needsPostgres, type RunProgress } from "../src/queue/index";
import { assertReportAbsent } from "../src/reports/index";
import type { CliContext } from "./cli-context";
import { EXIT_CODES, UsageError } from "./exit-codes";
import { positiveInteger } from "./parse-options";

/** The queued run's command and what one of its jobs decides, as its messages name them. */
export interface QueuedRunWords {
  command: "evaluate" | "backtest";
  /** One job: "decision point" or "decision". */
  unit: string;
}

/** The checks of --queue, --report <run id>, --job-timeout and --retries. */
export function queuedRunShape(command: QueuedRunWords["command"]) {
  return {
    queue: z.boolean().default(false),
    report: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, `--report must be the run id quantagent ${command} --queue printed`)
      .optional(),
    jobTimeout: positiveInteger("job-timeout").min(2, "--job-timeout must be at least 2 seconds").max(3600).optional(),
    retries: z.coerce
      .number({ error: "--retries must be a number" })
      .int("--retries must be a whole number")
      .min(0, "--retries must be at least 0")
      .max(20, "--retries must be at most 20")
      .optional(),
  };
}

/** DATABASE_URL, or the error that says `what` needs PostgreSQL. */
export function databaseUrlOf(context: CliContext, what: string): string {
  const url = context.env.DATABASE_URL?.trim();
  if (!url) throw needsPostgres(what);
  return url;
}

/**
 * The checks both commands make: --report takes its settings from the queued run (none of `runOptions`);
 * --job-timeout and --retries are for --queue only; --baselines-only, --concurrency and --cache-dir do not go with
 * --queue. True when --queue is given and these passed, for the command's own checks to follow.
 */
export function checkQueuedRunOptions(
  options: { queue: boolean; report?: string | undefined; baselinesOnly: boolean },
  named: (option: string) => boolean,
  runOptions: readonly string[],
): boolean {
  if (options.report !== undefined) {
    const extra = runOptions.filter(named);
    if (extra.length > 0)
      throw new UsageError(
        `--report takes its settings from the queued run: leave out --${extra.join(", --")} ` +
          "(it takes --out, --name, --overwrite, --no-charts and --data-dir)",
      );
    return false;
  }
  if (!options.queue) {
    const queueOnly = ["job-timeout", "retries"].filter(named);
    if (queueOnly.length > 0) throw new UsageError(`--${queueOnly.join(" and --")} apply to --queue only`);
    return false;
  }
  if (options.baselinesOnly)
    throw new UsageError("--baselines-only asks no model, so there is nothing to queue: run it without --queue");
  if (named("concurrency"))
    throw new UsageError("with --queue, each worker sets its own concurrency (quantagent worker --concurrency)");
  if (named("cache-dir"))
    throw new UsageError("with --queue, answers are cached in the shared database (--no-cache turns that off)");
  return true;
}

/** Says the run was queued on standard error, and prints its id alone on the last line of standard output. */
export function announceQueuedRun(
  context: CliContext,
  queued: { id: string; pointCount: number },
  words: QueuedRunWords,
): number {
  context.stderr.write(
    `Queued ${queued.pointCount} ${words.unit}${queued.pointCount === 1 ? "" : "s"} as run ${queued.id}.\n` +
      "Workers take them: quantagent worker (any machine with DATABASE_URL and the keys). Progress: quantagent " +
      `history runs. Report, once they are done: quantagent ${words.command} --report ${queued.id}\n`,
  );
  context.stdout.write(`${queued.id}\n`);
  return EXIT_CODES.ok;
}

type QueuedStatus<Result> =
  { state: "pending"; progress: RunProgress } | { state: "done"; progress: RunProgress; result: Result };

/** --report <run id>: how many jobs are pending (exit 75), or the finished run recorded and written by `write`. */
export async function reportQueuedRun<Result>(
  context: CliContext,
  runId: string,
  options: {
    dataDir: string;
    files: { dir: string; name: string; overwrite: boolean };
    /** What the report of the run is, for the error when DATABASE_URL is missing. */
    what: string;
    /** Pending jobs are counted in these ("points", "decisions"). */
    units: string;
    report: (input: { database: DatabaseHandle; runId: string; record?: boolean }) => Promise<QueuedStatus<Result>>;
    write: (result: Result) => Promise<number>;
  },
): Promise<number> {
  const { files } = options;
  const databaseUrl = databaseUrlOf(context, options.what);
  const database = createDatabaseHandle({ dataDir: options.dataDir, databaseUrl });
  try {
    const status = await options.report({ database, runId, record: false });
    if (status.state === "pending") {
      const { progress } = status;
      const pending = progress.running + progress.waiting;
      context.stderr.write(
        `Run ${runId}: ${pending} of ${progress.points} ${options.units} pending (${progress.running} running, ` +
          `${progress.waiting} waiting); ${progress.done + progress.failed} finished (${progress.failed} failed). ` +
          "Ask again once the workers are done.\n",
      );
      return EXIT_CODES.pending;
    }
    // Checked before the run is recorded: a clash leaves everything as it was.
    await assertReportAbsent({ dir: files.dir, name: files.name, overwrite: files.overwrite });
    const finished = await options.report({ database, runId });
    if (finished.state === "pending") return EXIT_CODES.pending; // cannot happen: a finished run stays finished
    return await options.write(finished.result);
  } finally {
    await database.close();
  }
}
