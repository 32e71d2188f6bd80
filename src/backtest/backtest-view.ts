// Shows a backtest in a notebook: the report's blocks, text as markdown and the equity and drawdown figures as
// PNGs (rendered by the chart renderer, so they look the same in Jupyter, in a saved notebook and in the CLI's
// report). The library never imports tslab: `display` is anything with png, html, markdown and text.
import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import type { Display } from "../notebook/display";
import { markdownBlock } from "../reports/report-markdown";
import { backtestFigure } from "./backtest-figures";
import { backtestReportBlocks } from "./backtest-report";
import type { BacktestResult } from "./backtest-result";

export interface ShowBacktestOptions {
  /** Draw the figures (default true). */
  charts?: boolean;
  /** A renderer to reuse (a pipeline's renderer()); by default one is launched for these charts and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function showBacktest(
  display: Display,
  result: BacktestResult,
  options: ShowBacktestOptions = {},
): Promise<void> {
  const charts = options.charts ?? true;
  const renderer = charts ? (options.renderer ?? createChartRenderer()) : undefined;
  // The title is the notebook's own heading; consecutive text blocks go out as one markdown entry.
  const blocks = backtestReportBlocks(result).filter((block) => !(block.kind === "heading" && block.level === 1));
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) display.markdown(pending.join("\n\n"));
    pending = [];
  };
  try {
    for (const block of blocks) {
      if (block.kind === "figure") {
        if (!renderer) continue;
        flush();
        display.png(await renderer.render(backtestFigure(result, block.figure), { signal: options.signal }));
      } else {
        const markdown = markdownBlock(block.kind === "heading" ? { ...block, level: 3 } : block);
        if (markdown !== undefined) pending.push(markdown);
      }
    }
    flush();
  } finally {
    if (renderer && renderer !== options.renderer) await renderer.close();
  }
}
