// The pipeline's analysis journal, opened on first use: SQLite in the config's data_dir, or PostgreSQL at its
// database_url (else the DATABASE_URL environment variable). Every method is the journal's own (quantagent-ts/journal);
// scoreOutcomes() fetches the bars after each window from the pipeline's own market data unless told otherwise.
import type { Env } from "../config/api-keys";
import type { DatabaseHandle } from "../journal/database-handle";
import { createJournal, type Journal } from "../journal/journal";
import type { FetchLaterBars, ScoreOutcomesCounts, ScoreOutcomesOptions } from "../journal/score-outcomes";

export interface PipelineJournal extends Omit<Journal, "scoreOutcomes"> {
  /** Scores pending analyses; later bars come from the pipeline's market data (plugins, then Yahoo) by default. */
  scoreOutcomes(options?: Partial<ScoreOutcomesOptions>): Promise<ScoreOutcomesCounts>;
  /** The open journal (opening it now if needed). */
  open(): Promise<Journal>;
}

export interface PipelineJournalOptions {
  /** The database the journal lives in, shared with the pipeline's other stores; its owner closes it. */
  database: DatabaseHandle;
  fetchLaterBars: FetchLaterBars;
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
    scoreOutcomes: async (scoreOptions = {}) =>
      (await open()).scoreOutcomes({
        ...scoreOptions,
        fetchLaterBars: scoreOptions.fetchLaterBars ?? options.fetchLaterBars,
      }),
    recordOutcome: async (id, laterBars) => (await open()).recordOutcome(id, laterBars),
    recordEvaluationRun: async (run, runOptions) => (await open()).recordEvaluationRun(run, runOptions),
    listEvaluationRuns: async (listOptions) => (await open()).listEvaluationRuns(listOptions),
    leaderboard: async (leaderboardOptions) => (await open()).leaderboard(leaderboardOptions),
    async close() {
      const current = journal;
      journal = undefined;
      await current?.close();
    },
  };
}
