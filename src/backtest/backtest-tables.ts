// The backtest's tables, shared by its report and its mirrored section: every line's figures side by side, and the
// paired tests against always-LONG with a sentence saying, in words, whether a line beats it at 5%. Pure.
import type { ReportTable } from "../reports/report-blocks";
import { lineLabel } from "./backtest-figures";
import type { BacktestLine, LinePairedTest } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";
import type { LineDeflatedSharpe, LineSignificance } from "./backtest-significance";

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

const pValueText = (value: number) => (value < 0.0001 ? value.toExponential(1) : value.toFixed(4));
const yardstickLabel = { buy_and_hold: "Buy and hold", always_long: "Always long" } as const;

/** Each line against its yardstick: the excess return with its bootstrap interval, the p-value, the Sharpe gap. */
export function significanceTable(result: BacktestResult): ReportTable {
  const names = new Map(result.lines.map((line) => [line.name, lineLabel(line)]));
  return {
    header: ["Line", "Against", "Excess return %", "95% interval %", "p-value", "Sharpe gap (per bar)", "95% interval"],
    rows: result.significance.map((test) => [
      names.get(test.line) ?? test.line,
      yardstickLabel[test.against],
      percent(test.excessReturn),
      `${percent(test.ciLow)} to ${percent(test.ciHigh)}`,
      pValueText(test.pValue),
      plain(test.sharpeDifference, 4),
      test.sharpeCiLow === null ? "–" : `${plain(test.sharpeCiLow, 4)} to ${plain(test.sharpeCiHigh, 4)}`,
    ]),
    summaryRows: result.significance.flatMap((test, index) =>
      result.lines.find((line) => line.name === test.line)?.kind === "model" ? [index] : [],
    ),
  };
}

/** In words: which lines beat buy-and-hold by more than luck at 5%, and which trail it. */
export function significanceVerdict(result: BacktestResult): string {
  const names = new Map(result.lines.map((line) => [line.name, lineLabel(line)]));
  const tests = result.significance.filter((test) => test.against === "buy_and_hold");
  if (tests.length === 0) return "Too few bars to test any line against buy-and-hold.";
  const listed = (group: LineSignificance[]) =>
    group.map((test) => `${names.get(test.line) ?? test.line} (p = ${pValueText(test.pValue)})`).join(", ");
  const beat = tests.filter((test) => test.pValue < 0.05 && test.excessReturn > 0);
  const trail = tests.filter((test) => test.pValue < 0.05 && test.excessReturn < 0);
  const head =
    beat.length > 0
      ? `Beats buy-and-hold at 5% (its excess return's 95% interval above 0): ${listed(beat)}.`
      : "Nothing beats buy-and-hold at 5%: no line's excess return has a 95% interval above 0, so any gain could be luck.";
  const tail = trail.length > 0 ? ` Does worse than buy-and-hold at 5%: ${listed(trail)}.` : "";
  const { blockBars, resamples } = tests[0]!;
  return `${head}${tail} Circular block bootstrap of the per-bar return difference, ${resamples} resamples in blocks of ${blockBars} bars.`;
}

/** The deflated Sharpe ratio in words: the tries it is deflated by, and the probability left. */
export function deflatedSharpeVerdict(result: BacktestResult, deflated: LineDeflatedSharpe): string {
  const name = result.lines.find((line) => line.name === deflated.line);
  const label = name ? lineLabel(name) : deflated.line;
  const psr = deflated.psr === null ? "–" : deflated.psr.toFixed(3);
  const sharpe = deflated.sharpe === null ? "–" : deflated.sharpe.toFixed(4);
  const tries =
    name?.kind === "model"
      ? `${deflated.trials} ${deflated.trials === 1 ? "try" : "tries"} (the backtests with a model on this series in the journal, this one included)`
      : `${deflated.trials} tries (it is the best of ${deflated.trials} baselines)`;
  if (deflated.dsr === null)
    return `${label}: per-bar Sharpe ratio ${sharpe}; probabilistic Sharpe ratio ${psr} (the probability that its true Sharpe ratio is above 0). The only try on this series in the journal: nothing to deflate by.`;
  const verdict =
    deflated.dsr >= 0.95
      ? "above what luck alone would give that many tries, at 95%"
      : "not above what luck alone would give that many tries, at 95%";
  return `${label}: per-bar Sharpe ratio ${sharpe} against ${deflated.sharpeThreshold.toFixed(4)}, the largest luck alone would give in ${tries}; deflated Sharpe ratio ${deflated.dsr.toFixed(3)} (probabilistic, against 0: ${psr}): ${verdict}.`;
}

/** The bootstrap's verdict and the deflated Sharpe ratio's, as the report, the CLI and the History say them. */
export function significanceWords(result: BacktestResult): string[] {
  return [
    ...(result.significance.length > 0 ? [significanceVerdict(result)] : []),
    ...(result.deflatedSharpe ? [deflatedSharpeVerdict(result, result.deflatedSharpe)] : []),
  ];
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
