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
import { finishBacktestSummary, printBacktestSummary } from "../backtest-output";
import type { CliContext } from "../cli-context";
import { announceQueuedRun, databaseUrlOf, reportQueuedRun } from "../queued-run";
import type { BacktestArguments } from "./backtest-arguments";

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
  return announceQueuedRun(context, queued, { command: "backtest", unit: "decision" });
}

export function reportQueuedBacktest(
  context: CliContext,
  runId: string,
  options: { dataDir: string; files: { dir: string; name: string; overwrite: boolean; charts: boolean } },
): Promise<number> {
  return reportQueuedRun(context, runId, {
    ...options,
    what: "The report of a queued backtest",
    units: "decisions",
    report: queuedBacktestReport,
    write: async (result) => {
      const written = await writeBacktestReport(result, { ...options.files, signal: context.signal });
      printBacktestSummary(context, result, written);
      return finishBacktestSummary(context, result);
    },
  });
}
