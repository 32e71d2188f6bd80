// Writes a backtest's report files side by side (src/reports/write-report.ts): <name>.json (`backtest`, the whole
// record with every line's equity), <name>.md, <name>.html (self-contained: tables and the equity and drawdown
// figures embedded) and <name>.equity.png and <name>.drawdown.png.
import type { WrittenReport } from "../reports/report-files";
import { writeReport, type WriteReportOptions } from "../reports/write-report";
import { backtestReportJson } from "../wire/backtest";
import { backtestFigure } from "./backtest-figures";
import { backtestReportBlocks, backtestTitle } from "./backtest-report";
import type { BacktestResult } from "./backtest-result";

/** Where and how to write; `name` defaults to "backtest". */
export type WriteBacktestReportOptions = WriteReportOptions;

export async function writeBacktestReport(
  result: BacktestResult,
  options: WriteBacktestReportOptions,
): Promise<WrittenReport> {
  return writeReport(
    {
      defaultName: "backtest",
      title: backtestTitle(result),
      blocks: backtestReportBlocks(result),
      figure: (block) => backtestFigure(result, block.figure),
      json: () => backtestReportJson(result),
    },
    options,
  );
}
