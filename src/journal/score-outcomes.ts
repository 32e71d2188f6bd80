// Scoring recorded analyses once the bars after their window are known: either fetched (scoreOutcomes, for every
// pending analysis, one fetch per symbol and timeframe) or supplied by the caller (recordOutcome, for a CSV replay
// whose file already holds the later bars). Scoring is idempotent: an outcome, once stored, is never rewritten.
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";

import { type Candle, candleSchema } from "../market/candle";
import { analysisIdSchema } from "./analysis-id";
import { isCallerData } from "./analysis-status";
import type { JournalDatabase } from "./database-schema";
import { JournalError } from "./journal-error";
import { type AnalysisOutcome, closesAfter, outcomeBarTime, scoreOutcome } from "./outcome";
import { columnsOfOutcome, OUTCOME_COLUMNS, outcomeFromColumns } from "./outcome-columns";
import { parseInput } from "./parse-input";

export interface LaterBarsRequest {
  symbol: string;
  timeframe: string;
  /** ISO time of the earliest entry bar concerned: bars strictly after it are wanted. */
  after: string;
  signal: AbortSignal;
}

/** Answers candles ({time (epoch ms), open, high, low, close, volume}); more or fewer than needed is fine. */
export type FetchLaterBars = (request: LaterBarsRequest) => Promise<readonly Candle[]>;

export interface ScoreOutcomesOptions {
  fetchLaterBars: FetchLaterBars;
  signal?: AbortSignal;
  /** The clock, for `scored_at`. @default () => new Date() */
  now?: () => Date;
}

export interface ScoreOutcomesCounts {
  /** Analyses scored by this call. */
  scored: number;
  /** Analyses whose later bars are not all there yet (the window ends at the end of the data). */
  pending: number;
  /** Analyses whose bars could not be fetched (the fetch threw or answered something that is not candles). */
  failed: number;
  /**
   * Analyses of the caller's own candles, CSV or a sample window (a request with `candles`, `csv` or `sample`): there
   * is no market to fetch their later bars from, so they are left to recordOutcome (the pipeline calls it with the
   * bars after the window when there are any).
   */
  callerData: number;
}

const laterBarsSchema = z.array(candleSchema);

interface PendingRow {
  id: string;
  symbol: string;
  timeframe: string;
  decision: string | null;
  entry_close: number | null;
  entry_time: string | null;
}

async function saveOutcome(
  db: Kysely<JournalDatabase> | Transaction<JournalDatabase>,
  id: string,
  scored: ScoredRow,
  scoredAt: string,
): Promise<void> {
  await db
    .updateTable("analyses")
    .set({ ...columnsOfOutcome(scored.outcome), scored_at: scoredAt, outcome_bar_time: scored.barTime })
    .where("id", "=", id)
    .where("scored_at", "is", null) // another process may have scored it meanwhile: same bars, same answer
    .execute();
}

/** An outcome, and the open time of the last bar it was scored on (when it became known). */
interface ScoredRow {
  outcome: AnalysisOutcome;
  barTime: string;
}

function outcomeOf(row: PendingRow, bars: readonly Candle[]): ScoredRow | null {
  if (row.decision === null || row.entry_close === null || row.entry_time === null) return null;
  const outcome = scoreOutcome({
    directive: row.decision as "LONG" | "SHORT",
    entryClose: Number(row.entry_close),
    laterCloses: closesAfter(row.entry_time, bars),
  });
  const barTime = outcomeBarTime(row.entry_time, bars);
  return outcome === null || barTime === undefined ? null : { outcome, barTime };
}

export async function scoreOutcomes(
  db: Kysely<JournalDatabase>,
  options: ScoreOutcomesOptions,
): Promise<ScoreOutcomesCounts> {
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? (() => new Date());
  signal.throwIfAborted();
  // Failed runs have no decision and are never scored; they are not "pending" either.
  const rows = await db
    .selectFrom("analyses")
    .select(["id", "symbol", "timeframe", "decision", "entry_close", "entry_time", "request"])
    .where("scored_at", "is", null)
    .where("decision", "is not", null)
    .where("entry_time", "is not", null)
    .execute();
  const counts: ScoreOutcomesCounts = { scored: 0, pending: 0, failed: 0, callerData: 0 };
  const groups = new Map<string, { symbol: string; timeframe: string; after: string; rows: PendingRow[] }>();
  for (const row of rows) {
    if (isCallerData(row.request)) {
      counts.callerData += 1;
      continue;
    }
    const entryTime = row.entry_time as string;
    const key = JSON.stringify([row.symbol, row.timeframe]);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { symbol: row.symbol, timeframe: row.timeframe, after: entryTime, rows: [row] });
    } else {
      group.rows.push(row);
      if (entryTime < group.after) group.after = entryTime;
    }
  }
  // One group at a time: a market-data source is better asked politely than all at once.
  for (const { symbol, timeframe, after, rows: group } of groups.values()) {
    signal.throwIfAborted();
    let bars: Candle[];
    try {
      bars = laterBarsSchema.parse(await options.fetchLaterBars({ symbol, timeframe, after, signal }));
    } catch (error) {
      if (signal.aborted) throw error;
      counts.failed += group.length;
      continue;
    }
    const scoredAt = now().toISOString();
    const outcomes = group.map((row) => ({ id: row.id, outcome: outcomeOf(row, bars) }));
    counts.pending += outcomes.filter(({ outcome }) => outcome === null).length;
    // One transaction per group: one commit (one sync on PostgreSQL) for all of its outcomes, not one each.
    await db.transaction().execute(async (transaction) => {
      for (const { id, outcome } of outcomes) {
        if (outcome === null) continue;
        await saveOutcome(transaction, id, outcome, scoredAt);
        counts.scored += 1;
      }
    });
  }
  return counts;
}

/**
 * Scores one analysis with bars the caller has (the CSV bars after a replayed window). Answers the outcome, the
 * one stored before if it was already scored, or null while fewer than 3 later bars are known or when the run
 * failed (no decision to score).
 */
export async function recordOutcome(
  db: Kysely<JournalDatabase>,
  idInput: string,
  laterBarsInput: readonly Candle[],
  options: { now?: () => Date } = {},
): Promise<AnalysisOutcome | null> {
  const id = parseInput(analysisIdSchema, idInput, "analysis id");
  const laterBars = parseInput(laterBarsSchema, laterBarsInput, "later bars");
  const row = await db
    .selectFrom("analyses")
    .select(["id", "symbol", "timeframe", "decision", "entry_close", "entry_time", ...OUTCOME_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new JournalError({ reason: "not_found", message: `No analysis with id ${id} in the journal.` });
  const stored = outcomeFromColumns(row);
  if (stored) return stored;
  const scored = outcomeOf(row, laterBars);
  if (scored) await saveOutcome(db, id, scored, (options.now ?? (() => new Date()))().toISOString());
  return scored?.outcome ?? null;
}
