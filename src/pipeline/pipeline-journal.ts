// The pipeline's analysis journal, opened on first use: SQLite in the config's data_dir, or PostgreSQL at its
// database_url (else the DATABASE_URL environment variable). Every method is the journal's own (quantagent-ts/journal);
// scoreOutcomes() fetches the bars after each window from the pipeline's own market data unless told otherwise.
import type { Env } from "../config/api-keys";
import type { DatabaseHandle } from "../journal/database-handle";
import { createJournal, type Journal } from "../journal/journal";
import type { FetchLaterBars, ScoreOutcomesCounts, ScoreOutcomesOptions } from "../journal/score-outcomes";
import type { ChatModel } from "../llm/chat-model";
import { type ReflectionCounts, reflectOnOutcomes } from "../stages/reflect-outcomes";

export interface PipelineScoreOptions extends Partial<ScoreOutcomesOptions> {
  /**
   * Then write the memory stage's lesson for every scored analysis that has none yet (one call each to the graph
   * model, at most `reflectLimit` per call). Needs the graph model's key, checked before anything is scored.
   */
  reflect?: boolean;
  /** @default 100 */
  reflectLimit?: number;
}

export interface PipelineJournal extends Omit<Journal, "scoreOutcomes" | "watchlist"> {
  /**
   * Scores pending analyses; later bars come from the pipeline's market data (plugins, then Yahoo) by default. With
   * `reflect`, then writes the lessons (`lessons` in the answer).
   */
  scoreOutcomes(options?: PipelineScoreOptions): Promise<ScoreOutcomesCounts & { lessons?: ReflectionCounts }>;
  /** The open journal (opening it now if needed): its watchlist too. */
  open(): Promise<Journal>;
}

export interface PipelineJournalOptions {
  /** The database the journal lives in, shared with the pipeline's other stores; its owner closes it. */
  database: DatabaseHandle;
  fetchLaterBars: FetchLaterBars;
  /** The model that writes lessons (the graph model); throws when it has no key. */
  reflectionModel: () => ChatModel;
  /** Removes the keys in use from a lesson before it is stored (model text may echo one). */
  redact?: <T>(value: T) => T;
}

/** The password in a database URL, decoded; undefined when there is none (or the URL cannot be read). */
export function passwordOf(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl || !URL.canParse(databaseUrl)) return undefined;
  const { password } = new URL(databaseUrl);
  return password ? decodeURIComponent(password) : undefined;
}

export function databaseUrlOf(config: { database_url?: string }, env: Env): string | undefined {
  return config.database_url ?? (env.DATABASE_URL?.trim() || undefined);
}

export function createPipelineJournal(options: PipelineJournalOptions): PipelineJournal & { close(): Promise<void> } {
  const { database } = options;
  let journal: Journal | undefined;
  const open = async () => {
    const opened = await database.open();
    // The journal's own close() must not close a database the pipeline's other stores still use.
    journal ??= createJournal({ ...opened, close: async () => undefined });
    return journal;
  };
  return {
    engine: database.engine,
    location: database.location,
    open,
    record: async (entry, recordOptions) => (await open()).record(entry, recordOptions),
    get: async (id) => (await open()).get(id),
    list: async (listOptions) => (await open()).list(listOptions),
    delete: async (id) => (await open()).delete(id),
    stats: async (statsOptions) => (await open()).stats(statsOptions),
    accuracyOverTime: async (overTime) => (await open()).accuracyOverTime(overTime),
    scoreOutcomes: async ({ reflect = false, reflectLimit, ...scoreOptions } = {}) => {
      // A missing key is found before any bar is fetched or outcome written.
      const model = reflect ? options.reflectionModel() : undefined;
      const journal = await open();
      const counts = await journal.scoreOutcomes({
        ...scoreOptions,
        fetchLaterBars: scoreOptions.fetchLaterBars ?? options.fetchLaterBars,
      });
      if (!model) return counts;
      const redact = options.redact ?? ((value) => value);
      const lessons = await reflectOnOutcomes(
        {
          analysesAwaitingLessons: (awaiting) => journal.analysesAwaitingLessons(awaiting),
          saveLesson: (lesson) => journal.saveLesson(redact(lesson)),
        },
        model,
        { limit: reflectLimit, signal: scoreOptions.signal },
      );
      return { ...counts, lessons };
    },
    recordOutcome: async (id, laterBars) => (await open()).recordOutcome(id, laterBars),
    recallLessons: async (query) => (await open()).recallLessons(query),
    analysesAwaitingLessons: async (awaitingOptions) => (await open()).analysesAwaitingLessons(awaitingOptions),
    saveLesson: async (lesson) => (await open()).saveLesson(lesson),
    recordEvaluationRun: async (run, runOptions) => (await open()).recordEvaluationRun(run, runOptions),
    listEvaluationRuns: async (listOptions) => (await open()).listEvaluationRuns(listOptions),
    getEvaluationRun: async (id) => (await open()).getEvaluationRun(id),
    leaderboard: async (leaderboardOptions) => (await open()).leaderboard(leaderboardOptions),
    async close() {
      const current = journal;
      journal = undefined;
      await current?.close();
    },
  };
}
