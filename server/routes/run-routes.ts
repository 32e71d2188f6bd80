// Evaluation and backtest runs over HTTP, for the page's History: the runs newest first (all, or one kind), and one
// run with its report (a backtest's lines with their equity curves and its paired tests against always-LONG). The
// routes only translate: query strings into the journal's options, its camelCase answers into the wire's snake_case.
// An unknown id is 404 run_not_found.
import type Router from "@koa/router";
import { z } from "zod";

import { InputError } from "../../src/common/index";
import { JournalError } from "../../src/errors";
import type { EvaluationRunSummary } from "../../src/journal/index";
import type { RouteSettings } from "../app-dependencies";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const MAX_LIST_LIMIT = 100;

export const listRunsQuerySchema = z.strictObject({
  kind: z.enum(["evaluation", "backtest"], { error: "must be evaluation or backtest" }).optional(),
  limit: z
    .string({ error: "must be given once" })
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
        .max(MAX_LIST_LIMIT, `must be at most ${MAX_LIST_LIMIT}`),
    )
    .optional(),
  cursor: z.string({ error: "must be given once" }).max(512, "is too long").optional(),
});

const modelSchema = z.object({ provider: z.string(), model: z.string() });
export const wireRunSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(["evaluation", "backtest"]),
  timeframe: z.string(),
  settings: z.record(z.string(), z.unknown()).meta({ description: "the run's settings as the harness recorded them" }),
  models: z.object({ agent: modelSchema, graph: modelSchema }).nullable().meta({ description: "null: baselines only" }),
  prompt_version: z.string(),
  plugins: z.array(z.object({ name: z.string(), version: z.string() })),
  point_count: z.number().meta({ description: "decision points (an evaluation) or decisions (a backtest)" }),
});

const equityLineSchema = z.object({
  name: z.string().meta({ description: "the graph model's name, buy_and_hold, or a baseline's id" }),
  kind: z.enum(["model", "baseline"]),
  trades: z.number(),
  total_return: z.number().meta({ description: "a fraction: 0.05 is 5%" }),
  sharpe: z.number().nullable().meta({ description: "annualised from the bars' own spacing" }),
  max_drawdown: z.number().meta({ description: "a positive fraction" }),
  hit_rate: z.number().nullable(),
  exposure: z.number(),
  equity: z.array(z.object({ time: z.string(), value: z.number() })),
});
const backtestReportSchema = z.object({
  settings: z.record(z.string(), z.unknown()),
  lines: z.array(equityLineSchema),
  paired: z.array(
    z.object({
      a: z.string(),
      b: z.literal("always_long"),
      n: z.number(),
      a_hits: z.number(),
      b_hits: z.number(),
      a_only: z.number(),
      b_only: z.number(),
      p_value: z.number(),
    }),
  ),
});
export const runsPageAnswerSchema = z.object({
  runs: z.array(wireRunSummarySchema),
  next_cursor: z.string().nullable().meta({ description: "pass as cursor for the next page; null on the last page" }),
});
export const runAnswerSchema = wireRunSummarySchema.extend({
  report: backtestReportSchema
    .nullable()
    .meta({ description: "a backtest's lines and paired tests; null for an evaluation" }),
});

function wireRunSummary(run: EvaluationRunSummary): z.infer<typeof wireRunSummarySchema> {
  return {
    id: run.id,
    created_at: run.createdAt,
    kind: run.kind,
    timeframe: run.timeframe,
    settings: run.settings,
    models: run.models,
    prompt_version: run.promptVersion,
    plugins: run.plugins,
    point_count: run.pointCount,
  };
}

function runId(raw: unknown): string {
  const id = String(raw);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new InputError({ message: `Invalid run id "${id.slice(0, 64)}": use the id a run list answered.` });
  return id;
}

export function createRunRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.get(
    "/runs",
    validated("query", listRunsQuerySchema, async (context, query) => {
      const page = await pipeline.journal.listEvaluationRuns(query);
      context.body = { runs: page.runs.map(wireRunSummary), next_cursor: page.nextCursor };
    }),
  );

  router.get("/runs/:id", async (context) => {
    const id = runId(context.params.id);
    const run = await pipeline.journal.getEvaluationRun(id);
    if (!run) throw new JournalError({ reason: "run_not_found", message: `No run with id ${id} in the journal.` });
    context.body = { ...wireRunSummary(run), report: run.report };
  });

  return router;
}
