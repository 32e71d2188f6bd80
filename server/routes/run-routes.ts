// Runs over HTTP, for the page's History: one list, newest first, of the evaluations and backtests the journal
// recorded (finished) and the runs still with the workers (queued, with how far each has got, from the shared
// PostgreSQL database, so every server behind a proxy answers the same), merged in src/wire/run-list.ts; `state` asks
// for one source alone. With JOURNAL=off the journal still holds what was recorded before (and what the CLI records):
// listed too. One run by id: the journal's, else the queue's; neither is 404 run_not_found. A backtest run's figures
// are the library's, drawn from its report. The routes only translate query strings and camelCase.
import type Router from "@koa/router";
import { z } from "zod";

import { InputError, quoteInput } from "../../src/common/index";
import { JournalError } from "../../src/errors";
import { listRuns, runFigure, runFigureIdSchema, wireFinishedRun, wireQueuedRun } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const MAX_LIST_LIMIT = 100;

export const listRunsQuerySchema = z.strictObject({
  kind: z.enum(["evaluation", "backtest", "probe"], { error: "must be evaluation, backtest or probe" }).optional(),
  /** Only the journal's finished runs, or only the runs still with the workers (the page's queued-runs card). */
  state: z.enum(["finished", "queued"], { error: "must be finished or queued" }).optional(),
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

function runId(raw: unknown): string {
  const id = String(raw);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new InputError({ message: `Invalid run id "${id.slice(0, 64)}": use the id a run list answered.` });
  return id;
}

export function createRunRouter(settings: RouteSettings): Router {
  const { pipeline, queuedRuns } = settings;
  const router = apiRouter();

  router.get(
    "/runs",
    validated("query", listRunsQuerySchema, async (context, query) => {
      context.body = await listRuns({ journal: pipeline.journal, queuedRuns }, { ...query, limit: query.limit ?? 50 });
    }),
  );

  router.get("/runs/:id", async (context) => {
    const id = runId(context.params.id);
    const finished = await pipeline.journal.getEvaluationRun(id);
    if (finished) {
      context.body = { ...wireFinishedRun(finished), report: finished.report };
      return;
    }
    const queued = await queuedRuns?.get(id);
    if (!queued) throw new JournalError({ reason: "run_not_found", message: `No run with id ${id}.` });
    context.body = wireQueuedRun(queued);
  });

  // A backtest's figure as its report draws it (the library's Plotly JSON), so the page draws the same chart.
  router.get("/runs/:id/figures/:figure", async (context) => {
    const id = runId(context.params.id);
    const figure = runFigureIdSchema.safeParse(context.params.figure);
    if (!figure.success)
      throw new InputError({
        message: `Unknown figure ${quoteInput(context.params.figure)}: use ${runFigureIdSchema.options.join(" or ")}.`,
      });
    const finished = await pipeline.journal.getEvaluationRun(id);
    const drawn = finished && runFigure(finished.report, figure.data);
    if (!drawn) throw new JournalError({ reason: "run_not_found", message: `No backtest run with id ${id}.` });
    context.body = drawn;
  });

  return router;
}
