// One recorded analysis by id: read back exactly as the API answered it (plus its journal id, time and outcome),
// or deleted together with the charts nothing else uses.
import type { Kysely } from "kysely";

import { analysisIdSchema } from "./analysis-id";
import { loadCharts, removeUnreferencedCharts } from "./chart-store";
import type { JournalDatabase } from "./database-schema";
import { lessonOf } from "./lessons";
import type { AnalysisOutcome } from "./outcome";
import { OUTCOME_COLUMNS, outcomeFromColumns } from "./outcome-columns";
import { parseInput } from "./parse-input";
import type { ChartRole } from "./record-analysis";

/** The stored result with the journal's own fields, under the API's names. */
export type StoredAnalysis = Record<string, unknown> & {
  id: string;
  created_at: string;
  /** Null until both horizons can be scored. */
  outcome: AnalysisOutcome | null;
  /** The memory stage's lesson about this analysis, once written; null before (and without memory). */
  lesson: { text: string; created_at: string; model: string } | null;
};

export async function getAnalysis(db: Kysely<JournalDatabase>, idInput: string): Promise<StoredAnalysis | null> {
  const id = parseInput(analysisIdSchema, idInput, "analysis id");
  const row = await db
    .selectFrom("analyses")
    .select([
      "id",
      "created_at",
      "result",
      "result_chart_fields",
      "pattern_chart_sha256",
      "trend_chart_sha256",
      ...OUTCOME_COLUMNS,
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const result = JSON.parse(row.result) as Record<string, unknown>;
  const chartFields = JSON.parse(row.result_chart_fields) as Record<string, ChartRole>;
  const keyOf = (role: ChartRole) => (role === "pattern" ? row.pattern_chart_sha256 : row.trend_chart_sha256);
  const wanted = Object.values(chartFields)
    .map(keyOf)
    .filter((key): key is string => key !== null);
  const charts = await loadCharts(db, wanted);
  for (const [field, role] of Object.entries(chartFields)) {
    const key = keyOf(role);
    const png = key === null ? undefined : charts.get(key);
    if (png) result[field] = png.toString("base64");
  }
  return {
    ...result,
    id: row.id,
    created_at: row.created_at,
    outcome: outcomeFromColumns(row),
    lesson: await lessonOf(db, row.id),
  };
}

/** Answers whether an analysis was removed; charts no other analysis uses go with it. */
export async function deleteAnalysis(db: Kysely<JournalDatabase>, idInput: string): Promise<boolean> {
  const id = parseInput(analysisIdSchema, idInput, "analysis id");
  const removed = await db
    .deleteFrom("analyses")
    .where("id", "=", id)
    .returning(["pattern_chart_sha256", "trend_chart_sha256"])
    .executeTakeFirst();
  if (!removed) return false;
  const keys = [removed.pattern_chart_sha256, removed.trend_chart_sha256].filter((key): key is string => key !== null);
  await removeUnreferencedCharts(db, keys);
  return true;
}
