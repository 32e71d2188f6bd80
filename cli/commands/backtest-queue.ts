// `quantagent backtest --queue` and `--report <run id>`: the backtest queued for workers instead of analysed here, and
// its report once they are done. --queue tells the estimate and holds it against --max-cost before anything is
// queued, then prints the run id alone on its last line of standard output (scripts take it with `tail -n 1`);
// --report exits 75 while decisions are pending, saying how many, and otherwise writes the report files exactly as a
// backtest in one process does and records the run in the journal (once). Both need PostgreSQL (DATABASE_URL).
import {
  type BacktestEstimate,
  type BacktestOptions,
  describeEstimate,
  enqueueBacktest,
  queuedBacktestReport,
  writeBacktestReport,
} from "../../src/backtest/index";
import type { Config } from "../../src/index";
import { createDatabaseHandle } from "../../src/journal/index";
import { needsPostgres } from "../../src/queue/index";
import { assertReportAbsent } from "../../src/reports/index";
import { finishBacktestSummary, printBacktestSummary } from "../backtest-output";
import type { CliContext } from "../cli-context";
import { EXIT_CODES } from "../exit-codes";
import type { BacktestArguments } from "./backtest-arguments";

function databaseUrlOf(context: CliContext, what: string): string {
  const url = context.env.DATABASE_URL?.trim();
  if (!url) throw needsPostgres(what);
  return url;
}

export async function queueBacktest(
  context: CliContext,
  input: { options: BacktestArguments; config: Config; series: () => Promise<BacktestOptions["series"]> },
): Promise<number> {
  const { options, config } = input;
  databaseUrlOf(context, "A queued backtest");
  const queued = await enqueueBacktest({
    series: await input.series(),
    config,
    ...(options.blind ? { blind: true } : {}),
    step: options.step,
    costBps: options.costBps,
    seed: options.seed,
    maxCostUsd: options.maxCost,
    schedule: options.sequential ? "sequential" : "concurrent",
    cache: !options.noCache,
    env: context.env,
    signal: context.signal,
    onEstimate: (estimate: BacktestEstimate) => context.stderr.write(`Estimate: ${describeEstimate(estimate)}\n`),
    jobs: {
      ...(options.jobTimeout === undefined ? {} : { jobTimeoutSeconds: options.jobTimeout }),
      ...(options.retries === undefined ? {} : { retryLimit: options.retries }),
    },
  });
  context.stderr.write(
    `Queued ${queued.pointCount} decision${queued.pointCount === 1 ? "" : "s"} as run ${queued.id}.\n` +
      "Workers take them: quantagent worker (any machine with DATABASE_URL and the keys). Progress: quantagent " +
      `history runs. Report, once they are done: quantagent backtest --report ${queued.id}\n`,
  );
  context.stdout.write(`${queued.id}\n`);
  return EXIT_CODES.ok;
}

export async function reportQueuedBacktest(
  context: CliContext,
  runId: string,
  options: { dataDir: string; files: { dir: string; name: string; overwrite: boolean; charts: boolean } },
): Promise<number> {
  const { files } = options;
  const databaseUrl = databaseUrlOf(context, "The report of a queued backtest");
  const database = createDatabaseHandle({ dataDir: options.dataDir, databaseUrl });
  try {
    const status = await queuedBacktestReport({ database, runId, record: false });
    if (status.state === "pending") {
      const { progress } = status;
      const pending = progress.running + progress.waiting;
      context.stderr.write(
        `Run ${runId}: ${pending} of ${progress.points} decisions pending (${progress.running} running, ` +
          `${progress.waiting} waiting); ${progress.done + progress.failed} finished (${progress.failed} failed). ` +
          "Ask again once the workers are done.\n",
      );
      return EXIT_CODES.pending;
    }
    // Checked before the run is recorded: a clash leaves everything as it was.
    await assertReportAbsent({ dir: files.dir, name: files.name, overwrite: files.overwrite });
    const finished = await queuedBacktestReport({ database, runId });
    if (finished.state === "pending") return EXIT_CODES.pending; // cannot happen: a finished run stays finished
    const written = await writeBacktestReport(finished.result, { ...files, signal: context.signal });
    printBacktestSummary(context, finished.result, written);
    return finishBacktestSummary(context, finished.result);
  } finally {
    await database.close();
  }
}
