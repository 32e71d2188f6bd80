// The memory stage's lessons in the journal: one short lesson per scored analysis, written by a reflection call once
// the outcome is known, and recalled for later analyses of the same market and timeframe. Recall is point-in-time:
// a lesson is given to a window only when the outcome it reflects on was known by that window's last bar (its
// outcome_bar_time at or before the window's end), so a replay of history never sees a lesson from its own future.
import type { Kysely } from "kysely";
import { z } from "zod";

import { analysisIdSchema } from "./analysis-id";
import type { JournalDatabase } from "./database-schema";
import { isoTimeSchema } from "./journal-entry";
import { JournalError } from "./journal-error";
import type { AnalysisOutcome } from "./outcome";
import { outcomeFromColumns } from "./outcome-columns";
import { parseInput } from "./parse-input";

/** A lesson is a few sentences; the reflection is told so, and a longer text is refused. */
export const MAX_LESSON_CHARACTERS = 600;

export const recallQuerySchema = z.strictObject({
  symbol: z.string().trim().min(1).max(200),
  timeframe: z.string().trim().min(1).max(10),
  /** The window's last bar (ISO): only lessons whose outcome was known by then. */
  knownBy: isoTimeSchema,
  limit: z.number().int().min(1).max(50),
});
export type RecallQuery = z.input<typeof recallQuerySchema>;

/** A lesson as the Decision agent is given it. */
export interface RecalledLesson {
  analysisId: string;
  /** The window's last bar of the analysis the lesson is about. */
  windowEnd: string;
  decision: "LONG" | "SHORT";
  /** From this bar's close on, the outcome was known. */
  outcomeBarTime: string;
  outcome: AnalysisOutcome | null;
  text: string;
}

export async function recallLessons(db: Kysely<JournalDatabase>, input: RecallQuery): Promise<RecalledLesson[]> {
  const query = parseInput(recallQuerySchema, input, "lesson recall");
  const rows = await db
    .selectFrom("lessons")
    .innerJoin("analyses", "analyses.id", "lessons.analysis_id")
    .select([
      "lessons.analysis_id",
      "lessons.window_end",
      "lessons.decision",
      "lessons.outcome_bar_time",
      "lessons.lesson",
      "analyses.outcome_1_hit",
      "analyses.outcome_1_return",
      "analyses.outcome_3_hit",
      "analyses.outcome_3_return",
    ])
    .where("lessons.symbol", "=", query.symbol)
    .where("lessons.timeframe", "=", query.timeframe)
    .where("lessons.outcome_bar_time", "<=", query.knownBy)
    .orderBy("lessons.outcome_bar_time", "desc")
    .orderBy("lessons.analysis_id", "desc")
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({
    analysisId: row.analysis_id,
    windowEnd: row.window_end,
    decision: row.decision as RecalledLesson["decision"],
    outcomeBarTime: row.outcome_bar_time,
    outcome: outcomeFromColumns(row),
    text: row.lesson,
  }));
}

/** A scored analysis with no lesson yet: what a reflection needs to write one. */
export interface AnalysisAwaitingLesson {
  id: string;
  asset: string;
  symbol: string;
  timeframe: string;
  windowEnd: string;
  decision: "LONG" | "SHORT";
  forecastHorizon: string;
  justification: string;
  riskRewardRatio: number | null;
  reports: { indicator: string; pattern: string; trend: string };
  entryClose: number;
  outcome: AnalysisOutcome;
}

/** Scored analyses without a lesson, oldest first; `ids` narrows them to those analyses. */
export async function analysesAwaitingLessons(
  db: Kysely<JournalDatabase>,
  options: { ids?: readonly string[]; limit?: number } = {},
): Promise<AnalysisAwaitingLesson[]> {
  const ids = options.ids?.map((id) => parseInput(analysisIdSchema, id, "analysis id"));
  if (ids !== undefined && ids.length === 0) return [];
  let query = db
    .selectFrom("analyses")
    .leftJoin("lessons", "lessons.analysis_id", "analyses.id")
    .select([
      "analyses.id",
      "analyses.asset",
      "analyses.symbol",
      "analyses.timeframe",
      "analyses.window_end",
      "analyses.decision",
      "analyses.forecast_horizon",
      "analyses.justification",
      "analyses.risk_reward_ratio",
      "analyses.indicator_report",
      "analyses.pattern_report",
      "analyses.trend_report",
      "analyses.entry_close",
      "analyses.outcome_1_hit",
      "analyses.outcome_1_return",
      "analyses.outcome_3_hit",
      "analyses.outcome_3_return",
    ])
    .where("lessons.analysis_id", "is", null)
    .where("analyses.scored_at", "is not", null)
    .where("analyses.decision", "is not", null)
    .where("analyses.window_end", "is not", null)
    .orderBy("analyses.window_end", "asc")
    .orderBy("analyses.id", "asc")
    .limit(options.limit ?? 500);
  if (ids !== undefined) query = query.where("analyses.id", "in", ids);
  const rows = await query.execute();
  return rows.flatMap((row) => {
    const outcome = outcomeFromColumns(row);
    if (outcome === null || row.window_end === null || row.entry_close === null) return [];
    return [
      {
        id: row.id,
        asset: row.asset,
        symbol: row.symbol,
        timeframe: row.timeframe,
        windowEnd: row.window_end,
        decision: row.decision as AnalysisAwaitingLesson["decision"],
        forecastHorizon: row.forecast_horizon ?? "",
        justification: row.justification ?? "",
        riskRewardRatio: row.risk_reward_ratio === null ? null : Number(row.risk_reward_ratio),
        reports: { indicator: row.indicator_report, pattern: row.pattern_report, trend: row.trend_report },
        entryClose: Number(row.entry_close),
        outcome,
      },
    ];
  });
}

export const lessonInputSchema = z.strictObject({
  analysisId: analysisIdSchema,
  /** The market the lesson is recalled for; default the analysis's symbol. */
  scope: z.string().trim().min(1).max(200).optional(),
  text: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_LESSON_CHARACTERS, `must be at most ${MAX_LESSON_CHARACTERS} characters`),
  provider: z.string().trim().min(1),
  model: z.string().trim().min(1),
  promptVersion: z.string().trim().min(1),
  usage: z.strictObject({ inputTokens: z.number().int().nonnegative(), outputTokens: z.number().int().nonnegative() }),
});
export type LessonInput = z.input<typeof lessonInputSchema>;

/**
 * Stores the lesson about a scored analysis. Idempotent: an analysis that already has one keeps it (another
 * process reflected first) and the answer is false. A pending or unknown analysis is refused.
 */
export async function saveLesson(
  db: Kysely<JournalDatabase>,
  input: LessonInput,
  options: { now?: () => Date } = {},
): Promise<boolean> {
  const lesson = parseInput(lessonInputSchema, input, "lesson");
  const row = await db
    .selectFrom("analyses")
    .select(["symbol", "timeframe", "window_end", "decision", "outcome_bar_time", "scored_at"])
    .where("id", "=", lesson.analysisId)
    .executeTakeFirst();
  if (!row)
    throw new JournalError({
      reason: "not_found",
      message: `No analysis with id ${lesson.analysisId} in the journal.`,
    });
  // An outcome scored before its bar time was recorded is dated by when it was scored: later than the truth, so
  // such a lesson is given to fewer windows, never to one that could not have known it.
  const knownAt = row.outcome_bar_time ?? row.scored_at;
  if (knownAt === null || row.decision === null || row.window_end === null) {
    throw new JournalError({
      reason: "invalid_input",
      message: `Analysis ${lesson.analysisId} has no scored outcome yet: a lesson is written once its outcome is known.`,
    });
  }
  const inserted = await db
    .insertInto("lessons")
    .values({
      analysis_id: lesson.analysisId,
      symbol: lesson.scope ?? row.symbol,
      timeframe: row.timeframe,
      window_end: row.window_end,
      decision: row.decision,
      outcome_bar_time: knownAt,
      lesson: lesson.text,
      created_at: (options.now ?? (() => new Date()))().toISOString(),
      provider: lesson.provider,
      model: lesson.model,
      prompt_version: lesson.promptVersion,
      input_tokens: lesson.usage.inputTokens,
      output_tokens: lesson.usage.outputTokens,
    })
    .onConflict((conflict) => conflict.column("analysis_id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The lesson about one analysis, as the stored analysis shows it; null when it has none. */
export async function lessonOf(
  db: Kysely<JournalDatabase>,
  analysisId: string,
): Promise<{ text: string; created_at: string; model: string } | null> {
  const row = await db
    .selectFrom("lessons")
    .select(["lesson", "created_at", "model"])
    .where("analysis_id", "=", analysisId)
    .executeTakeFirst();
  return row ? { text: row.lesson, created_at: row.created_at, model: row.model } : null;
}
