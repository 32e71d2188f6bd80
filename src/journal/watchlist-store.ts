// The forward test's watchlist, kept in the journal's database (SQLite or PostgreSQL, beside the analyses it
// records): the entries (a market and timeframe, the stages and samples of each analysis, the settle delay), the
// (entry, bar) pairs already analysed, and what was spent per UTC day. An (entry, bar) is stored at most once (its
// primary key): a watcher that restarts reads from here where it stopped, and a second watcher cannot repeat a bar.
// Three failed analyses in a row pause an entry with the last failure as its reason; a decision resets the count.
import type { Kysely } from "kysely";
import { z } from "zod";

import { quoteInput } from "../common/quote-input";
import { decisionSamplesSchema, modelNameSchema } from "../config/config-schema";
import { type Stages, stagesSchema } from "../config/stages-schema";
import { symbolSchema } from "../market/assets";
import { marketSymbolSchema } from "../market/exchange-symbol";
import { type Timeframe, timeframeSchema } from "../market/timeframes";
import type { JournalDatabase, WatchlistTable } from "./database-schema";
import { JournalError } from "./journal-error";
import { newJournalId } from "./journal-id";
import { parseInput } from "./parse-input";

/** Failed analyses in a row that pause an entry. */
export const FAILURES_TO_PAUSE = 3;
/** The wait after a bar's close before it is analysed, unless an entry says otherwise: the exchange's late prints. */
export const DEFAULT_SETTLE_MS = 2 * 60_000;

export const watchEntryModelsSchema = z
  .strictObject({ agent: modelNameSchema.optional(), graph: modelNameSchema.optional() })
  .refine((models) => models.agent !== undefined || models.graph !== undefined, {
    error: "name the agent model, the graph model, or both (leave models out for the watcher's own)",
  });
export type WatchEntryModels = z.infer<typeof watchEntryModelsSchema>;

export const watchEntryInputSchema = z
  .strictObject({
    /** A market symbol: a Yahoo ticker or an exchange's market (binance:BTC/USDT). */
    symbol: marketSymbolSchema.optional(),
    /** A built-in asset code or a saved custom symbol. */
    asset: symbolSchema.optional(),
    timeframe: timeframeSchema,
    stages: stagesSchema.optional(),
    samples: decisionSamplesSchema.optional(),
    settleMs: z.number().int().min(0).max(86_400_000).optional(),
    /** The entry's own models at the watcher's provider (either role, or both); the watcher's config otherwise. */
    models: watchEntryModelsSchema.optional(),
  })
  .refine((input) => (input.symbol === undefined) !== (input.asset === undefined), {
    error: "give one of symbol or asset",
  });
export type WatchEntryInput = z.input<typeof watchEntryInputSchema>;

export interface WatchEntry {
  id: string;
  createdAt: string;
  market: string;
  marketKind: "symbol" | "asset";
  timeframe: Timeframe;
  stages: Stages;
  samples: number;
  settleMs: number;
  /** The entry's own models; null: the watcher's. */
  models: WatchEntryModels | null;
  status: "active" | "paused";
  pausedReason: string | null;
  failures: number;
  lastError: string | null;
}

/** The one error for an entry id the watchlist does not hold (404 watch_entry_not_found over HTTP). */
export function watchEntryNotFound(id: string): JournalError {
  return new JournalError({
    reason: "watch_entry_not_found",
    message: `No watchlist entry ${quoteInput(id)} (the watchlist lists them; it may have been removed).`,
  });
}

export interface WatchDecisionInput {
  entryId: string;
  /** Open time of the decision bar, epoch ms. */
  barTime: number;
  analysisId: string | null;
  directive: "LONG" | "SHORT";
}

export interface UnscoredDecision {
  barTime: number;
  analysisId: string;
}

export interface WatchlistStore {
  add(input: WatchEntryInput, options?: { now?: Date }): Promise<WatchEntry>;
  list(): Promise<WatchEntry[]>;
  get(id: string): Promise<WatchEntry | null>;
  /** Removes the entry and its (entry, bar) records (the analyses stay in the journal); false for an unknown id. */
  remove(id: string): Promise<boolean>;
  /** Pauses with a reason, or resumes (the failure count starts again); false for an unknown id. */
  setStatus(id: string, status: "active" | "paused", reason?: string): Promise<boolean>;
  /** Records an analysed bar; false when that (entry, bar) was recorded already (nothing changes then). */
  recordDecision(decision: WatchDecisionInput, options?: { now?: Date }): Promise<boolean>;
  /** Counts a failure; the third in a row pauses the entry with it as the reason. Answers the entry after it. */
  recordFailure(id: string, error: string): Promise<WatchEntry | null>;
  /** Open time of the newest analysed bar of an entry. */
  lastBarTime(id: string): Promise<number | undefined>;
  /** Every analysed bar of an entry with its directive, oldest first (the live record is made from these). */
  decisions(id: string): Promise<{ barTime: number; directive: "LONG" | "SHORT"; analysisId: string | null }[]>;
  /** Analysed bars whose outcome the journal has not scored yet, oldest first. */
  unscored(id: string): Promise<UnscoredDecision[]>;
  markScored(id: string, barTime: number, options?: { now?: Date }): Promise<void>;
  /**
   * Takes the entry for `holder` until `until` (epoch ms) when no one else holds it at `now` (a lease that ran out is
   * free): with workers on a queue, one analyses an entry at a time. False when another holds it.
   */
  takeLease(id: string, holder: string, times: { now: number; until: number }): Promise<boolean>;
  /** Gives the entry back, if `holder` still holds it. */
  releaseLease(id: string, holder: string): Promise<void>;
  /** US dollars spent on a UTC day ("2025-06-20"). */
  spentOn(day: string): Promise<number>;
  addSpend(day: string, costUsd: number): Promise<void>;
}

function entryOf(row: WatchlistTable): WatchEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    market: row.market,
    marketKind: row.market_kind === "asset" ? "asset" : "symbol",
    timeframe: timeframeSchema.parse(row.timeframe),
    stages: stagesSchema.parse(JSON.parse(row.stages)),
    samples: row.samples,
    settleMs: row.settle_ms,
    models: row.models === null ? null : watchEntryModelsSchema.parse(JSON.parse(row.models)),
    status: row.status === "paused" ? "paused" : "active",
    pausedReason: row.paused_reason,
    failures: row.failures,
    lastError: row.last_error,
  };
}

const iso = (time: number) => new Date(time).toISOString();

export function createWatchlistStore(db: () => Kysely<JournalDatabase>): WatchlistStore {
  const get = async (id: string) => {
    const row = await db().selectFrom("watchlist").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? entryOf(row) : null;
  };
  return {
    async add(input, options = {}) {
      const parsed = parseInput(watchEntryInputSchema, input, "Watchlist entry");
      const row: WatchlistTable = {
        id: newJournalId(),
        created_at: (options.now ?? new Date()).toISOString(),
        market: parsed.symbol ?? parsed.asset ?? "",
        market_kind: parsed.symbol === undefined ? "asset" : "symbol",
        timeframe: parsed.timeframe,
        stages: JSON.stringify(parsed.stages ?? {}),
        samples: parsed.samples ?? 1,
        settle_ms: parsed.settleMs ?? DEFAULT_SETTLE_MS,
        models: parsed.models ? JSON.stringify(parsed.models) : null,
        status: "active",
        paused_reason: null,
        failures: 0,
        last_error: null,
        lease_holder: null,
        lease_until: null,
      };
      await db().insertInto("watchlist").values(row).execute();
      return entryOf(row);
    },
    async list() {
      const rows = await db().selectFrom("watchlist").selectAll().orderBy("created_at").orderBy("id").execute();
      return rows.map(entryOf);
    },
    get,
    async remove(id) {
      await db().deleteFrom("watch_decisions").where("entry_id", "=", id).execute();
      const result = await db().deleteFrom("watchlist").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async setStatus(id, status, reason) {
      const result = await db()
        .updateTable("watchlist")
        .set(
          status === "paused"
            ? { status, paused_reason: reason ?? "paused" }
            : { status, paused_reason: null, failures: 0 },
        )
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async recordDecision(decision, options = {}) {
      const result = await db()
        .insertInto("watch_decisions")
        .values({
          entry_id: decision.entryId,
          bar_time: iso(decision.barTime),
          analysis_id: decision.analysisId,
          directive: decision.directive,
          decided_at: (options.now ?? new Date()).toISOString(),
          scored_at: null,
        })
        .onConflict((conflict) => conflict.columns(["entry_id", "bar_time"]).doNothing())
        .executeTakeFirst();
      const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      if (inserted)
        await db()
          .updateTable("watchlist")
          .set({ failures: 0, last_error: null })
          .where("id", "=", decision.entryId)
          .execute();
      return inserted;
    },
    async recordFailure(id, error) {
      await db()
        .updateTable("watchlist")
        .set((eb) => ({ failures: eb("failures", "+", 1), last_error: error }))
        .where("id", "=", id)
        .execute();
      await db()
        .updateTable("watchlist")
        .set({
          status: "paused",
          paused_reason: `${FAILURES_TO_PAUSE} failed analyses in a row; the last: ${error}`,
        })
        .where("id", "=", id)
        .where("status", "=", "active")
        .where("failures", ">=", FAILURES_TO_PAUSE)
        .execute();
      return get(id);
    },
    async lastBarTime(id) {
      const row = await db()
        .selectFrom("watch_decisions")
        .select((eb) => eb.fn.max("bar_time").as("last"))
        .where("entry_id", "=", id)
        .executeTakeFirst();
      return row?.last ? Date.parse(row.last) : undefined;
    },
    async decisions(id) {
      const rows = await db()
        .selectFrom("watch_decisions")
        .select(["bar_time", "directive", "analysis_id"])
        .where("entry_id", "=", id)
        .orderBy("bar_time")
        .execute();
      return rows.map((row) => ({
        barTime: Date.parse(row.bar_time),
        directive: row.directive === "SHORT" ? "SHORT" : "LONG",
        analysisId: row.analysis_id,
      }));
    },
    async unscored(id) {
      const rows = await db()
        .selectFrom("watch_decisions")
        .select(["bar_time", "analysis_id"])
        .where("entry_id", "=", id)
        .where("scored_at", "is", null)
        .where("analysis_id", "is not", null)
        .orderBy("bar_time")
        .execute();
      return rows.map((row) => ({ barTime: Date.parse(row.bar_time), analysisId: row.analysis_id ?? "" }));
    },
    async markScored(id, barTime, options = {}) {
      await db()
        .updateTable("watch_decisions")
        .set({ scored_at: (options.now ?? new Date()).toISOString() })
        .where("entry_id", "=", id)
        .where("bar_time", "=", iso(barTime))
        .execute();
    },
    async takeLease(id, holder, times) {
      const result = await db()
        .updateTable("watchlist")
        .set({ lease_holder: holder, lease_until: times.until })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", times.now), eb("lease_holder", "=", holder)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async releaseLease(id, holder) {
      await db()
        .updateTable("watchlist")
        .set({ lease_holder: null, lease_until: null })
        .where("id", "=", id)
        .where("lease_holder", "=", holder)
        .execute();
    },
    async spentOn(day) {
      const row = await db().selectFrom("watch_spend").select("cost_usd").where("day", "=", day).executeTakeFirst();
      return row?.cost_usd ?? 0;
    },
    async addSpend(day, costUsd) {
      await db()
        .insertInto("watch_spend")
        .values({ day, cost_usd: costUsd })
        .onConflict((conflict) =>
          conflict.column("day").doUpdateSet((eb) => ({
            cost_usd: eb("watch_spend.cost_usd", "+", eb.ref("excluded.cost_usd")),
          })),
        )
        .execute();
    },
  };
}
