// What `quantagent evaluate` prints and answers once it has an evaluation's result, whether it ran here or was
// queued for workers (evaluate --report): the report files written, the accuracy tables, the comparison with the
// published figures, the failed analyses, the journal run, and the exit code (1 when every analysis failed).
import {
  accuracyTableMarkdown,
  edgeSummaryMarkdown,
  type EvaluationResult,
  horizonLabel,
  publishedComparisonMarkdown,
  scoredHorizons,
  writeEvaluationReport,
} from "../src/evaluation/index";
import { isDemoRun } from "../src/pipeline/analysis-result";
import type { CliContext } from "./cli-context";
import { EXIT_CODES } from "./exit-codes";

export interface ReportFiles {
  dir: string;
  name: string;
  overwrite: boolean;
  charts: boolean;
}

export async function writeAndSummarise(
  context: CliContext,
  result: EvaluationResult,
  files: ReportFiles,
): Promise<number> {
  const written = await writeEvaluationReport(result, { ...files, signal: context.signal });
  for (const horizon of scoredHorizons(result.settings.protocol, result.settings.horizons)) {
    context.stdout.write(
      `Accuracy, ${horizonLabel(horizon, result.settings.horizons)} (%, Wilson 95% interval in brackets):\n\n`,
    );
    context.stdout.write(`${accuracyTableMarkdown(result, horizon)}\n\n`);
  }
  context.stdout.write(`${publishedComparisonMarkdown(result)}\n\n`);
  context.stdout.write(`${edgeSummaryMarkdown(result)}\n\n`);
  context.stdout.write(
    `Wrote ${[written.markdown, written.html, written.json, ...written.figures].join("\n      ")}\n`,
  );
  if (result.errors > 0)
    context.stdout.write(`${result.errors} of ${result.points.length} analyses failed; see the report.\n`);
  if (result.journalRunId)
    context.stdout.write(
      result.settings.models && isDemoRun(result.settings.models)
        ? // The leaderboard ranks models; a scripted demo is kept off it.
          `Recorded in the journal as run ${result.journalRunId} (demo: off the leaderboard; listed by quantagent history runs)\n`
        : `Recorded in the journal as run ${result.journalRunId}; compare runs with: quantagent history leaderboard\n`,
    );
  if (result.journalError) context.stderr.write(`${result.journalError.message}\n`);
  // Every analysis failing is a broken setup (key, base URL, model name), not a result.
  return result.errors > 0 && result.errors === result.points.length ? EXIT_CODES.failed : EXIT_CODES.ok;
}
