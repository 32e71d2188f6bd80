// The evaluation harness: decision points from benchmark windows, the two scoring protocols, the market's drift, the
// conventions checked against the published figures, the edge checks (mirrored points, paired tests, the split at a
// model's training cutoff), the model-answer cache, the run, its reports (JSON, markdown, HTML), figures and progress
// views. It scores on the shared core in src/scoring/.
//
// The scoring core's names, re-exported as they were when they lived here (quantagent-ts/scoring has them all).
export { canonicalJson } from "../common/canonical-json";
export {
  cachedChatModel,
  folderAnswerStore,
  type ModelAnswerStore,
  type ModelCacheCall,
  modelCacheEntryPath,
  modelCacheKey,
  type ModelCacheOptions,
} from "../llm/model-cache";
export {
  estimateCostUsd,
  findModelPrice,
  MODEL_PRICES,
  MODEL_PRICES_AS_OF,
  type ModelPrice,
} from "../llm/model-prices";
export { createUsageMeter, type UsageMeter, type UsageSummary } from "../llm/usage-meter";
export {
  benchmarkDir,
  listBenchmarkAssets,
  listBenchmarkFiles,
  type ReadBenchmarkOptions,
  readBenchmarkWindow,
  readBenchmarkWindows,
} from "../market/benchmark-data";
export { BENCHMARK_DIR } from "../market/benchmark-dir";
export {
  createEvaluationProgressView,
  createTextProgressBar,
  formatProgressBar,
  type TextProgressOptions,
} from "../reports/progress-bar";
export {
  alwaysLongDirective,
  alwaysShortDirective,
  averageScores,
  type BaselineId,
  baselineIds,
  baselineLabels,
  type DirectionalScore,
  type Directive,
  directiveReturn,
  type FlatMoves,
  type Interval,
  isCorrect,
  linearRegressionDirective,
  momentumDirective,
  mulberry32,
  olsSlope,
  randomDirectives,
  relativeGain,
  type ScoredDecision,
  scoreDirectives,
  type ScoreOptions,
  simpleReturn,
  wilsonInterval,
  Z_95,
} from "../scoring";
export { type Ablation, type AblationLabels, ablationMarkdown, compareEvaluations } from "./ablation";
export { type CutoffSide, type CutoffSplit, type CutoffSplitOptions, splitAtCutoff } from "./cutoff-split";
export {
  type BenchmarkWindow,
  type DecisionPoint,
  type DecisionPointOptions,
  decisionPointOptionsSchema,
  decisionPoints,
  type HorizonOutcome,
  outcomeAt,
} from "./decision-points";
export { accuracyFigure, type EvaluationFigure, meanReturnFigure } from "./evaluation-figures";
export { type EvaluationOptions, evaluationOptionsSchema } from "./evaluation-options";
export {
  type EvaluationProtocol,
  evaluationProtocolSchema,
  horizonLabel,
  PUBLISHED_PROTOCOL,
  scoredHorizons,
  type ScoreHorizon,
} from "./evaluation-protocol";
export {
  describeEvaluationSpec,
  enqueueEvaluation,
  EVALUATION_JOB_KIND,
  type EvaluationJobInput,
  evaluationJobKind,
  type EvaluationJobSpec,
  evaluationJobSpecSchema,
  type QueueEvaluationOptions,
} from "./evaluation-queue";
export type {
  AnalysedDirective,
  EvaluationProgress,
  EvaluationProgressListener,
  EvaluationResult,
  EvaluationSettings,
  PointRecord,
} from "./evaluation-result";
export { showEvaluation, type ShowEvaluationOptions } from "./evaluation-view";
export type { DriftRow } from "./market-drift";
export { mirrorFigure } from "./mirror-figure";
export { mirrorDecisionPoint } from "./mirror-points";
export { findMirrorRow, type MirrorRow, type MirrorScoringOptions, scoreMirror } from "./mirror-scores";
export {
  beats,
  type LabelledDirectives,
  pairedComparisons,
  type PairedOptions,
  type PairedRow,
  SIGNIFICANCE_LEVEL,
} from "./paired-comparisons";
export type { PublishedConventions } from "./published/conventions";
export { PUBLISHED_4H_ACCURACY, type PublishedSummary } from "./published/figures";
export { type QueuedEvaluationReport, queuedEvaluationReport } from "./queued-evaluation-report";
export {
  accuracyTableMarkdown,
  conventionsMarkdown,
  edgeMarkdown,
  edgeSummaryMarkdown,
  evaluationMarkdown,
  evaluationReportJson,
  evaluationSummaryMarkdown,
  publishedComparisonMarkdown,
  returnsTableMarkdown,
} from "./report";
export type { EvaluationReportBlock, ReportTable } from "./report-blocks";
export { acrossAssets, methodLabels } from "./report-tables";
export { runEvaluation } from "./run-evaluation";
export {
  ALL_ASSETS,
  findScore,
  type MethodId,
  scoreEvaluation,
  type ScoreRow,
  type ScoringOptions,
} from "./score-evaluation";
export { type RunScores, type RunScoringOptions, scoreRun } from "./score-run";
export {
  beatsAlwaysLongSentence,
  cutoffReportBlocks,
  edgeReportBlocks,
  formatPValue,
  mirrorReportBlocks,
  pairedReportBlocks,
} from "./skill-checks-report";
export { assertReportAbsent, writeEvaluationReport, type WriteReportOptions, type WrittenReport } from "./write-report";
