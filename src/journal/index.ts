// quantagent-ts/journal: the analysis journal. Every analysis and evaluation run recorded in SQLite (embedded) or
// PostgreSQL (shared), scored against what the market did afterwards, and compared across models, prompts and plugins.
export { openJournal, type OpenJournalOptions } from "./open-journal";
export { JOURNAL_FILE_NAME } from "./open-database";
export type { Journal } from "./journal";
export type { JournalEngine } from "./database-schema";
export { JournalError, type JournalErrorReason, type JournalErrorOptions } from "./journal-error";
export {
  journalEntryInputSchema,
  journalSources,
  type JournalEntryInput,
  type JournalEntry,
  type JournalDecision,
  type JournalSource,
  type ModelUsed as JournalModelUsed,
  type PluginUsed as JournalPluginUsed,
} from "./journal-entry";
export type { RecordedAnalysis, RecordAnalysisOptions } from "./record-analysis";
export { MAX_PAGE_SIZE, type ListAnalysesOptions, type AnalysisPage, type AnalysisSummary } from "./list-analyses";
export type { AnalysisFilter } from "./analysis-filter";
export type { StoredAnalysis } from "./stored-analysis";
export {
  scoreOutcome,
  closesAfter,
  OUTCOME_HORIZONS,
  type AnalysisOutcome,
  type OutcomeAtHorizon,
  type OutcomeHorizon,
  type OutcomeInput,
} from "./outcome";
export type { FetchLaterBars, LaterBarsRequest, ScoreOutcomesOptions, ScoreOutcomesCounts } from "./score-outcomes";
export { journalGroupings, type JournalGrouping, type AccuracyFigures } from "./journal-grouping";
export type {
  StatsOptions,
  JournalStats,
  StatsGroup,
  AccuracyOverTimeOptions,
  AccuracyOverTime,
  AccuracyPoint,
} from "./journal-stats";
export {
  evaluationRunInputSchema,
  evaluationPointInputSchema,
  type EvaluationRunInput,
  type EvaluationPointInput,
} from "./evaluation-run-input";
export type {
  RecordedEvaluationRun,
  ListEvaluationRunsOptions,
  EvaluationRunPage,
  EvaluationRunSummary,
} from "./evaluation-runs";
export type { LeaderboardOptions, Leaderboard, LeaderboardGroup } from "./leaderboard";
export { analysesTableHtml, accuracyTableHtml, type AccuracyTableRow } from "./journal-tables";
export { accuracyOverTimeFigure, type JournalFigure, type AccuracyScatterTrace } from "./journal-figures";
