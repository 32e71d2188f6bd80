// The backtest's tables, shared by its report and its mirrored section: every line's figures side by side, and the
// paired tests against always-LONG with a sentence saying, in words, whether a line beats it at 5%. Pure.
import type { ReportTable } from "../reports/report-blocks";
import { lineLabel } from "./backtest-figures";
import type { BacktestLine, LinePairedTest } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";

const percent = (value: number | null, digits = 2) => (value === null ? "–" : `${(value * 100).toFixed(digits)}`);
const plain = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));

/** Every line's figures, in percent; the result's own lines unless others are given (the mirrored ones). */
export function linesTable(result: BacktestResult, lines: readonly BacktestLine[] = result.lines): ReportTable {
  return {
    header: ["Line", "Trades", "Total return %", "Sharpe", "Max drawdown %", "Hit rate %", "Exposure %"],
    rows: lines.map((line) => [
      lineLabel(line),
      String(line.trades),
      percent(line.totalReturn),
      plain(line.sharpe),
      percent(line.maxDrawdown),
      percent(line.hitRate, 1),
      percent(line.exposure, 1),
    ]),
    summaryRows: lines.flatMap((line, index) => (line.kind === "model" ? [index] : [])),
  };
}

/** The paired tests against always-LONG; the result's own unless others are given (the mirrored ones). */
export function pairedTable(result: BacktestResult, paired: readonly LinePairedTest[] = result.paired): ReportTable {
  const names = new Map(result.lines.map((line) => [line.name, lineLabel(line)]));
  return {
    header: ["Line", "Decisions", "Line right", "Always long right", "Only the line", "Only always long", "p-value"],
    rows: paired.map((test) => [
      names.get(test.a) ?? test.a,
      String(test.n),
      String(test.aHits),
      String(test.bHits),
      String(test.aOnly),
      String(test.bOnly),
      test.pValue < 0.0001 ? test.pValue.toExponential(1) : test.pValue.toFixed(4),
    ]),
  };
}

/** Whether the line beats always-LONG at 5%, in words. */
export function pairedVerdict(test: LinePairedTest, label: string): string {
  const p = test.pValue < 0.0001 ? test.pValue.toExponential(1) : test.pValue.toFixed(3);
  const counts = `right on ${test.aOnly} decisions where always-LONG was wrong, wrong on ${test.bOnly} where it was right; n = ${test.n}`;
  if (test.pValue < 0.05 && test.aOnly > test.bOnly)
    return `${label} beats always-LONG at 5% (exact McNemar p = ${p}; ${counts}).`;
  if (test.pValue < 0.05) return `${label} does worse than always-LONG at 5% (exact McNemar p = ${p}; ${counts}).`;
  return `${label} does not beat always-LONG at 5% (exact McNemar p = ${p}; ${counts}): the difference could be luck.`;
}
