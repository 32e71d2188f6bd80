// quantagent-ts/reports: what every run (evaluation, backtest, probe) shows and leaves behind: the progress bar (in a
// notebook or a terminal), the report's blocks, and the check that a report folder does not already hold one.
export {
  createEvaluationProgressView,
  createRunProgressView,
  createTextProgressBar,
  formatProgressBar,
  type RunProgress,
  type RunProgressListener,
  type TextProgressOptions,
} from "./progress-bar";
export type { FigureBlock, ReportBlock, ReportTable } from "./report-blocks";
export { assertReportAbsent, type WrittenReport } from "./report-files";
