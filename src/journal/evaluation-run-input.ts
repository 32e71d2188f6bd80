// What an evaluation run (or a backtest run) leaves in the journal, validated with zod: its settings, models, prompt
// version and plugins, and per decision point the directive and the realised moves; a backtest adds its report.
// Runs of different models, prompts or plugin sets then compare side by side in the leaderboard. The journal keeps
// this type its own; the evaluation harness maps its result onto it (a point's `decision` becomes `directive`,
// `outcomes` become `moves`), and the backtest its decisions (one point per decision bar, the move over its horizon).
import { z } from "zod";

import { isoTimeSchema, modelUsedSchema, pluginUsedSchema } from "./journal-entry";

const nonEmpty = z.string().trim().min(1, "must not be empty");

export const evaluationPointInputSchema = z.strictObject({
  /** Unique within the run (the harness's point id, e.g. "BTC-12-0"). */
  id: nonEmpty,
  asset: nonEmpty,
  /** The benchmark window the point belongs to. */
  window: z.number().int().nonnegative(),
  /** Which point of that window. @default 0 */
  point: z.number().int().nonnegative().default(0),
  /** Open time of the last bar the analysis saw; the decision is taken at its close. */
  lastBarTime: isoTimeSchema,
  entryClose: z.number().finite().positive(),
  /** The agents' directive; null when the point's analysis failed or the run had no model. */
  directive: z.enum(["LONG", "SHORT"]).nullable(),
  /** The realised simple return close[t+k] / close[t] - 1 for each horizon k. */
  moves: z
    .array(z.strictObject({ horizon: z.number().int().positive(), move: z.number().finite() }))
    .refine((moves) => new Set(moves.map((move) => move.horizon)).size === moves.length, {
      error: "each horizon at most once",
    }),
  /** Why the point's analysis failed. @default null */
  error: z.string().nullable().default(null),
});

/** A backtest's report as the History draws it; kept as given (JSON), at most this many characters once written. */
export const MAX_RUN_REPORT_CHARACTERS = 50 * 1024 * 1024;

export const evaluationRunInputSchema = z.strictObject({
  /**
   * "evaluation" (benchmark points), "backtest" (decisions on one series) or "probe" (the chart-reading probe's
   * synthetic series). @default "evaluation"
   */
  kind: z.enum(["evaluation", "backtest", "probe"]).default("evaluation"),
  /** A backtest's report (its lines with their equity curves and the paired tests), or a probe's scores. @default null */
  report: z
    .record(z.string(), z.unknown())
    .nullable()
    .default(null)
    .refine((report) => report === null || JSON.stringify(report).length <= MAX_RUN_REPORT_CHARACTERS, {
      error: `the report must be at most ${MAX_RUN_REPORT_CHARACTERS} characters of JSON`,
    }),
  /** @default "4h" (the benchmark's bars) */
  timeframe: nonEmpty.default("4h"),
  /** The run's settings as the harness had them (kept as given, shown back in the run list). */
  settings: z.record(z.string(), z.json()),
  /** Null for a run without models (baselines only). */
  models: z.strictObject({ agent: modelUsedSchema, graph: modelUsedSchema }).nullable(),
  promptVersion: nonEmpty,
  plugins: z.array(pluginUsedSchema).default([]),
  points: z
    .array(evaluationPointInputSchema)
    .refine((points) => new Set(points.map((point) => point.id)).size === points.length, {
      error: "point ids must be unique within a run",
    }),
});

export type EvaluationRunInput = z.input<typeof evaluationRunInputSchema>;
export type EvaluationPointInput = z.input<typeof evaluationPointInputSchema>;
