// Writes an evaluation's report files side by side (src/reports/report-files.ts): <name>.json (the whole record),
// <name>.md, <name>.html (self-contained: tables and figures embedded) and one <name>.<figure>.png per figure.
import type { ChartRenderer } from "../charts/png-renderer";
import { assertReportAbsent, renderReportFigures, writeReportFiles, type WrittenReport } from "../reports/report-files";
import { htmlReport } from "../reports/report-html";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationMarkdown, evaluationReportBlocks, evaluationReportJson, REPORT_TITLE } from "./report";

export { assertReportAbsent, type WrittenReport };

export interface WriteReportOptions {
  /** The output folder; created when missing. */
  dir: string;
  /** File name without extension; default "evaluation". */
  name?: string;
  /** Replace an earlier report of the same name (default false: refuse with an error naming the file). */
  overwrite?: boolean;
  /** Render the figures to PNG and embed them in the HTML (default true; needs Chromium). */
  charts?: boolean;
  /** A renderer to reuse; by default one is launched for these figures and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function writeEvaluationReport(
  result: EvaluationResult,
  options: WriteReportOptions,
): Promise<WrittenReport> {
  const name = options.name ?? "evaluation";
  const charts = options.charts ?? true;
  // Refused before any figure is drawn.
  await assertReportAbsent({ dir: options.dir, name, overwrite: options.overwrite });
  const blocks = evaluationReportBlocks(result);
  const figures = await renderReportFigures(
    blocks.flatMap((block) =>
      block.kind === "figure"
        ? [{ slug: block.slug, figure: evaluationFigure(result, block.figure, block.horizon) }]
        : [],
    ),
    { charts, renderer: options.renderer, signal: options.signal },
  );
  return writeReportFiles({
    dir: options.dir,
    name,
    overwrite: options.overwrite,
    json: evaluationReportJson(result),
    markdown: evaluationMarkdown(result, charts ? { figureFilePrefix: name } : {}),
    html: htmlReport(REPORT_TITLE, blocks, figures),
    figures,
  });
}
