// A backtest's report as files and in a notebook (src/reports/): writeBacktestReport writes <name>.json (`backtest`,
// the whole record with every line's equity), <name>.md, <name>.html (self-contained: tables and the equity and
// drawdown figures embedded), <name>.equity.png and <name>.drawdown.png side by side; showBacktest shows the blocks as
// markdown and the figures as PNGs.
import type { Display } from "../notebook/display";
import type { WrittenReport } from "../reports/report-files";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { type ReportContent, writeReport, type WriteReportOptions } from "../reports/write-report";
import { backtestReportJson } from "../wire/backtest";
import { backtestFigure, type BacktestFigureBlock } from "./backtest-figures";
import { backtestReportBlocks, backtestTitle } from "./backtest-report";
import type { BacktestResult } from "./backtest-result";

/** Where and how to write; `name` defaults to "backtest". */
export type WriteBacktestReportOptions = WriteReportOptions;
export type ShowBacktestOptions = ShowReportOptions;

const backtestReport = (result: BacktestResult) =>
  ({
    defaultName: "backtest",
    title: backtestTitle(result),
    blocks: backtestReportBlocks(result),
    figure: (block) => backtestFigure(result, block.figure),
    json: () => backtestReportJson(result),
  }) satisfies ReportContent<BacktestFigureBlock>;

export async function writeBacktestReport(
  result: BacktestResult,
  options: WriteBacktestReportOptions,
): Promise<WrittenReport> {
  return writeReport(backtestReport(result), options);
}

export async function showBacktest(
  display: Display,
  result: BacktestResult,
  options: ShowBacktestOptions = {},
): Promise<void> {
  await showReport(display, backtestReport(result), options);
}
