// Shows an evaluation in a notebook (src/reports/show-report.ts): the report's blocks as markdown and its figures as
// PNGs, all of it or the part a notebook explains.
import type { Display } from "../notebook/display";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationReportBlocks } from "./report";
import type { EvaluationReportBlock } from "./report-blocks";

export interface ShowEvaluationOptions extends ShowReportOptions {
  /**
   * The part of the report to show (default: all of it), for a notebook that explains one part at a time: for
   * example mirrorReportBlocks(result), pairedReportBlocks(result) or cutoffReportBlocks(result).
   */
  blocks?: readonly EvaluationReportBlock[];
}

export async function showEvaluation(
  display: Display,
  result: EvaluationResult,
  options: ShowEvaluationOptions = {},
): Promise<void> {
  await showReport(
    display,
    options.blocks ?? evaluationReportBlocks(result),
    (block) => evaluationFigure(result, block.figure, block.horizon),
    options,
  );
}
