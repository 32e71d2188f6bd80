// `quantagent probe`: the chart-reading probe. Synthetic series with planted shapes are analysed blind, exactly as
// real windows, and the answers scored against the planted truth; writes <out>/<name>.json, .md, .html and the
// confusion matrix's PNG, prints the scores and the verdict, and records the run in the journal. Before anything is
// spent it prints what the run will ask of the provider and refuses to start above --max-cost; a report name already
// taken is refused before that. Ctrl-C keeps every completed analysis (the decision cache): the same command resumes.
// --write-series writes the planted series and stops. Its options are in probe-arguments.ts.
import path from "node:path";

import { createTextProgressBar, describeEstimate } from "../../src/backtest/index";
import {
  assertReportAbsent,
  formatProbability,
  percent,
  plantedSeries,
  type ProbeResult,
  type ProbeScore,
  runChartProbe,
  writeProbeReport,
  writeProbeSeries,
} from "../../src/probe/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES } from "../exit-codes";
import { formatTextTable } from "../text-table";
import { PROBE_HELP, probeConfigOf, readProbeArguments } from "./probe-arguments";

function scoreRow(name: string, score: ProbeScore | undefined): Record<string, string> {
  if (!score || score.n === 0)
    return { Score: name, Series: score ? "0" : "not scored", Accuracy: "–", Chance: "–", "p (better)": "–" };
  return {
    Score: name,
    Series: String(score.n),
    Accuracy: `${percent(score.accuracy)} (${score.hits})`,
    Chance: percent(score.chance),
    "p (better)": formatProbability(score.pValue),
  };
}

function scoresTable(result: ProbeResult): string {
  const { pattern, trend, directive } = result.scores;
  return formatTextTable(
    [
      scoreRow("Pattern named", pattern.scored ? pattern.overall : undefined),
      scoreRow("Trend direction", trend.overall),
      scoreRow("Directive", directive.overall),
    ],
    { alignRight: ["Series", "Accuracy", "Chance", "p (better)"] },
  );
}

async function run(context: CliContext): Promise<number> {
  const options = readProbeArguments(context);
  if (options === "help") {
    context.stdout.write(PROBE_HELP);
    return EXIT_CODES.ok;
  }
  const inCwd = (file: string) => path.resolve(context.cwd, file);
  const dataDir = inCwd(options.dataDir);
  const config = probeConfigOf(options, dataDir);
  const series = {
    ...(options.shapes ? { shapes: options.shapes } : {}),
    perShape: options.perShape,
    seed: options.seed,
    noise: options.noise,
    bars: options.bars ?? config.window_bars,
    timeframe: options.timeframe,
  };
  if (options.writeSeries !== undefined) {
    const written = await writeProbeSeries(plantedSeries(series), inCwd(options.writeSeries));
    context.stdout.write(
      `Wrote ${written.files.length} planted series and their labels to ${written.dir}\n      (${path.basename(written.labels)}: each series' shape, textbook direction, slope and landmarks)\n`,
    );
    return EXIT_CODES.ok;
  }
  const out = inCwd(options.out ?? path.join(dataDir, "probe"));
  // A clash with an earlier report is found now, before any model is paid for.
  await assertReportAbsent({ dir: out, name: options.name, overwrite: options.overwrite });
  const stderr = context.stderr as NodeJS.WritableStream & { isTTY?: boolean };
  const result = await runChartProbe({
    ...series,
    config,
    maxCostUsd: options.maxCost,
    concurrency: options.concurrency,
    schedule: options.sequential ? "sequential" : "concurrent",
    cacheDir: options.noCache ? false : inCwd(options.cacheDir ?? path.join(dataDir, "cache", "probe")),
    signal: context.signal,
    dependencies: { env: context.env },
    onEstimate: (estimate) => context.stderr.write(`Estimate: ${describeEstimate(estimate)}\n`),
    onProgress: createTextProgressBar(stderr),
  });
  const written = await writeProbeReport(result, {
    dir: out,
    name: options.name,
    overwrite: options.overwrite,
    charts: !options.noCharts,
    signal: context.signal,
  });
  context.stdout.write(`${scoresTable(result)}\n${result.verdict.join("\n")}\n`);
  context.stdout.write(
    `\nWrote ${[written.markdown, written.html, written.json, ...written.figures].join("\n      ")}\n`,
  );
  if (result.errors > 0)
    context.stdout.write(`${result.errors} of ${result.points.length} analyses failed; see the report.\n`);
  if (result.journalRunId) context.stdout.write(`Recorded in the journal as run ${result.journalRunId}.\n`);
  if (result.journalError) context.stderr.write(`${result.journalError.message}\n`);
  return result.errors > 0 && result.errors === result.points.length ? EXIT_CODES.failed : EXIT_CODES.ok;
}

export const probeCommand: Command = {
  name: "probe",
  summary: "the chart-reading probe: planted shapes, analysed blind, scored against the truth and against chance",
  help: PROBE_HELP,
  run,
};
