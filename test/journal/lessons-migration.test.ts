// What migration 0003 (lessons-migration.ts) makes the database enforce, on a new SQLite journal: an analysis
// recorded before the stages existed reads as the four agents alone, and a lesson belongs to one stored analysis,
// has every field, and goes when its analysis goes.
import { describe, expect, it } from "vitest";

import { columnsAcceptingNull, insertRow, type Row, rowsOf, useMigratedSqlite } from "./schema-probe";

const newJournal = useMigratedSqlite();
const NOW = "2025-01-02T03:04:05.000Z";

/** An analysis with only the columns that have no default and may not be null. */
const analysisRow = (id: string): Row => ({
  id,
  created_at: NOW,
  source: "api",
  asset: "BTC",
  symbol: "BTC-USD",
  timeframe: "4h",
  bar_count: 45,
  agent_provider: "openai",
  agent_model: "gpt-4o-mini",
  agent_temperature: 0.1,
  graph_provider: "openai",
  graph_model: "gpt-4o",
  graph_temperature: 0.1,
  prompt_version: "2",
  plugins: "[]",
  request: "{}",
  indicator_report: "i",
  pattern_report: "p",
  trend_report: "t",
  analyst_reports: "{}",
  calls_per_step: "{}",
  input_tokens: 1,
  output_tokens: 1,
  timings_ms: "{}",
  result: "{}",
  result_chart_fields: "{}",
});

const lessonRow = (analysisId: string): Row => ({
  analysis_id: analysisId,
  symbol: "BTC-USD",
  timeframe: "4h",
  window_end: NOW,
  decision: "LONG",
  outcome_bar_time: NOW,
  lesson: "Trust the trend line less on a low-volume breakout.",
  created_at: NOW,
  provider: "openai",
  model: "gpt-4o-mini",
  prompt_version: "1",
  input_tokens: 100,
  output_tokens: 20,
});

describe("migration 0003, stages and lessons", () => {
  it("reads an analysis written without the new columns as run with no stage and not yet known", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "analyses", analysisRow("a-1"))).toBeUndefined();
    const [stored] = await rowsOf(db, "analyses", "id");
    expect(stored).toMatchObject({ stages: "{}", outcome_bar_time: null });
    expect(await insertRow(db, "analyses", { ...analysisRow("a-2"), stages: null })).toMatch(/NOT NULL/u);
  });

  it("refuses a lesson with any field missing", async () => {
    const { db } = await newJournal();
    await insertRow(db, "analyses", analysisRow("a-1"));
    expect(await columnsAcceptingNull(db, "lessons", lessonRow("a-1"), "analysis_id")).toEqual([]);
  });

  it("keeps one lesson per analysis, refuses a lesson about no stored analysis, and removes it with its analysis", async () => {
    const { db } = await newJournal();
    await insertRow(db, "analyses", analysisRow("a-1"));
    await insertRow(db, "analyses", analysisRow("a-2"));
    expect(await insertRow(db, "lessons", lessonRow("missing"))).toMatch(/FOREIGN KEY/u);
    expect(await insertRow(db, "lessons", lessonRow("a-1"))).toBeUndefined();
    expect(await insertRow(db, "lessons", { ...lessonRow("a-1"), lesson: "another" })).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "lessons", lessonRow("a-2"))).toBeUndefined();
    await db.deleteFrom("analyses").where("id", "=", "a-1").execute();
    expect(await rowsOf(db, "lessons", "analysis_id")).toEqual([lessonRow("a-2")]);
  });
});
