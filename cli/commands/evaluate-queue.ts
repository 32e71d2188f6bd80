// `quantagent evaluate --queue` and `--report <run id>`: the evaluation queued for workers instead of run here, and
// its report once they are done. --queue prints the run id alone on its last line of standard output (scripts take
// it with `tail -n 1`); --report exits 75 while points are pending, saying how many, and otherwise writes the report
// as an evaluation in one process does. Both need PostgreSQL (DATABASE_URL).
import { enqueueEvaluation, queuedEvaluationReport, type QueueEvaluationOptions } from "../../src/evaluation/index";
import type { CliContext } from "../cli-context";
import { type ReportFiles, writeAndSummarise } from "../evaluation-output";
import { UsageError } from "../exit-codes";
import { announceQueuedRun, checkQueuedRunOptions, databaseUrlOf, reportQueuedRun } from "../queued-run";

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
  if (!checkQueuedRunOptions(options, named, RUN_OPTIONS)) return;
  // Memory orders an asset's points one after another in a journal of the run's own, which independent jobs cannot
  // share; the debate and risk stages, the ablation's second run, and blind and mirrored points are not queued yet
  // either (a job would run them plain: refused rather than silently changed).
  const stages = ["memory", "debate", "risk", "ablation", "blind", "mirror"].filter(named);
  if (stages.length > 0)
    throw new UsageError(`--${stages.join(", --")} cannot be queued yet: run this evaluation without --queue`);
}

const WORDS = { command: "evaluate", unit: "decision point" } as const;

export async function queueEvaluation(
  context: CliContext,
  options: Omit<QueueEvaluationOptions, "env" | "signal">,
): Promise<number> {
  databaseUrlOf(context, "A queued evaluation");
  const queued = await enqueueEvaluation({ ...options, env: context.env, signal: context.signal });
  return announceQueuedRun(context, queued, WORDS);
}

export function reportQueuedEvaluation(
  context: CliContext,
  runId: string,
  options: { dataDir: string; files: ReportFiles },
): Promise<number> {
  return reportQueuedRun(context, runId, {
    ...options,
    what: "The report of a queued evaluation",
    units: "points",
    report: queuedEvaluationReport,
    write: (result) => writeAndSummarise(context, result, options.files),
  });
}
