// The evaluation harness: decision points from benchmark windows, the two scoring protocols, metrics, baselines,
// the market's drift, the conventions checked against the published figures, the model-answer cache, the run, its
// reports (JSON, markdown, HTML), figures and progress views.
export {
  BENCHMARK_DIR,
  readBenchmarkWindows,
  readBenchmarkWindow,
  listBenchmarkAssets,
  listBenchmarkFiles,
  type ReadBenchmarkOptions,
} from "./benchmark-data";
export {
  decisionPoints,
  decisionPointOptionsSchema,
  outcomeAt,
  type BenchmarkWindow,
  type DecisionPoint,
  type DecisionPointOptions,
  type HorizonOutcome,
} from "./decision-points";
export {
  wilsonInterval,
  relativeGain,
  simpleReturn,
  directiveReturn,
  isCorrect,
  scoreDirectives,
  averageScores,
  Z_95,
  type Directive,
  type DirectionalScore,
  type FlatMoves,
  type Interval,
  type ScoredDecision,
  type ScoreOptions,
} from "./metrics";
export {
  evaluationProtocolSchema,
  PUBLISHED_PROTOCOL,
  scoredHorizons,
  horizonLabel,
  type EvaluationProtocol,
  type ScoreHorizon,
} from "./evaluation-protocol";
export type { DriftRow } from "./market-drift";
export { PUBLISHED_4H_ACCURACY, type PublishedSummary } from "./published-figures";
export type { PublishedConventions } from "./published-conventions";
export {
  baselineIds,
  baselineLabels,
  alwaysLongDirective,
  alwaysShortDirective,
  momentumDirective,
  linearRegressionDirective,
  olsSlope,
  randomDirectives,
  type BaselineId,
} from "./baselines";
export { mulberry32 } from "./seeded-random";
export {
  scoreEvaluation,
  findScore,
  ALL_ASSETS,
  type MethodId,
  type ScoreRow,
  type ScoringOptions,
} from "./score-evaluation";
export {
  cachedChatModel,
  modelCacheKey,
  modelCacheEntryPath,
  type ModelCacheCall,
  type ModelCacheOptions,
} from "./model-cache";
export { canonicalJson } from "./canonical-json";
export { MODEL_PRICES, MODEL_PRICES_AS_OF, findModelPrice, estimateCostUsd, type ModelPrice } from "./model-prices";
export { createUsageMeter, type UsageMeter, type UsageSummary } from "./usage-meter";
export { runEvaluation, evaluationOptionsSchema, type EvaluationOptions } from "./run-evaluation";
export type {
  EvaluationResult,
  EvaluationSettings,
  EvaluationProgress,
  EvaluationProgressListener,
  PointRecord,
} from "./evaluation-result";
export {
  evaluationMarkdown,
  evaluationReportJson,
  evaluationSummaryMarkdown,
  accuracyTableMarkdown,
  returnsTableMarkdown,
  publishedComparisonMarkdown,
  conventionsMarkdown,
} from "./report";
export { acrossAssets, methodLabels } from "./report-tables";
export { writeEvaluationReport, assertReportAbsent, type WriteReportOptions, type WrittenReport } from "./write-report";
export { accuracyFigure, meanReturnFigure, type EvaluationFigure } from "./evaluation-figures";
export { showEvaluation, type ShowEvaluationOptions } from "./evaluation-view";
export {
  formatProgressBar,
  createTextProgressBar,
  createEvaluationProgressView,
  type TextProgressOptions,
} from "./progress-bar";
export { compareEvaluations, ablationMarkdown, type Ablation, type AblationLabels } from "./ablation";
