// The analysis journal over HTTP: the history list (filters and a cursor), one stored analysis, accuracy per group
// (all time, or per day or week for a chart), scoring pending outcomes on demand, and removing an analysis.
// The routes only translate: query strings into the journal's options, its camelCase answers into the wire's
// snake_case (src/wire/journal.ts). The journal validates its options again; an unknown id is 404 analysis_not_found.
import type Router from "@koa/router";
import { z } from "zod";

import { InputError, quoteInput } from "../../src/common/index";
import { JournalError } from "../../src/errors";
import { wireAccuracyOverTime, wireAnalysisSummary, wireJournalStats, wireScoreCounts } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { markBinaryTexts } from "../binary-texts";
import { markCallerOwned } from "../caller-texts";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const MAX_LIST_LIMIT = 500;

/** A query value is text; these read the few numbers and choices the routes take, in plain words. */
const text = z
  .string({ error: "must be given once, as text" })
  .trim()
  .min(1, "must not be empty")
  .max(200, "is too long");
const limit = z
  .string({ error: "must be given once" })
  .regex(/^\d{1,4}$/, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
      .max(MAX_LIST_LIMIT, `must be at most ${MAX_LIST_LIMIT}`),
  );
const horizon = z.enum(["1", "3"], { error: "must be 1 or 3 (bars after the window)" }).transform(Number) as z.ZodType<
  1 | 3,
  string
>;
const groupBy = z.enum(["model", "provider", "asset", "timeframe", "prompt_version"], {
  error: "must be one of model, provider, asset, timeframe, prompt_version",
});
const source = z.enum(["page", "api", "notebook", "cli", "evaluation"], {
  error: "must be one of page, api, notebook, cli, evaluation",
});

const filterShape = {
  asset: text.optional(),
  timeframe: text.optional(),
  model: text.optional(),
  provider: text.optional(),
  source: source.optional(),
};

export const listAnalysesQuerySchema = z.strictObject({
  ...filterShape,
  limit: limit.optional(),
  cursor: z.string({ error: "must be given once" }).max(512, "is too long").optional(),
});
const accuracyQueryShape = {
  ...filterShape,
  group_by: groupBy.default("model"),
  horizon: horizon.optional(),
};
export const statsQuerySchema = z.strictObject({
  ...accuracyQueryShape,
  /** "cutoff": each group also split at its analyses' graph models' training cutoffs. */
  split: z.enum(["cutoff"], { error: 'must be "cutoff"' }).optional(),
});
export const accuracyOverTimeQuerySchema = z.strictObject({
  ...accuracyQueryShape,
  bucket: z.enum(["day", "week"], { error: "must be day or week" }).optional(),
});

/** The id path segment, checked before the journal sees it (the journal checks it too). */
function analysisId(raw: unknown): string {
  const id = String(raw);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new InputError({
      message: `Invalid analysis id ${quoteInput(id)}: use the id a list or an analysis answered.`,
    });
  return id;
}

export function createJournalRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.get(
    "/analyses",
    validated("query", listAnalysesQuerySchema, async (context, query) => {
      const page = await pipeline.journal.list(query);
      // Assets and symbols are callers' text (a CSV's name, a custom symbol): shown as sent (caller-texts.ts).
      markCallerOwned(
        context,
        page.analyses.flatMap((summary) => [summary.asset, summary.symbol]),
      );
      context.body = { analyses: page.analyses.map(wireAnalysisSummary), next_cursor: page.nextCursor };
    }),
  );

  // Before /analyses/:id, so "stats" is not read as an id.
  router.get(
    "/analyses/stats",
    validated("query", statsQuerySchema, async (context, { group_by, ...filter }) => {
      const stats = await pipeline.journal.stats({ ...filter, groupBy: group_by });
      markCallerOwned(
        context,
        stats.groups.map((group) => group.key),
      );
      context.body = wireJournalStats(stats, filter.split);
    }),
  );

  router.get(
    "/analyses/accuracy-over-time",
    validated("query", accuracyOverTimeQuerySchema, async (context, { group_by, ...rest }) => {
      const overTime = await pipeline.journal.accuracyOverTime({ ...rest, groupBy: group_by });
      markCallerOwned(
        context,
        overTime.series.map((series) => series.key),
      );
      context.body = wireAccuracyOverTime(overTime);
    }),
  );

  // Scoring fetches market data for every symbol with pending analyses; it runs once per request, and is not tied
  // to the connection: outcomes fetched should be saved even if the client stops waiting.
  router.post("/analyses/score-outcomes", async (context) => {
    context.body = wireScoreCounts(await pipeline.journal.scoreOutcomes());
  });

  router.get("/analyses/:id", async (context) => {
    const id = analysisId(context.params.id);
    const stored = await pipeline.journal.get(id);
    if (!stored) throw notFound(id);
    markCallerOwned(
      context,
      [stored.asset, stored.asset_name, stored.symbol].filter((text): text is string => typeof text === "string"),
    );
    // The charts as they were answered, put back from their stored bytes.
    markBinaryTexts(
      context,
      [stored.pattern_chart, stored.trend_chart].filter((text): text is string => typeof text === "string"),
    );
    context.body = stored;
  });

  router.delete("/analyses/:id", async (context) => {
    const id = analysisId(context.params.id);
    if (!(await pipeline.journal.delete(id))) throw notFound(id);
    context.body = { success: true, id };
  });

  return router;
}

function notFound(id: string): JournalError {
  return new JournalError({
    reason: "not_found",
    message: `No analysis with id ${quoteInput(id)} in the journal (it may have been deleted).`,
  });
}
