// An evaluation's report as files and in a notebook (src/reports/): writeEvaluationReport writes <name>.json (the
// whole record), <name>.md, <name>.html (self-contained: tables and figures embedded) and one <name>.<figure>.png per
// figure side by side; showEvaluation shows the blocks as markdown and the figures as PNGs, all of it or the part a
// notebook explains.
import type { Display } from "../notebook/display";
import { assertReportAbsent, type WrittenReport } from "../reports/report-files";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { type ReportContent, writeReport, type WriteReportOptions } from "../reports/write-report";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationReportBlocks, evaluationReportJson, REPORT_TITLE } from "./report";
import type { EvaluationFigureBlock, EvaluationReportBlock } from "./report-blocks";

export { assertReportAbsent, type WriteReportOptions, type WrittenReport };

function evaluationReport(result: EvaluationResult, blocks?: readonly EvaluationReportBlock[]) {
  return {
    defaultName: "evaluation",
    title: REPORT_TITLE,
    blocks: blocks ?? evaluationReportBlocks(result),
    figure: (block) => evaluationFigure(result, block.figure, block.horizon),
    json: () => evaluationReportJson(result),
  } satisfies ReportContent<EvaluationFigureBlock>;
}

export async function writeEvaluationReport(
  result: EvaluationResult,
  options: WriteReportOptions,
): Promise<WrittenReport> {
  return writeReport(evaluationReport(result), options);
}

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
  await showReport(display, evaluationReport(result, options.blocks), options);
}
