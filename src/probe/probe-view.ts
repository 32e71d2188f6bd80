// Shows a chart-reading probe in a notebook (src/reports/show-report.ts): the report's blocks as markdown (the
// verdict first) and the confusion matrix as a PNG.
import type { Display } from "../notebook/display";
import { showReport, type ShowReportOptions } from "../reports/show-report";
import { probeReportBlocks } from "./probe-report";
import type { ProbeResult } from "./probe-result";
import { probeFigure } from "./write-probe-report";

export type ShowChartProbeOptions = ShowReportOptions;

export async function showChartProbe(
  display: Display,
  result: ProbeResult,
  options: ShowChartProbeOptions = {},
): Promise<void> {
  await showReport(display, probeReportBlocks(result), (block) => probeFigure(result, block), options);
}
