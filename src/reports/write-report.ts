// Writes one run's report from its blocks: refuses an earlier report of the same name first (unless overwriting),
// draws the figure blocks to PNG, then writes the JSON, the Markdown (linking the PNGs when they were drawn) and the
// self-contained HTML side by side (report-files.ts). The evaluation and the backtest each say only what their
// blocks, figures and JSON are.
import type { ChartRenderer, RenderableFigure } from "../charts/png-renderer";
import type { FigureBlock, ReportBlock } from "./report-blocks";
import { assertReportAbsent, renderReportFigures, writeReportFiles, type WrittenReport } from "./report-files";
import { htmlReport } from "./report-html";
import { markdownReport } from "./report-markdown";

export interface WriteReportOptions {
  /** The output folder; created when missing. */
  dir: string;
  /** File name without extension; default the kind's own ("evaluation", "backtest"). */
  name?: string;
  /** Replace an earlier report of the same name (default false: refuse with an error naming the file). */
  overwrite?: boolean;
  /** Render the figures to PNG and embed them in the HTML (default true; needs Chromium). */
  charts?: boolean;
  /** A renderer to reuse; by default one is launched for these figures and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

/** What a kind of run puts in its report. */
export interface ReportContent<Figure extends FigureBlock> {
  defaultName: string;
  title: string;
  blocks: readonly ReportBlock<Figure>[];
  /** The Plotly figure a figure block stands for. */
  figure(block: Figure): RenderableFigure;
  /** The whole record, as the JSON file holds it. */
  json(): string;
}

export async function writeReport<Figure extends FigureBlock>(
  content: ReportContent<Figure>,
  options: WriteReportOptions,
): Promise<WrittenReport> {
  const name = options.name ?? content.defaultName;
  const charts = options.charts ?? true;
  // Refused before any figure is drawn.
  await assertReportAbsent({ dir: options.dir, name, overwrite: options.overwrite });
  const figures = await renderReportFigures(
    content.blocks.flatMap((block) =>
      block.kind === "figure" ? [{ slug: block.slug, figure: content.figure(block) }] : [],
    ),
    { charts, renderer: options.renderer, signal: options.signal },
  );
  return writeReportFiles({
    dir: options.dir,
    name,
    overwrite: options.overwrite,
    json: content.json(),
    markdown: markdownReport(content.blocks, charts ? { figureFilePrefix: name } : {}),
    html: htmlReport(content.title, content.blocks, figures),
    figures,
  });
}
