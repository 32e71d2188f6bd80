// Queued runs over HTTP, for the page's History tab: how far each evaluation queued for workers has got (points done,
// failed, running, waiting), newest first, read from the shared database, so every server behind a proxy answers
// the same. The routes only translate query strings and the library's camelCase into the wire's snake_case.
import type Router from "@koa/router";
import { z } from "zod";

import { InputError } from "../../src/common/index";
import { QueueError, type RunProgress } from "../../src/queue/index";
import type { RouteSettings } from "../app-dependencies";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const MAX_RUNS = 200;

export const listRunsQuerySchema = z.strictObject({
  limit: z
    .string({ error: "must be given once" })
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${MAX_RUNS}`)
    .transform(Number)
    .pipe(z.number().min(1, `must be at least 1`).max(MAX_RUNS, `must be at most ${MAX_RUNS}`))
    .optional(),
  cursor: z.string({ error: "must be given once" }).max(512, "is too long").optional(),
});

export const wireRunSchema = z.object({
  id: z.string(),
  kind: z.string().meta({ description: "what was queued: evaluation" }),
  created_at: z.string(),
  label: z.string().meta({ description: "what the run is: its models, assets and windows" }),
  points: z.number().meta({ description: "decision points in the run, one job each" }),
  done: z.number(),
  failed: z.number().meta({ description: "points whose analysis failed, or whose job gave up after its retries" }),
  running: z.number().meta({ description: "points a worker is on now" }),
  waiting: z.number().meta({ description: "points no worker has started" }),
  reported_at: z.string().nullable().meta({ description: "when a report was first written from the finished run" }),
  journal_run_id: z.string().nullable().meta({ description: "the evaluation run recorded in the journal from it" }),
});
export const runsPageAnswerSchema = z.object({ runs: z.array(wireRunSchema), next_cursor: z.string().nullable() });

function wireRun(run: RunProgress): z.infer<typeof wireRunSchema> {
  return {
    id: run.id,
    kind: run.kind,
    created_at: run.createdAt,
    label: run.label,
    points: run.points,
    done: run.done,
    failed: run.failed,
    running: run.running,
    waiting: run.waiting,
    reported_at: run.reportedAt,
    journal_run_id: run.journalRunId,
  };
}

function runId(raw: unknown): string {
  const id = String(raw);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new InputError({ message: "Invalid run id: use the id quantagent evaluate --queue printed or a list gave." });
  return id;
}

export function createRunRouter(settings: RouteSettings): Router {
  const router = apiRouter();
  const { queuedRuns } = settings;

  router.get(
    "/runs",
    validated("query", listRunsQuerySchema, async (context, query) => {
      const page = queuedRuns ? await queuedRuns.list(query) : { runs: [], nextCursor: null };
      context.body = { runs: page.runs.map(wireRun), next_cursor: page.nextCursor } satisfies z.infer<
        typeof runsPageAnswerSchema
      >;
    }),
  );

  router.get("/runs/:id", async (context) => {
    const id = runId(context.params.id);
    const run = await queuedRuns?.get(id);
    if (!run) throw new QueueError({ reason: "run_not_found", message: `No queued run ${id} in the database.` });
    context.body = wireRun(run);
  });

  return router;
}
