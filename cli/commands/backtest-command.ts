// `quantagent backtest`: a walk-forward backtest of the agents on one continuous series (a CSV file, or a symbol over
// a date range), beside buy-and-hold and the baselines on the same bars, with trading costs; writes
// <out>/<name>.json, .md, .html and the equity and drawdown PNGs, and records the run in the journal. Before anything
// is spent it prints what the run will ask of the provider (decisions, calls, an estimated cost) and refuses to start
// above --max-cost. Ctrl-C keeps every completed decision (the decision cache): the same command resumes. Its options
// are in backtest-arguments.ts.
import { stat } from "node:fs/promises";
import path from "node:path";

import { type BacktestEstimate, describeEstimate, runBacktest, writeBacktestReport } from "../../src/backtest/index";
import type { Config } from "../../src/index";
import { readCsvFile, timeframeOfBars } from "../../src/market/index";
import { assertReportAbsent, createTextProgressBar } from "../../src/reports/index";
import { assertBacktestAblationPossible, writeBacktestAblation } from "../backtest-ablation";
import { finishBacktestSummary, printBacktestSummary } from "../backtest-output";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, UsageError } from "../exit-codes";
import { ablationArguments, ablationRuns } from "../stage-ablation";
import { BACKTEST_HELP, type BacktestArguments, backtestConfigOf, readBacktestArguments } from "./backtest-arguments";
import { queueBacktest, reportQueuedBacktest } from "./backtest-queue";

async function run(context: CliContext): Promise<number> {
  const { argv, kind: ablationKind } = ablationArguments(context.argv);
  const options = readBacktestArguments(context, argv);
  if (options === "help") {
    context.stdout.write(BACKTEST_HELP);
    return EXIT_CODES.ok;
  }
  const inCwd = (file: string) => path.resolve(context.cwd, file);
  const dataDir = inCwd(options.dataDir);
  const out = inCwd(options.out ?? path.join(dataDir, "backtest"));
  const name = options.name ?? "backtest";
  const files = { dir: out, name, overwrite: options.overwrite, charts: !options.noCharts };
  if (options.report !== undefined) return reportQueuedBacktest(context, options.report, { dataDir, files });
  const config = backtestConfigOf(options, dataDir);
  if (options.queue)
    return queueBacktest(context, { options, config, series: () => seriesOf(options, inCwd, context.signal) });
  // A clash with an earlier report is found now, before the series is read or any model is paid for.
  await assertReportAbsent({ dir: out, name, overwrite: options.overwrite });
  if (options.ablation)
    await assertBacktestAblationPossible({
      kind: ablationKind,
      agentsGiven: options.agents !== undefined,
      stages: config.stages,
      baselinesOnly: options.baselinesOnly,
      out,
      name,
      overwrite: options.overwrite,
    });
  const series = await seriesOf(options, inCwd, context.signal);
  const stderr = context.stderr as NodeJS.WritableStream & { isTTY?: boolean };
  const backtest = (change: Partial<Config>) =>
    runBacktest({
      series,
      config: { ...config, ...change },
      includeModel: !options.baselinesOnly,
      ...(options.blind ? { blind: true } : {}),
      mirror: options.mirror,
      step: options.step,
      costBps: options.costBps,
      seed: options.seed,
      maxCostUsd: options.maxCost,
      concurrency: options.concurrency,
      schedule: options.sequential ? "sequential" : "concurrent",
      cacheDir: options.noCache ? false : inCwd(options.cacheDir ?? path.join(dataDir, "cache", "backtest")),
      signal: context.signal,
      dependencies: { env: context.env },
      onEstimate: (estimate: BacktestEstimate) => context.stderr.write(`Estimate: ${describeEstimate(estimate)}\n`),
      onProgress: createTextProgressBar(stderr),
      stages: change.stages ?? config.stages,
    });
  // The run without the stages first: with risk alone it makes the model answers the run with it reuses (risk
  // asks nothing of the model), so both runs trade the same directives.
  // With --ablation agents, the single agent first, then the team.
  const runs = ablationRuns(options.ablation ? ablationKind : undefined);
  const without = runs.without === undefined ? undefined : await backtest(runs.without);
  const result = await backtest(runs.with);
  const written = await writeBacktestReport(result, {
    dir: out,
    name,
    overwrite: options.overwrite,
    charts: !options.noCharts,
    signal: context.signal,
  });
  printBacktestSummary(context, result, written);
  if (without) {
    const ablation = await writeBacktestAblation(without, result, {
      kind: ablationKind,
      out,
      name,
      overwrite: options.overwrite,
    });
    context.stdout.write(`\n${ablation.markdown}\n\nWrote ${ablation.files.join("\n      ")}\n`);
  }
  return finishBacktestSummary(context, result);
}

/**
 * A --csv that is not there is said in the command line's terms, not as a raw ENOENT; the joined benchmark series
 * the README's first backtest reads (data/series/*_longest.csv) are written by `npm run benchmark:series`.
 */
async function assertCsvExists(given: string, file: string): Promise<void> {
  const exists = await stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== "ENOENT",
  );
  if (exists) return;
  const series = /(^|[\\/])series[\\/][^\\/]+_longest\.csv$/.test(given);
  throw new UsageError(
    `Cannot read --csv ${given}: no such file (in ${path.dirname(file)}).` +
      (series
        ? " The benchmark's joined series are written by npm run benchmark:series (once, in the project's folder); run it first."
        : ""),
  );
}

/** The series option of runBacktest: a CSV file read here (its timeframe read from its spacing unless given). */
async function seriesOf(options: BacktestArguments, inCwd: (file: string) => string, signal: AbortSignal) {
  if (options.symbol !== undefined)
    return {
      symbol: options.symbol,
      timeframe: options.timeframe ?? "1d",
      start: options.start ?? "",
      end: options.end ?? "",
    };
  const file = inCwd(options.csv ?? "");
  await assertCsvExists(options.csv ?? "", file);
  const candles = await readCsvFile(file, { order: "ascending", signal });
  const timeframe = options.timeframe ?? timeframeOfBars(candles);
  if (timeframe === undefined)
    throw new UsageError(
      `The timeframe of ${path.basename(file)} cannot be read from its rows' spacing: give --timeframe`,
    );
  // The series is named by its file; --name names the report's files only.
  return { candles, timeframe, name: path.basename(file, path.extname(file)) };
}

export const backtestCommand: Command = {
  name: "backtest",
  summary: "walk the agents over one series with costs: equity curves against buy-and-hold and the baselines",
  help: BACKTEST_HELP,
  run,
};
