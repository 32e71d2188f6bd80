// Writes an evaluation's report files side by side (src/reports/write-report.ts): <name>.json (the whole record),
// <name>.md, <name>.html (self-contained: tables and figures embedded) and one <name>.<figure>.png per figure.
import { assertReportAbsent, type WrittenReport } from "../reports/report-files";
import { writeReport, type WriteReportOptions } from "../reports/write-report";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationReportBlocks, evaluationReportJson, REPORT_TITLE } from "./report";

export { assertReportAbsent, type WriteReportOptions, type WrittenReport };

export async function writeEvaluationReport(
  result: EvaluationResult,
  options: WriteReportOptions,
): Promise<WrittenReport> {
  return writeReport(
    {
      defaultName: "evaluation",
      title: REPORT_TITLE,
      blocks: evaluationReportBlocks(result),
      figure: (block) => evaluationFigure(result, block.figure, block.horizon),
      json: () => evaluationReportJson(result),
    },
    options,
  );
}
