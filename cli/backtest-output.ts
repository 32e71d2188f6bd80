// What `quantagent backtest` prints once it has a backtest's result, whether it ran here or was queued for workers
// (backtest --report): the lines' table and the paired verdict of the model's line (both again for the mirrored
// series), whether any line beats buy-and-hold by more than luck and the deflated Sharpe ratio, the files written, the failed analyses and the journal run. The exit code follows from it: 1 when every
// analysis failed.
import {
  type BacktestLine,
  type BacktestResult,
  lineLabel,
  type LinePairedTest,
  pairedVerdict,
  significanceWords,
} from "../src/backtest/index";
import { type WrittenReport } from "../src/reports/index";
import type { CliContext } from "./cli-context";
import { EXIT_CODES } from "./exit-codes";
import { formatTextTable } from "./text-table";

function linesTable(lines: readonly BacktestLine[]): string {
  const rows = lines.map((line) => ({
    Line: lineLabel(line),
    Trades: String(line.trades),
    Return: `${(line.totalReturn * 100).toFixed(2)}%`,
    Sharpe: line.sharpe === null ? "–" : line.sharpe.toFixed(2),
    "Max drawdown": `${(line.maxDrawdown * 100).toFixed(2)}%`,
    "Hit rate": line.hitRate === null ? "–" : `${(line.hitRate * 100).toFixed(1)}%`,
    Exposure: `${(line.exposure * 100).toFixed(0)}%`,
  }));
  return formatTextTable(rows, { alignRight: ["Trades", "Return", "Sharpe", "Max drawdown", "Hit rate", "Exposure"] });
}

/** The model line's verdict against always-LONG, in words, when the model ran. */
function verdict(lines: readonly BacktestLine[], paired: readonly LinePairedTest[]): string | undefined {
  const model = lines.find((line) => line.kind === "model");
  const test = model && paired.find((candidate) => candidate.a === model.name);
  return model && test ? pairedVerdict(test, lineLabel(model)) : undefined;
}

export function printBacktestSummary(context: CliContext, result: BacktestResult, written: WrittenReport): void {
  context.stdout.write(linesTable(result.lines));
  const real = verdict(result.lines, result.paired);
  if (real) context.stdout.write(`\n${real}\n`);
  const words = significanceWords(result);
  if (words.length > 0) context.stdout.write(`\n${words.join("\n")}\n`);
  if (result.mirror) {
    context.stdout.write(`\nOn the mirrored series (every rise a fall of the same size):\n`);
    context.stdout.write(linesTable(result.mirror.lines));
    const mirrored = verdict(result.mirror.lines, result.mirror.paired);
    if (mirrored) context.stdout.write(`\nMirrored: ${mirrored}\n`);
  }
  context.stdout.write(
    `\nWrote ${[written.markdown, written.html, written.json, ...written.figures].join("\n      ")}\n`,
  );
}

/** The failed analyses and the journal run, after everything else; the exit code (1 when every analysis failed). */
export function finishBacktestSummary(context: CliContext, result: BacktestResult): number {
  if (result.errors > 0)
    context.stdout.write(`${result.errors} of ${result.decisions.length} analyses failed; see the report.\n`);
  if (result.journalRunId) context.stdout.write(`Recorded in the journal as run ${result.journalRunId}.\n`);
  if (result.journalError) context.stderr.write(`${result.journalError.message}\n`);
  return result.errors > 0 && result.errors === result.decisions.length ? EXIT_CODES.failed : EXIT_CODES.ok;
}
