// The journal's schema as migrations in code, applied in name order by Kysely's Migrator when a journal opens.
// A released migration is never edited: a change to the schema is a new migration, so every existing journal,
// SQLite file or PostgreSQL database, is brought forward the same way.
import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";

import type { JournalEngine } from "./database-schema";
import { stagesAndLessons } from "./lessons-migration";
import { queuedRuns, sharedState } from "./shared-state-migrations";

// `any`: a migration sees the database as it was at that point in history, not as the current types describe it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDatabase = Kysely<any>;

function analysesAndCharts(engine: JournalEngine): Migration {
  return {
    async up(db: AnyDatabase) {
      // Charts are stored once, keyed by the SHA-256 of their bytes, and analyses point at them. In the database
      // rather than as files beside it: PostgreSQL journals are shared by servers on several machines that have no
      // folder in common, and a chart must be there for every one of them. Identical charts (a rerun of the same
      // window, a replayed request) take the space once.
      await db.schema
        .createTable("charts")
        .addColumn("sha256", "text", (column) => column.primaryKey())
        .addColumn("png", engine === "postgres" ? "bytea" : "blob", (column) => column.notNull())
        .addColumn("byte_length", "integer", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      if (engine === "postgres") {
        // PNG is compressed already: without this PostgreSQL tries to compress every chart again, for nothing.
        await sql`alter table charts alter column png set storage external`.execute(db);
      }
      await db.schema
        .createTable("analyses")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("source", "text", (column) => column.notNull())
        .addColumn("asset", "text", (column) => column.notNull())
        .addColumn("symbol", "text", (column) => column.notNull())
        .addColumn("timeframe", "text", (column) => column.notNull())
        .addColumn("window_start", "text")
        .addColumn("window_end", "text")
        .addColumn("window_requested_start", "text")
        .addColumn("bar_count", "integer", (column) => column.notNull())
        .addColumn("agent_provider", "text", (column) => column.notNull())
        .addColumn("agent_model", "text", (column) => column.notNull())
        .addColumn("agent_temperature", "double precision", (column) => column.notNull())
        .addColumn("graph_provider", "text", (column) => column.notNull())
        .addColumn("graph_model", "text", (column) => column.notNull())
        .addColumn("graph_temperature", "double precision", (column) => column.notNull())
        .addColumn("prompt_version", "text", (column) => column.notNull())
        .addColumn("plugins", "text", (column) => column.notNull())
        .addColumn("request", "text", (column) => column.notNull())
        .addColumn("indicator_report", "text", (column) => column.notNull())
        .addColumn("pattern_report", "text", (column) => column.notNull())
        .addColumn("trend_report", "text", (column) => column.notNull())
        .addColumn("analyst_reports", "text", (column) => column.notNull())
        .addColumn("decision", "text")
        .addColumn("forecast_horizon", "text")
        .addColumn("justification", "text")
        .addColumn("risk_reward_ratio", "double precision")
        // The foreign keys are what make removing an unreferenced chart safe while another process records an
        // analysis that uses it: the removal fails instead of leaving a dangling reference (see chart-store.ts).
        .addColumn("pattern_chart_sha256", "text", (column) => column.references("charts.sha256"))
        .addColumn("trend_chart_sha256", "text", (column) => column.references("charts.sha256"))
        .addColumn("calls_per_step", "text", (column) => column.notNull())
        .addColumn("input_tokens", "integer", (column) => column.notNull())
        .addColumn("output_tokens", "integer", (column) => column.notNull())
        .addColumn("cost_usd", "double precision")
        .addColumn("timings_ms", "text", (column) => column.notNull())
        .addColumn("entry_close", "double precision")
        .addColumn("entry_time", "text")
        .addColumn("error_code", "text")
        .addColumn("error_message", "text")
        .addColumn("result", "text", (column) => column.notNull())
        .addColumn("result_chart_fields", "text", (column) => column.notNull())
        .addColumn("outcome_1_hit", "integer")
        .addColumn("outcome_1_return", "double precision")
        .addColumn("outcome_3_hit", "integer")
        .addColumn("outcome_3_return", "double precision")
        .addColumn("scored_at", "text")
        .execute();
      // Newest first with a keyset cursor reads this index backwards.
      await db.schema.createIndex("analyses_created_at_id").on("analyses").columns(["created_at", "id"]).execute();
      // Finding the analyses that use a chart, when a delete asks whether the chart is still needed.
      await db.schema.createIndex("analyses_pattern_chart").on("analyses").column("pattern_chart_sha256").execute();
      await db.schema.createIndex("analyses_trend_chart").on("analyses").column("trend_chart_sha256").execute();
    },
  };
}

function evaluationRuns(): Migration {
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable("evaluation_runs")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("timeframe", "text", (column) => column.notNull())
        .addColumn("settings", "text", (column) => column.notNull())
        .addColumn("agent_provider", "text")
        .addColumn("agent_model", "text")
        .addColumn("graph_provider", "text")
        .addColumn("graph_model", "text")
        .addColumn("prompt_version", "text", (column) => column.notNull())
        .addColumn("plugins", "text", (column) => column.notNull())
        .addColumn("point_count", "integer", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("evaluation_points")
        .addColumn("run_id", "text", (column) => column.notNull().references("evaluation_runs.id").onDelete("cascade"))
        .addColumn("point_id", "text", (column) => column.notNull())
        .addColumn("asset", "text", (column) => column.notNull())
        .addColumn("window_index", "integer", (column) => column.notNull())
        .addColumn("point_index", "integer", (column) => column.notNull())
        .addColumn("last_bar_time", "text", (column) => column.notNull())
        .addColumn("entry_close", "double precision", (column) => column.notNull())
        .addColumn("directive", "text")
        .addColumn("error", "text")
        .addPrimaryKeyConstraint("evaluation_points_pk", ["run_id", "point_id"])
        .execute();
      await db.schema
        .createTable("evaluation_moves")
        .addColumn("run_id", "text", (column) => column.notNull())
        .addColumn("point_id", "text", (column) => column.notNull())
        .addColumn("horizon", "integer", (column) => column.notNull())
        .addColumn("move", "double precision", (column) => column.notNull())
        .addPrimaryKeyConstraint("evaluation_moves_pk", ["run_id", "point_id", "horizon"])
        .addForeignKeyConstraint(
          "evaluation_moves_point",
          ["run_id", "point_id"],
          "evaluation_points",
          ["run_id", "point_id"],
          (constraint) => constraint.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("evaluation_runs_created_at_id")
        .on("evaluation_runs")
        .columns(["created_at", "id"])
        .execute();
    },
  };
}

function backtestRuns(): Migration {
  return {
    async up(db: AnyDatabase) {
      // A run is an evaluation (benchmark points) or a backtest (decisions on one series). Existing runs are
      // evaluations. A backtest keeps its report beside it (its lines with their equity curves, the paired tests) so
      // the History can draw its curves without the files the run wrote.
      await db.schema
        .alterTable("evaluation_runs")
        .addColumn("kind", "text", (column) => column.notNull().defaultTo("evaluation"))
        .execute();
      await db.schema.alterTable("evaluation_runs").addColumn("report", "text").execute();
      await db.schema
        .createIndex("evaluation_runs_kind_created_at_id")
        .on("evaluation_runs")
        .columns(["kind", "created_at", "id"])
        .execute();
    },
  };
}

function blindAnalyses(): Migration {
  return {
    async up(db: AnyDatabase) {
      // Whether the agents saw a blind view (no date, name or price level). Rows recorded before it were not blind.
      await db.schema
        .alterTable("analyses")
        .addColumn("blind", "integer", (column) => column.notNull().defaultTo(0))
        .execute();
    },
  };
}

function decisionConfidence(): Migration {
  return {
    async up(db: AnyDatabase) {
      // What a decision says of itself: the model's stated probability that it is right (asked from prompt version
      // 3 on), and with several samples of the Decision agent the majority's share and each sample's answer (JSON:
      // [{decision, confidence}], in the order asked). Null in rows recorded before, and for a failed run.
      await db.schema.alterTable("analyses").addColumn("confidence", "double precision").execute();
      await db.schema.alterTable("analyses").addColumn("agreement", "double precision").execute();
      await db.schema.alterTable("analyses").addColumn("decision_samples", "text").execute();
    },
  };
}

function watchlist(): Migration {
  return {
    async up(db: AnyDatabase) {
      // The forward test (src/forward/): the entries watched, each analysed (entry, bar) once (the primary key is
      // what a restarted watcher reads to resume without a gap or a repeat), and the spending per UTC day.
      await db.schema
        .createTable("watchlist")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("market", "text", (column) => column.notNull())
        .addColumn("market_kind", "text", (column) => column.notNull())
        .addColumn("timeframe", "text", (column) => column.notNull())
        .addColumn("stages", "text", (column) => column.notNull())
        .addColumn("samples", "integer", (column) => column.notNull())
        .addColumn("settle_ms", "integer", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("paused_reason", "text")
        .addColumn("failures", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .execute();
      await db.schema
        .createTable("watch_decisions")
        .addColumn("entry_id", "text", (column) => column.notNull().references("watchlist.id").onDelete("cascade"))
        .addColumn("bar_time", "text", (column) => column.notNull())
        .addColumn("analysis_id", "text")
        .addColumn("directive", "text", (column) => column.notNull())
        .addColumn("decided_at", "text", (column) => column.notNull())
        .addColumn("scored_at", "text")
        .addPrimaryKeyConstraint("watch_decisions_pk", ["entry_id", "bar_time"])
        .execute();
      await db.schema
        .createTable("watch_spend")
        .addColumn("day", "text", (column) => column.primaryKey())
        .addColumn("cost_usd", "double precision", (column) => column.notNull())
        .execute();
    },
  };
}

function watchEntryModels(): Migration {
  return {
    async up(db: AnyDatabase) {
      // The models a watchlist entry is analysed with (JSON: {agent?, graph?}, model names at the watcher's
      // provider); null, as every entry added before, for the watcher's own.
      await db.schema.alterTable("watchlist").addColumn("models", "text").execute();
    },
  };
}

function watchEntryLease(): Migration {
  return {
    async up(db: AnyDatabase) {
      // Who is analysing an entry now, and until when (epoch ms): with workers on a queue, one at a time per entry.
      await db.schema.alterTable("watchlist").addColumn("lease_holder", "text").execute();
      await db.schema.alterTable("watchlist").addColumn("lease_until", "double precision").execute();
    },
  };
}

/** Every migration, by name; names sort in the order they apply. */
export function journalMigrations(engine: JournalEngine): Record<string, Migration> {
  return {
    "0001-analyses-and-charts": analysesAndCharts(engine),
    "0002-evaluation-runs": evaluationRuns(),
    "0003-stages-and-lessons": stagesAndLessons(),
    "0004-backtest-runs": backtestRuns(),
    "0005-shared-state": sharedState(),
    "0006-queued-runs": queuedRuns(),
    "0007-blind-analyses": blindAnalyses(),
    "0008-decision-confidence": decisionConfidence(),
    "0009-watchlist": watchlist(),
    "0010-watch-entry-models": watchEntryModels(),
    "0011-watch-entry-lease": watchEntryLease(),
  };
}

export const FIRST_MIGRATION = "0001-analyses-and-charts";

export function journalMigrationProvider(engine: JournalEngine): MigrationProvider {
  return { getMigrations: async () => journalMigrations(engine) };
}
