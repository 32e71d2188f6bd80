// The forward test's watchlist over HTTP, for the page's Forward tab: the entries with their status and why one is
// paused, adding one (checked by the store's own schema before anything is written), removing, pausing and resuming
// one, and the live record of an entry's model (its market read to now, the decisions played as a backtest). A
// request starts no paid call: the rounds analyse the entries (forward-watch.ts: this server, its workers, or
// `quantagent watch`), under MAX_COST_PER_DAY.
// An unknown id is 404 watch_entry_not_found; a malformed one 400.
import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";

import { InputError, quoteInput } from "../../src/common/index";
import { liveForwardRecord } from "../../src/forward/index";
import { type WatchEntry, watchEntryInputSchema, watchEntryNotFound } from "../../src/journal/index";
import {
  type removeWatchEntryAnswerSchema,
  type watchEntryAnswerSchema,
  type watchlistAnswerSchema,
  wireForwardRecord,
  wireWatchEntry,
} from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { markCallerOwned } from "../caller-texts";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

const { settleMs, ...entryShape } = watchEntryInputSchema.shape;

/** An entry as the API takes it: the store's schema, in the API's snake_case (settle_ms). */
export const addWatchEntryBodySchema = z
  .strictObject({ ...entryShape, settle_ms: settleMs })
  .refine((input) => (input.symbol === undefined) !== (input.asset === undefined), {
    error: "give one of symbol or asset",
  });

export const pauseWatchEntryBodySchema = z.strictObject({
  reason: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
});

export const resumeWatchEntryBodySchema = z.strictObject({});

/** The id path segment, checked before the journal sees it. */
export const watchEntryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function entryId(raw: unknown): string {
  const id = String(raw);
  if (!watchEntryIdSchema.safeParse(id).success)
    throw new InputError({ message: `Invalid watchlist entry id ${quoteInput(id)}: use the id the watchlist lists.` });
  return id;
}

/** Entries' markets are callers' text: shown as sent, never as "[redacted]" (caller-texts.ts). */
function answerEntry(context: Context, entry: WatchEntry): void {
  markCallerOwned(context, [entry.market]);
  context.body = { success: true, entry: wireWatchEntry(entry) } satisfies z.infer<typeof watchEntryAnswerSchema>;
}

export function createWatchlistRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();
  const watchlist = async () => (await pipeline.journal.open()).watchlist;

  router.get("/watchlist", async (context) => {
    const entries = await (await watchlist()).list();
    markCallerOwned(
      context,
      entries.map((entry) => entry.market),
    );
    context.body = { entries: entries.map(wireWatchEntry) } satisfies z.infer<typeof watchlistAnswerSchema>;
  });

  router.post(
    "/watchlist",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", addWatchEntryBodySchema, async (context, { settle_ms, ...input }) => {
      const entry = await (
        await watchlist()
      ).add({ ...input, ...(settle_ms === undefined ? {} : { settleMs: settle_ms }) });
      answerEntry(context, entry);
    }),
  );

  router.delete("/watchlist/:id", async (context) => {
    const id = entryId(context.params.id);
    if (!(await (await watchlist()).remove(id))) throw watchEntryNotFound(id);
    context.body = { success: true, id } satisfies z.infer<typeof removeWatchEntryAnswerSchema>;
  });

  const setStatus = async (context: Context, status: "active" | "paused", reason?: string) => {
    // The router set the path's parameters; the validated handler's context is Koa's own type, without them.
    const id = entryId((context.params as Record<string, string>).id);
    const store = await watchlist();
    if (!(await store.setStatus(id, status, reason))) throw watchEntryNotFound(id);
    const entry = await store.get(id);
    if (!entry) throw watchEntryNotFound(id); // removed in between
    answerEntry(context, entry);
  };
  router.post(
    "/watchlist/:id/pause",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", pauseWatchEntryBodySchema, (context, body) =>
      setStatus(context, "paused", body.reason ?? "paused by hand"),
    ),
  );
  // Resuming starts the failure count again (three failures in a row pause the entry anew).
  router.post(
    "/watchlist/:id/resume",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", resumeWatchEntryBodySchema, (context) => setStatus(context, "active")),
  );

  router.get("/watchlist/:id/record", async (context) => {
    const id = entryId(context.params.id);
    const record = await liveForwardRecord({ pipeline, entryId: id, now: settings.now().getTime() });
    markCallerOwned(context, [record.entry.market]);
    context.body = wireForwardRecord(record);
  });

  return router;
}
