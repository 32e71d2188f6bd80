// The evaluation harness (SPEC 12): decision points from benchmark windows, metrics, baselines, the model-answer
// cache, the run, its reports, figures and progress views.
export { BENCHMARK_DIR, readBenchmarkWindows, readBenchmarkWindow, listBenchmarkAssets, listBenchmarkFiles, type ReadBenchmarkOptions } from "./benchmark-data";
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
  type Interval,
  type ScoredDirective,
} from "./metrics";
export {
  baselineIds,
  baselineLabels,
  alwaysLongDirective,
  momentumDirective,
  linearRegressionDirective,
  olsSlope,
  randomDirectives,
  type BaselineId,
} from "./baselines";
export { mulberry32 } from "./seeded-random";
export { scoreEvaluation, findScore, ALL_ASSETS, type MethodId, type ScoreRow, type ScoringOptions } from "./score-evaluation";
export { cachedChatModel, modelCacheKey, modelCacheEntryPath, type ModelCacheCall, type ModelCacheOptions } from "./model-cache";
export { canonicalJson } from "./canonical-json";
export { MODEL_PRICES, MODEL_PRICES_AS_OF, findModelPrice, estimateCostUsd, type ModelPrice } from "./model-prices";
export { createUsageMeter, type UsageMeter, type UsageSummary } from "./usage-meter";
export { runEvaluation, evaluationOptionsSchema, type EvaluationOptions } from "./run-evaluation";
export type { EvaluationResult, EvaluationSettings, EvaluationProgress, EvaluationProgressListener, PointRecord } from "./evaluation-result";
export {
  evaluationMarkdown,
  evaluationReportJson,
  evaluationSummaryMarkdown,
  accuracyTableMarkdown,
  returnsTableMarkdown,
  publishedComparisonMarkdown,
  acrossAssets,
  methodLabels,
  PUBLISHED_4H_ACCURACY,
} from "./report";
export { writeEvaluationReport, type WriteReportOptions } from "./write-report";
export { accuracyFigure, cumulativeReturnFigure, type EvaluationFigure } from "./evaluation-figures";
export { showEvaluation, type ShowEvaluationOptions } from "./evaluation-view";
export { formatProgressBar, createTextProgressBar, createEvaluationProgressView, type TextProgressOptions } from "./progress-bar";
