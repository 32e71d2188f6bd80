// The wire form of runs (GET /api/runs, GET /api/runs/<id>, quantagent history runs --json): one list of every
// run, whatever it is and wherever it is. A finished run is an evaluation, a backtest or a chart-reading probe the
// journal recorded (a backtest's or a probe's report read with it); a queued run is one still with the workers (or done and not reported yet), read
// from the shared PostgreSQL database with how far it has got. `state` tells the two apart.
import { z } from "zod";

import { type BacktestFigure, backtestFigure, type BacktestFigureId } from "../backtest/backtest-figures";
import type { EvaluationRunSummary } from "../journal/evaluation-runs";
import type { RunProgress } from "../queue/run-progress";
import { wireBacktestLineSchema, wireLinePairedTestSchema, wireMirroredBacktestSchema } from "./backtest";

const modelSchema = z.object({ provider: z.string(), model: z.string() });

export const wireFinishedRunSchema = z
  .object({
    state: z.literal("finished"),
    id: z.string(),
    created_at: z.string(),
    kind: z.enum(["evaluation", "backtest", "probe"]),
    timeframe: z.string(),
    settings: z
      .record(z.string(), z.unknown())
      .meta({ description: "the run's settings as the harness recorded them" }),
    models: z
      .object({ agent: modelSchema, graph: modelSchema })
      .nullable()
      .meta({ description: "null: baselines only" }),
    prompt_version: z.string(),
    plugins: z.array(z.object({ name: z.string(), version: z.string() })),
    point_count: z
      .number()
      .meta({ description: "decision points (an evaluation), decisions (a backtest) or planted series (a probe)" }),
    demo: z.boolean().meta({
      description: "made with the demo provider (demo: scripted, not a model): never counted in accuracy figures",
    }),
  })
  .meta({ title: "A finished run (in the journal)" });

export const wireQueuedRunSchema = z
  .object({
    state: z.literal("queued"),
    id: z.string(),
    created_at: z.string(),
    kind: z.string().meta({ description: "what was queued: evaluation or backtest" }),
    label: z.string().meta({ description: "what the run is: its models, assets and windows, or its series" }),
    point_count: z.number().meta({ description: "decision points in the run, one job each" }),
    done: z.number(),
    failed: z.number().meta({ description: "points whose analysis failed, or whose job gave up after its retries" }),
    running: z.number().meta({ description: "points a worker is on now" }),
    waiting: z.number().meta({ description: "points no worker has started" }),
    reported_at: z.string().nullable().meta({ description: "when a report was first written from the finished run" }),
    journal_run_id: z
      .string()
      .nullable()
      .meta({ description: "the finished run recorded in the journal from it (then listed as that run)" }),
  })
  .meta({ title: "A queued run (with the workers)" });

export const wireRunSchema = z.discriminatedUnion("state", [wireFinishedRunSchema, wireQueuedRunSchema]);

const backtestReportSchema = z.object({
  settings: z.record(z.string(), z.unknown()),
  lines: z.array(wireBacktestLineSchema),
  paired: z.array(wireLinePairedTestSchema),
  mirror: wireMirroredBacktestSchema.nullable().optional().meta({
    description:
      "every line played again on the series' mirror image (a run with mirror); null without it, absent in runs recorded before it existed",
  }),
});

const probeScoreSchema = z.object({
  n: z.number().meta({ description: "series scored" }),
  hits: z.number(),
  accuracy: z.number().nullable(),
  chance: z.number().meta({ description: "the accuracy of the best constant answer on the same series" }),
  chance_answer: z.string().nullable(),
  p_value: z.number().meta({ description: "exact binomial P(X >= hits) at the chance rate: better than chance" }),
  p_value_below: z.number().meta({ description: "exact binomial P(X <= hits): worse than chance" }),
});
const shapeScoreSchema = z.object({
  shape: z.string(),
  n: z.number(),
  hits: z.number(),
  accuracy: z.number().nullable(),
});
export const wireProbeReportSchema = z
  .object({
    settings: z.record(z.string(), z.unknown()),
    verdict: z.array(z.string()).meta({ description: "the verdict in words, first whether the model reads charts" }),
    scores: z.object({
      pattern: z.union([
        z.object({
          scored: z.literal(true),
          overall: probeScoreSchema,
          per_shape: z.array(shapeScoreSchema),
          confusion: z.object({
            rows: z.array(z.string()),
            columns: z.array(z.string()),
            counts: z.array(z.array(z.number())),
          }),
          false_alarms: z.object({ n: z.number(), named: z.number() }),
        }),
        z.object({ scored: z.literal(false), reason: z.string() }),
      ]),
      trend: z.object({ overall: probeScoreSchema, per_shape: z.array(shapeScoreSchema) }),
      directive: z.object({ overall: probeScoreSchema, per_shape: z.array(shapeScoreSchema) }),
    }),
    demo: z.boolean(),
  })
  .meta({ title: "A chart-reading probe's scores" });

export const runsPageAnswerSchema = z.object({
  runs: z.array(wireRunSchema),
  next_cursor: z.string().nullable().meta({ description: "pass as cursor for the next page; null on the last page" }),
});

export const runAnswerSchema = z.discriminatedUnion("state", [
  wireFinishedRunSchema.extend({
    report: z.union([backtestReportSchema, wireProbeReportSchema]).nullable().meta({
      description: "a backtest's lines and paired tests, a chart-reading probe's scores; null for an evaluation",
    }),
  }),
  wireQueuedRunSchema,
]);

export function wireFinishedRun(run: EvaluationRunSummary): z.infer<typeof wireFinishedRunSchema> {
  return {
    state: "finished",
    id: run.id,
    created_at: run.createdAt,
    kind: run.kind,
    timeframe: run.timeframe,
    settings: run.settings,
    models: run.models,
    prompt_version: run.promptVersion,
    plugins: run.plugins,
    point_count: run.pointCount,
    demo: run.demo,
  };
}

export function wireQueuedRun(run: RunProgress): z.infer<typeof wireQueuedRunSchema> {
  return {
    state: "queued",
    id: run.id,
    created_at: run.createdAt,
    kind: run.kind,
    label: run.label,
    point_count: run.points,
    done: run.done,
    failed: run.failed,
    running: run.running,
    waiting: run.waiting,
    reported_at: run.reportedAt,
    journal_run_id: run.journalRunId,
  };
}

/** A Plotly figure as the library builds it (the report's own figures): drawn with Plotly.newPlot as it is. */
export const plotlyFigureSchema = z
  .object({
    data: z.array(z.record(z.string(), z.unknown())).meta({ description: "the traces, one per line" }),
    layout: z.record(z.string(), z.unknown()),
  })
  .meta({ description: "the figure the backtest's report draws, with the same colours, names and order" });

export const runFigureIdSchema = z.enum(["equity", "drawdown"]);

const drawableReportSchema = z.object({
  settings: z.object({ series: z.object({ name: z.string(), timeframe: z.string() }), cost_bps: z.number() }),
  lines: z.array(wireBacktestLineSchema),
});

/**
 * A backtest run's figure (GET /api/runs/<id>/figures/<figure>), drawn by the library from the report the journal
 * keeps, as the report file draws it; null when the report holds no lines to draw (an evaluation's run).
 */
export function runFigure(report: unknown, figure: BacktestFigureId): BacktestFigure | null {
  const parsed = drawableReportSchema.safeParse(report);
  if (!parsed.success) return null;
  const { settings, lines } = parsed.data;
  return backtestFigure({ lines, settings: { series: settings.series, costBps: settings.cost_bps } }, figure);
}
