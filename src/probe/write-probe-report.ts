// A chart-reading probe's report as files and in a notebook (src/reports/): writeProbeReport writes <name>.json
// (`probe`, the whole record with every series' label and answers), <name>.md, <name>.html (self-contained: tables
// and the confusion matrix embedded) and <name>.confusion.png side by side; showChartProbe shows the blocks as
// markdown (the verdict first) and the confusion matrix as a PNG.
import { QuantAgentError } from "../common/quantagent-error";
import type { Display } from "../notebook/display";
import type { WrittenReport } from "../reports/report-files";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { type ReportContent, writeReport, type WriteReportOptions } from "../reports/write-report";
import { confusionFigure, type ProbeFigure } from "./probe-figures";
import type { ProbeFigureBlock } from "./probe-report";
import { probeReportBlocks, probeTitle } from "./probe-report";
import type { ProbeResult } from "./probe-result";
import { probeReportJson } from "./probe-wire";

/** Where and how to write; `name` defaults to "probe". */
export type WriteProbeReportOptions = WriteReportOptions;
export type ShowChartProbeOptions = ShowReportOptions;

/** The Plotly figure a figure block of the probe's report stands for. */
export function probeFigure(result: ProbeResult, block: ProbeFigureBlock): ProbeFigure {
  const { pattern } = result.scores;
  // The report has no figure block then (probe-report.ts): this would be a bug, not a caller's mistake.
  if (!pattern.scored)
    throw new QuantAgentError({
      code: "internal",
      kind: "internal",
      message: "A probe whose pattern pick was not scored has no confusion matrix to draw",
    });
  switch (block.figure) {
    case "confusion":
      return confusionFigure(pattern.confusion, result.settings.models.graph.model);
    default: {
      const exhaustive: never = block.figure;
      return exhaustive;
    }
  }
}

const probeReport = (result: ProbeResult) =>
  ({
    defaultName: "probe",
    title: probeTitle(result),
    blocks: probeReportBlocks(result),
    figure: (block) => probeFigure(result, block),
    json: () => probeReportJson(result),
  }) satisfies ReportContent<ProbeFigureBlock>;

export async function writeProbeReport(result: ProbeResult, options: WriteProbeReportOptions): Promise<WrittenReport> {
  return writeReport(probeReport(result), options);
}

export async function showChartProbe(
  display: Display,
  result: ProbeResult,
  options: ShowChartProbeOptions = {},
): Promise<void> {
  await showReport(display, probeReport(result), options);
}
