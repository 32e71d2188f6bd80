// Shows a backtest in a notebook (src/reports/show-report.ts): the report's blocks as markdown, and the equity and
// drawdown figures as PNGs.
import type { Display } from "../notebook/display";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { backtestFigure } from "./backtest-figures";
import { backtestReportBlocks } from "./backtest-report";
import type { BacktestResult } from "./backtest-result";

export type ShowBacktestOptions = ShowReportOptions;

export async function showBacktest(
  display: Display,
  result: BacktestResult,
  options: ShowBacktestOptions = {},
): Promise<void> {
  await showReport(display, backtestReportBlocks(result), (block) => backtestFigure(result, block.figure), options);
}
