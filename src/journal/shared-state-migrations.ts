// Migrations 0005 and 0006: what several servers and workers on one PostgreSQL share besides the journal (custom
// assets, installation-wide settings, the model-answer cache, rate-limit buckets), then runs queued for workers and
// their points. With SQLite the same tables exist, unused: one schema for both engines.
import { type Kysely, type Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDatabase = Kysely<any>;

export function sharedState(): Migration {
  return {
    async up(db: AnyDatabase) {
      // What several servers and workers on one PostgreSQL share besides the journal (with SQLite the same tables
      // exist, unused: one schema for both engines). Custom assets in the order they were added; a symbol is one
      // asset whatever its letter case, which the unique key enforces across processes.
      await db.schema
        .createTable("custom_assets")
        .addColumn("symbol_key", "text", (column) => column.primaryKey())
        .addColumn("symbol", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("custom_assets_created_at")
        .on("custom_assets")
        .columns(["created_at", "symbol_key"])
        .execute();
      // Installation-wide values written once and read by every process (the custom-asset import marker).
      await db.schema
        .createTable("shared_settings")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      // The model-answer cache: one answer per request key, written once (the first answer wins).
      await db.schema
        .createTable("model_answers")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("provider", "text", (column) => column.notNull())
        .addColumn("model", "text", (column) => column.notNull())
        .addColumn("context", "text")
        .addColumn("response", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      // One token bucket per provider, base URL and key (a hash of them, never the key), on the database's clock.
      await db.schema
        .createTable("rate_limit_buckets")
        .addColumn("bucket", "text", (column) => column.primaryKey())
        .addColumn("tokens", "double precision", (column) => column.notNull())
        .addColumn("updated_at", "double precision", (column) => column.notNull())
        .execute();
    },
  };
}

export function queuedRuns(): Migration {
  return {
    async up(db: AnyDatabase) {
      // A run queued for workers: what it is (its spec, enough for any machine to do its points) and, per point,
      // what to analyse and what came of it. A point is finished once: the first result stored wins, whatever
      // retries or crashed workers do meanwhile.
      await db.schema
        .createTable("queued_runs")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("label", "text", (column) => column.notNull())
        .addColumn("spec", "text", (column) => column.notNull())
        .addColumn("point_count", "integer", (column) => column.notNull())
        .addColumn("reported_at", "text")
        .addColumn("journal_run_id", "text")
        .execute();
      await db.schema
        .createIndex("queued_runs_created_at_id")
        .on("queued_runs")
        .columns(["created_at", "id"])
        .execute();
      await db.schema
        .createTable("queued_points")
        .addColumn("run_id", "text", (column) => column.notNull().references("queued_runs.id").onDelete("cascade"))
        .addColumn("point_id", "text", (column) => column.notNull())
        .addColumn("position", "integer", (column) => column.notNull())
        .addColumn("input", "text", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        .addColumn("worker", "text")
        .addColumn("result", "text")
        .addColumn("error", "text")
        .addPrimaryKeyConstraint("queued_points_pk", ["run_id", "point_id"])
        .execute();
    },
  };
}
