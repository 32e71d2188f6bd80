// `quantagent evaluate --queue` and `--report <run id>`: the evaluation queued for workers instead of run here, and
// its report once they are done. --queue prints the run id alone on its last line of standard output (scripts take
// it with `tail -n 1`); --report exits 75 while points are pending, saying how many, and otherwise writes the report
// as an evaluation in one process does. Both need PostgreSQL (DATABASE_URL).
import {
  assertReportAbsent,
  enqueueEvaluation,
  queuedEvaluationReport,
  type QueueEvaluationOptions,
} from "../../src/evaluation/index";
import { createDatabaseHandle } from "../../src/journal/index";
import { needsPostgres } from "../../src/queue/index";
import type { CliContext } from "../cli-context";
import { type ReportFiles, writeAndSummarise } from "../evaluation-output";
import { EXIT_CODES, UsageError } from "../exit-codes";

/** The options that say what to evaluate: a queued run's report takes its settings from the run, not from these. */
const RUN_OPTIONS = [
  "protocol",
  "data",
  "assets",
  "provider",
  "agent-model",
  "graph-model",
  "temperature",
  "windows",
  "horizons",
  "points-per-window",
  "stride",
  "concurrency",
  "seeds",
  "cache-dir",
  "no-cache",
  "baselines-only",
  "sequential",
  "queue",
  "job-timeout",
  "retries",
  "memory",
  "debate",
  "risk",
  "ablation",
  "blind",
  "mirror",
];

/** Options that do not go together with --queue or --report, refused before anything is read. */
export function checkQueueOptions(
  options: { queue: boolean; report?: string; baselinesOnly: boolean },
  given: Record<string, unknown>,
): void {
  const named = (option: string) => given[option] !== undefined;
  if (options.report !== undefined) {
    const extra = RUN_OPTIONS.filter(named);
    if (extra.length > 0)
      throw new UsageError(
        `--report takes its settings from the queued run: leave out --${extra.join(", --")} ` +
          "(it takes --out, --name, --overwrite, --no-charts and --data-dir)",
      );
    return;
  }
  if (!options.queue) {
    const queueOnly = ["job-timeout", "retries"].filter(named);
    if (queueOnly.length > 0) throw new UsageError(`--${queueOnly.join(" and --")} apply to --queue only`);
    return;
  }
  if (options.baselinesOnly)
    throw new UsageError("--baselines-only asks no model, so there is nothing to queue: run it without --queue");
  if (named("concurrency"))
    throw new UsageError("with --queue, each worker sets its own concurrency (quantagent worker --concurrency)");
  if (named("cache-dir"))
    throw new UsageError("with --queue, answers are cached in the shared database (--no-cache turns that off)");
  // Memory orders an asset's points one after another in a journal of the run's own, which independent jobs cannot
  // share; the debate and risk stages, the ablation's second run, and blind and mirrored points are not queued yet
  // either (a job would run them plain: refused rather than silently changed).
  const stages = ["memory", "debate", "risk", "ablation", "blind", "mirror"].filter(named);
  if (stages.length > 0)
    throw new UsageError(`--${stages.join(", --")} cannot be queued yet: run this evaluation without --queue`);
}

function databaseUrlOf(context: CliContext, what: string): string {
  const url = context.env.DATABASE_URL?.trim();
  if (!url) throw needsPostgres(what);
  return url;
}

export async function queueEvaluation(
  context: CliContext,
  options: Omit<QueueEvaluationOptions, "env" | "signal">,
): Promise<number> {
  databaseUrlOf(context, "A queued evaluation");
  const queued = await enqueueEvaluation({ ...options, env: context.env, signal: context.signal });
  context.stderr.write(
    `Queued ${queued.pointCount} decision point${queued.pointCount === 1 ? "" : "s"} as run ${queued.id}.\n` +
      "Workers take them: quantagent worker (any machine with DATABASE_URL and the keys). Progress: quantagent " +
      `history runs. Report, once they are done: quantagent evaluate --report ${queued.id}\n`,
  );
  context.stdout.write(`${queued.id}\n`);
  return EXIT_CODES.ok;
}

export async function reportQueuedRun(
  context: CliContext,
  runId: string,
  options: { dataDir: string; files: ReportFiles },
): Promise<number> {
  const { files } = options;
  const databaseUrl = databaseUrlOf(context, "The report of a queued evaluation");
  const database = createDatabaseHandle({ dataDir: options.dataDir, databaseUrl });
  try {
    const status = await queuedEvaluationReport({ database, runId, record: false });
    if (status.state === "pending") {
      const { progress } = status;
      const pending = progress.running + progress.waiting;
      context.stderr.write(
        `Run ${runId}: ${pending} of ${progress.points} points pending (${progress.running} running, ` +
          `${progress.waiting} waiting); ${progress.done + progress.failed} finished (${progress.failed} failed). ` +
          "Ask again once the workers are done.\n",
      );
      return EXIT_CODES.pending;
    }
    // Checked before the run is recorded: a clash leaves everything as it was.
    await assertReportAbsent({ dir: files.dir, name: files.name, overwrite: files.overwrite });
    const finished = await queuedEvaluationReport({ database, runId });
    if (finished.state === "pending") return EXIT_CODES.pending; // cannot happen: a finished run stays finished
    return await writeAndSummarise(context, finished.result, files);
  } finally {
    await database.close();
  }
}
