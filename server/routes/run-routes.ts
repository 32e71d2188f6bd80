// Queued runs over HTTP, for the page's History tab: how far each evaluation queued for workers has got (points done,
// failed, running, waiting), newest first, read from the shared database, so every server behind a proxy answers
// the same. The routes only translate query strings and the library's camelCase into the wire's snake_case.
import type Router from "@koa/router";
import { z } from "zod";

import { InputError } from "../../src/common/index";
import { QueueError } from "../../src/queue/index";
import type { RouteSettings } from "../app-dependencies";
import { validated } from "../middleware/validated";
import { type runsPageAnswerSchema, wireRun } from "../wire";
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
