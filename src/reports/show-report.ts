// Shows a run's report in a notebook: its blocks, text as markdown and figures as PNGs (rendered by the chart
// renderer, so they look the same in Jupyter, in a saved notebook, on GitHub and in the written report). The title is
// left to the notebook's own heading, and consecutive text blocks go out as one markdown entry. The library never
// imports tslab: `display` is anything with png, html, markdown and text.
import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import type { Display } from "../notebook/display";
import type { FigureBlock } from "./report-blocks";
import { markdownBlock } from "./report-markdown";
import type { ReportContent } from "./write-report";

export interface ShowReportOptions {
  /** Draw the figures (default true). */
  charts?: boolean;
  /** A renderer to reuse (a pipeline's renderer()); by default one is launched for these charts and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function showReport<Figure extends FigureBlock>(
  display: Display,
  { blocks, figure }: Pick<ReportContent<Figure>, "blocks" | "figure">,
  options: ShowReportOptions = {},
): Promise<void> {
  const charts = options.charts ?? true;
  const renderer = charts ? (options.renderer ?? createChartRenderer()) : undefined;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) display.markdown(pending.join("\n\n"));
    pending = [];
  };
  try {
    for (const block of blocks) {
      if (block.kind === "heading" && block.level === 1) continue;
      if (block.kind === "figure") {
        if (!renderer) continue;
        flush();
        display.png(await renderer.render(figure(block), { signal: options.signal }));
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
