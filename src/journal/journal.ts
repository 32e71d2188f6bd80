// The journal object: every recorded analysis and evaluation or backtest run, on SQLite or PostgreSQL, behind one interface.
// Reads are single short queries and take no signal (the drivers cannot cancel one in flight); writes and scoring,
// which may wait on other processes or on market data, do.
import type { Candle } from "../market/candle";
import type { JournalEngine } from "./database-schema";
import type { EvaluationRunInput } from "./evaluation-run-input";
import {
  type EvaluationRunDetail,
  type EvaluationRunPage,
  getEvaluationRun,
  listEvaluationRuns,
  type ListEvaluationRunsOptions,
  type RecordedEvaluationRun,
  recordEvaluationRun,
} from "./evaluation-runs";
import type { JournalEntryInput } from "./journal-entry";
import { JournalError } from "./journal-error";
import {
  type AccuracyOverTime,
  accuracyOverTime,
  type AccuracyOverTimeOptions,
  type JournalStats,
  journalStats,
  type StatsOptions,
} from "./journal-stats";
import { type Leaderboard, leaderboard, type LeaderboardOptions } from "./leaderboard";
import {
  analysesAwaitingLessons,
  type AnalysisAwaitingLesson,
  type LessonInput,
  type RecalledLesson,
  recallLessons,
  type RecallQuery,
  saveLesson,
} from "./lessons";
import { type AnalysisPage, listAnalyses, type ListAnalysesOptions } from "./list-analyses";
import type { OpenedDatabase } from "./open-database";
import type { AnalysisOutcome } from "./outcome";
import { recordAnalysis, type RecordAnalysisOptions, type RecordedAnalysis } from "./record-analysis";
import { recordOutcome, scoreOutcomes, type ScoreOutcomesCounts, type ScoreOutcomesOptions } from "./score-outcomes";
import { deleteAnalysis, getAnalysis, type StoredAnalysis } from "./stored-analysis";

export interface Journal {
  readonly engine: JournalEngine;
  /** The SQLite file, or the PostgreSQL URL without its password. */
  readonly location: string;
  /** Validates and records one analysis; an invalid entry throws JournalError("invalid_input") and writes nothing. */
  record(entry: JournalEntryInput, options?: RecordAnalysisOptions): Promise<RecordedAnalysis>;
  /** The stored result as answered, with `id`, `created_at` and `outcome`; null for an unknown id. */
  get(id: string): Promise<StoredAnalysis | null>;
  /** Summaries newest first, filtered, one page at a time. */
  list(options?: ListAnalysesOptions): Promise<AnalysisPage>;
  /** Removes an analysis (and charts nothing else uses); false for an unknown id. */
  delete(id: string): Promise<boolean>;
  stats(options: StatsOptions): Promise<JournalStats>;
  accuracyOverTime(options: AccuracyOverTimeOptions): Promise<AccuracyOverTime>;
  /** Scores every pending analysis whose later bars `fetchLaterBars` can supply. */
  scoreOutcomes(options: ScoreOutcomesOptions): Promise<ScoreOutcomesCounts>;
  /** Scores one analysis with bars supplied directly; null while not scorable. */
  recordOutcome(id: string, laterBars: readonly Candle[]): Promise<AnalysisOutcome | null>;
  /** The newest lessons of a market and timeframe whose outcome was known by `knownBy` (the memory stage). */
  recallLessons(query: RecallQuery): Promise<RecalledLesson[]>;
  /** Scored analyses that have no lesson yet, oldest first (`ids` narrows them). */
  analysesAwaitingLessons(options?: { ids?: readonly string[]; limit?: number }): Promise<AnalysisAwaitingLesson[]>;
  /** Stores a lesson about a scored analysis; false when it already had one (kept as it was). */
  saveLesson(lesson: LessonInput): Promise<boolean>;
  recordEvaluationRun(run: EvaluationRunInput, options?: { signal?: AbortSignal }): Promise<RecordedEvaluationRun>;
  /** Runs newest first, all or one kind (evaluation, backtest, probe), without their reports. */
  listEvaluationRuns(options?: ListEvaluationRunsOptions): Promise<EvaluationRunPage>;
  /** One run with its report (a backtest's lines and equity curves); null for an unknown id. */
  getEvaluationRun(id: string): Promise<EvaluationRunDetail | null>;
  leaderboard(options: LeaderboardOptions): Promise<Leaderboard>;
  /** Closes the database (or the connection pool); later calls throw JournalError("closed"). */
  close(): Promise<void>;
}

export function createJournal(database: OpenedDatabase): Journal {
  const { engine, location } = database;
  let closed = false;
  const open = () => {
    if (closed)
      throw new JournalError({
        reason: "closed",
        message: `The journal ${location} was closed; open it again to use it.`,
      });
    return database.db;
  };
  /** Runs a write, then lets the engine do its upkeep once the caller has the answer. */
  const write = async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } finally {
      if (!closed) database.afterWrite();
    }
  };
  return {
    engine,
    location,
    record: (entry, options = {}) => write(() => recordAnalysis(open(), engine, entry, options)),
    get: async (id) => getAnalysis(open(), id),
    list: async (options = {}) => listAnalyses(open(), options),
    delete: (id) => write(() => deleteAnalysis(open(), id)),
    stats: async (options) => journalStats(open(), options),
    accuracyOverTime: async (options) => accuracyOverTime(open(), options),
    scoreOutcomes: (options) => write(() => scoreOutcomes(open(), options)),
    recordOutcome: (id, laterBars) => write(() => recordOutcome(open(), id, laterBars)),
    recallLessons: async (query) => recallLessons(open(), query),
    analysesAwaitingLessons: async (options = {}) => analysesAwaitingLessons(open(), options),
    saveLesson: (lesson) => write(() => saveLesson(open(), lesson)),
    recordEvaluationRun: (run, options = {}) => write(() => recordEvaluationRun(open(), run, options)),
    listEvaluationRuns: async (options = {}) => listEvaluationRuns(open(), options),
    getEvaluationRun: async (id) => getEvaluationRun(open(), id),
    leaderboard: async (options) => leaderboard(open(), options),
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
    },
  };
}
