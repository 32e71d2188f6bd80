// The evaluation harness: decision points from benchmark windows, the two scoring protocols, the market's drift, the
// conventions checked against the published figures, the edge checks (mirrored points, paired tests, the split at a
// model's training cutoff), the run, its reports (JSON, markdown, HTML), figures and progress
// views. It scores on the shared core (quantagent-ts/scoring); the benchmark's files are read by quantagent-ts/market,
// the model-answer cache and the usage meter are quantagent-ts/llm's, the progress views quantagent-ts/reports'.
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
  AnalyzedDirective,
  EvaluationProgress,
  EvaluationProgressListener,
  EvaluationResult,
  EvaluationSettings,
  PointRecord,
} from "./evaluation-result";
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
export { showEvaluation, type ShowEvaluationOptions } from "./write-report";
export { assertReportAbsent, writeEvaluationReport, type WriteReportOptions, type WrittenReport } from "./write-report";
