// Writes a backtest's report files side by side (src/reports/report-files.ts): <name>.json (`backtest`, the whole
// record with every line's equity), <name>.md, <name>.html (self-contained: tables and the equity and drawdown
// figures embedded) and <name>.equity.png and <name>.drawdown.png.
import type { ChartRenderer } from "../charts/png-renderer";
import { assertReportAbsent, renderReportFigures, writeReportFiles, type WrittenReport } from "../reports/report-files";
import { htmlReport } from "../reports/report-html";
import { backtestFigure } from "./backtest-figures";
import { backtestMarkdown, backtestReportBlocks, backtestTitle } from "./backtest-report";
import type { BacktestResult } from "./backtest-result";
import { backtestReportJson } from "./backtest-wire";

export interface WriteBacktestReportOptions {
  /** The output folder; created when missing. */
  dir: string;
  /** File name without extension. @default "backtest" */
  name?: string;
  /** Replace an earlier report of the same name (default false: refuse with an error naming the file). */
  overwrite?: boolean;
  /** Render the figures to PNG and embed them in the HTML (default true; needs Chromium). */
  charts?: boolean;
  /** A renderer to reuse; by default one is launched for these figures and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function writeBacktestReport(
  result: BacktestResult,
  options: WriteBacktestReportOptions,
): Promise<WrittenReport> {
  const name = options.name ?? "backtest";
  const charts = options.charts ?? true;
  await assertReportAbsent({ dir: options.dir, name, overwrite: options.overwrite });
  const blocks = backtestReportBlocks(result);
  const figures = await renderReportFigures(
    blocks.flatMap((block) =>
      block.kind === "figure" ? [{ slug: block.slug, figure: backtestFigure(result, block.figure) }] : [],
    ),
    { charts, renderer: options.renderer, signal: options.signal },
  );
  return writeReportFiles({
    dir: options.dir,
    name,
    overwrite: options.overwrite,
    json: backtestReportJson(result),
    markdown: backtestMarkdown(result, charts ? { figureFilePrefix: name } : {}),
    html: htmlReport(backtestTitle(result), blocks, figures),
    figures,
  });
}
