// quantagent-ts/backtest: a walk-forward backtest of the agents on one continuous series, with trading costs,
// beside buy-and-hold and the baselines on the same bars; its parts (the position engine, the equity figures, the
// schedule, the cost estimate) for research of your own.
export { type BacktestAblation, backtestAblationMarkdown, compareBacktests } from "./backtest-ablation";
export { assembleBacktest, type BacktestOutcome } from "./backtest-assembly";
export {
  type BacktestFigure,
  backtestFigure,
  type BacktestFigureId,
  drawdownFigure,
  equityFigure,
  lineLabel,
} from "./backtest-figures";
export { type BacktestLine, backtestLines, type EquityPoint, type LinePairedTest } from "./backtest-lines";
export { type BacktestOptions, backtestOptionsSchema } from "./backtest-options";
export {
  BACKTEST_JOB_KIND,
  backtestJobKind,
  describeBacktestSpec,
  enqueueBacktest,
  type QueueBacktestOptions,
} from "./backtest-queue";
export { backtestMarkdown, backtestReportBlocks, backtestSummary, backtestTitle } from "./backtest-report";
export type { BacktestDecisionRecord, BacktestResult, BacktestSettings } from "./backtest-result";
export {
  assertWalkableSeries,
  type BacktestSeriesInput,
  backtestSeriesSchema,
  loadBacktestSeries,
  type LoadedSeries,
  MAX_SERIES_BARS,
} from "./backtest-series";
export {
  bestDeflatedSharpe,
  type LineDeflatedSharpe,
  type LineSignificance,
  lineSignificance,
  perBarReturns,
  SIGNIFICANCE_AGAINST,
  type SignificanceAgainst,
} from "./backtest-significance";
export {
  deflatedSharpeVerdict,
  linesTable,
  pairedTable,
  pairedVerdict,
  significanceTable,
  significanceVerdict,
  significanceWords,
} from "./backtest-tables";
export { BACKTEST_BASELINES, baselineDecisions } from "./baseline-decisions";
export {
  assertWithinBudget,
  type BacktestEstimate,
  describeEstimate,
  estimateBacktest,
  TYPICAL_DISPATCH_USAGE,
  TYPICAL_GRAPH_USAGE,
} from "./cost-estimate";
export { barReturns, barsPerYear, maxDrawdown, sharpeRatio } from "./equity-metrics";
export { checkExitLevels, type ExitLevels, levelExit } from "./exit-levels";
export { type EngineDecision, type EngineRun, type ExitReason, runPositions, type Trade } from "./position-engine";
export { type QueuedBacktestReport, queuedBacktestReport } from "./queued-backtest-report";
export { runBacktest } from "./run-backtest";
export { decisionBars, decisionMove, decisionWindow } from "./walk-forward-schedule";
export { showBacktest, type ShowBacktestOptions } from "./write-backtest-report";
export { writeBacktestReport, type WriteBacktestReportOptions } from "./write-backtest-report";
