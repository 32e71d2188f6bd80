// Migration 0003: what the optional stages leave in the journal. Each analysis records the stages it ran with
// (`stages`, JSON, "{}" for the four agents alone), and, once scored, the open time of the last bar its outcome was
// scored on (`outcome_bar_time`): the point in market time from which the outcome was known. Lessons (the memory
// stage's reflections on scored analyses) live in a table of their own, one per analysis, found by market,
// timeframe and that time, so a replay of history can ask for the lessons that were known at its window's end.
import { type Kysely, type Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDatabase = Kysely<any>;

export function stagesAndLessons(): Migration {
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .alterTable("analyses")
        .addColumn("stages", "text", (column) => column.notNull().defaultTo("{}"))
        .execute();
      await db.schema.alterTable("analyses").addColumn("outcome_bar_time", "text").execute();
      await db.schema
        .createTable("lessons")
        // Removing an analysis removes its lesson: a lesson about nothing would still steer later decisions.
        .addColumn("analysis_id", "text", (column) => column.primaryKey().references("analyses.id").onDelete("cascade"))
        .addColumn("symbol", "text", (column) => column.notNull())
        .addColumn("timeframe", "text", (column) => column.notNull())
        .addColumn("window_end", "text", (column) => column.notNull())
        .addColumn("decision", "text", (column) => column.notNull())
        .addColumn("outcome_bar_time", "text", (column) => column.notNull())
        .addColumn("lesson", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("provider", "text", (column) => column.notNull())
        .addColumn("model", "text", (column) => column.notNull())
        .addColumn("prompt_version", "text", (column) => column.notNull())
        .addColumn("input_tokens", "integer", (column) => column.notNull())
        .addColumn("output_tokens", "integer", (column) => column.notNull())
        .execute();
      // Recall reads this index backwards: the newest lessons of one market and timeframe known by a given time.
      await db.schema
        .createIndex("lessons_recall")
        .on("lessons")
        .columns(["symbol", "timeframe", "outcome_bar_time"])
        .execute();
    },
  };
}
