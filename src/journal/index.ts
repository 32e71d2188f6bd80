// quantagent-ts/journal: the analysis journal. Every analysis, evaluation run and backtest run recorded in SQLite
// (embedded) or PostgreSQL (shared), scored against what the market did afterwards, and compared across models,
// prompts and plugins. Its tables and figures for a notebook: quantagent-ts/notebook.
export type { AnalysisFilter } from "./analysis-filter";
export {
  type CutoffSideName,
  cutoffSideOf,
  cutoffSides,
  type CutoffSplitFigures,
  type SideFigures,
  splitRows,
} from "./cutoff-stats";
export { createDatabaseHandle, type DatabaseHandle } from "./database-handle";
export type { JournalEngine } from "./database-schema";
export {
  type CalibrationFigures,
  type DecisionQualityFigures,
  describeDecisionQuality,
  type StabilityFigures,
} from "./decision-quality-stats";
export {
  type EvaluationPointInput,
  evaluationPointInputSchema,
  type EvaluationRunInput,
  evaluationRunInputSchema,
} from "./evaluation-run-input";
export {
  type EvaluationRunDetail,
  type EvaluationRunPage,
  type EvaluationRunSummary,
  type ListEvaluationRunsOptions,
  type RecordedEvaluationRun,
  type RunKind,
  runKindSchema,
} from "./evaluation-runs";
export type { Journal } from "./journal";
export {
  type JournalDecision,
  type JournalEntry,
  type JournalEntryInput,
  journalEntryInputSchema,
  type ModelUsed as JournalModelUsed,
  type PluginUsed as JournalPluginUsed,
  type JournalSource,
  journalSources,
} from "./journal-entry";
export { JournalError, type JournalErrorOptions, type JournalErrorReason } from "./journal-error";
export { type AccuracyFigures, type JournalGrouping, journalGroupings } from "./journal-grouping";
export type {
  AccuracyOverTime,
  AccuracyOverTimeOptions,
  AccuracyPoint,
  JournalStats,
  StatsGroup,
  StatsOptions,
} from "./journal-stats";
export type { Leaderboard, LeaderboardGroup, LeaderboardOptions } from "./leaderboard";
export { type AnalysisPage, type AnalysisSummary, type ListAnalysesOptions } from "./list-analyses";
export { type CursorPosition, decodeCursor, encodeCursor, MAX_PAGE_SIZE } from "./list-cursor";
export { JOURNAL_FILE_NAME } from "./open-database";
export { openJournal, type OpenJournalOptions } from "./open-journal";
export {
  type AnalysisOutcome,
  closesAfter,
  OUTCOME_HORIZONS,
  type OutcomeAtHorizon,
  type OutcomeHorizon,
  type OutcomeInput,
  scoreOutcome,
} from "./outcome";
export type { RecordAnalysisOptions, RecordedAnalysis } from "./record-analysis";
export type { FetchLaterBars, LaterBarsRequest, ScoreOutcomesCounts, ScoreOutcomesOptions } from "./score-outcomes";
export type { StoredAnalysis } from "./stored-analysis";
export {
  DEFAULT_SETTLE_MS,
  FAILURES_TO_PAUSE,
  type WatchEntry,
  type WatchEntryInput,
  watchEntryInputSchema,
  type WatchEntryModels,
  watchEntryModelsSchema,
  watchEntryNotFound,
  type WatchlistStore,
} from "./watchlist-store";
