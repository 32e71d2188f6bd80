// Shows an evaluation in a notebook: the report's blocks, text as markdown and figures as PNGs (rendered by the
// chart renderer, so they look the same in Jupyter, in a saved notebook, on GitHub and in the CLI's report).
import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import type { Display } from "../notebook/display";
import { markdownBlock } from "../reports/report-markdown";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationReportBlocks } from "./report";
import type { EvaluationReportBlock } from "./report-blocks";

export interface ShowEvaluationOptions {
  /**
   * The part of the report to show (default: all of it), for a notebook that explains one part at a time: for
   * example mirrorReportBlocks(result), pairedReportBlocks(result) or cutoffReportBlocks(result).
   */
  blocks?: readonly EvaluationReportBlock[];
  /** Draw the figures (default true). */
  charts?: boolean;
  /** A renderer to reuse (a pipeline's renderer()); by default one is launched for these charts and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function showEvaluation(
  display: Display,
  result: EvaluationResult,
  options: ShowEvaluationOptions = {},
): Promise<void> {
  const charts = options.charts ?? true;
  const renderer = charts ? (options.renderer ?? createChartRenderer()) : undefined;
  // The title is the notebook's own heading; consecutive text blocks go out as one markdown entry.
  const blocks = (options.blocks ?? evaluationReportBlocks(result)).filter(
    (block) => !(block.kind === "heading" && block.level === 1),
  );
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
        display.png(
          await renderer.render(evaluationFigure(result, block.figure, block.horizon), { signal: options.signal }),
        );
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
