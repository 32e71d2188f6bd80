// A token bucket per provider key in PostgreSQL, so every server and worker using one key stays under one limit
// together: adding workers spreads the calls instead of multiplying them into 429s.
//
// How a call gets its turn: one UPDATE refills the bucket for the time since its last update (on the database's
// clock, so machines with skewed clocks agree), takes a token, and answers the tokens left. At zero or more the call
// goes at once; below zero the token is reserved and the call waits until the refill reaches it (-tokens / rate
// seconds), so calls go in the order they asked, spaced at the configured rate, with one round trip each. A call
// that would wait longer than `maxWaitMs`, or whose signal aborts while it waits, gives its token back.
import { type Kysely, sql } from "kysely";

import { QuantAgentError } from "../common/quantagent-error";
import type { RateLimit } from "../config/rate-limits";
import type { DatabaseHandle } from "../journal/database-handle";
import type { JournalDatabase } from "../journal/database-schema";

/** The shared limit has more calls waiting than it lets through in `maxWaitMs`: too many workers for the rate. */
export class SharedRateLimitError extends QuantAgentError {
  override name = "SharedRateLimitError";
  constructor(options: { providerName: string; limit: RateLimit; waitMs: number; maxWaitMs: number }) {
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    super({
      // A rate limit like the provider's own: retried by queued jobs, 503 over HTTP.
      code: "provider_rate_limit",
      kind: "provider",
      message:
        `Rate Limit Exceeded: the shared limit for this ${options.providerName} key ` +
        `(${options.limit.requestsPerMinute} calls a minute) has a queue of calls that would take ` +
        `${seconds(options.waitMs)} to clear, longer than the ${seconds(options.maxWaitMs)} a call may wait. ` +
        "Run fewer workers or a lower --concurrency, or raise the key's limit in RATE_LIMITS if your plan allows it.",
      details: { waitMs: Math.round(options.waitMs) },
    });
  }
}

export interface SharedRateLimiterOptions {
  database: DatabaseHandle;
  /** The longest a call waits for its turn before giving up with SharedRateLimitError. @default 60000 */
  maxWaitMs?: number;
  /** Pauses; tests and benchmarks use the real clock. @default setTimeout with the signal */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface SharedRateLimiter {
  /** Waits for a token of `bucket` (at most maxWaitMs); answers how long it waited, in milliseconds. */
  acquire(bucket: string, limit: RateLimit, options: { providerName: string; signal?: AbortSignal }): Promise<number>;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Takes one token (a reservation when the bucket is empty) and answers the tokens left; creates the bucket full. */
async function takeToken(db: Kysely<JournalDatabase>, bucket: string, limit: RateLimit): Promise<number> {
  const perSecond = limit.requestsPerMinute / 60;
  const now = sql<number>`extract(epoch from clock_timestamp())::double precision`;
  const result = await sql<{ tokens: number }>`
    insert into rate_limit_buckets as current (bucket, tokens, updated_at)
    values (${bucket}, ${limit.burst - 1}, ${now})
    on conflict (bucket) do update set
      tokens = least(${limit.burst}::double precision,
                     current.tokens + (excluded.updated_at - current.updated_at) * ${perSecond}::double precision) - 1,
      updated_at = excluded.updated_at
    returning tokens`.execute(db);
  return Number(result.rows[0]?.tokens ?? 0);
}

async function giveBack(db: Kysely<JournalDatabase>, bucket: string): Promise<void> {
  await db
    .updateTable("rate_limit_buckets")
    .set((update) => ({ tokens: sql`${update.ref("tokens")} + 1` }))
    .where("bucket", "=", bucket)
    .execute();
}

export function createSharedRateLimiter(options: SharedRateLimiterOptions): SharedRateLimiter {
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? sleepFor;
  return {
    async acquire(bucket, limit, { providerName, signal }) {
      signal?.throwIfAborted();
      const { db } = await options.database.open();
      const tokens = await takeToken(db, bucket, limit);
      if (tokens >= 0) return 0;
      const waitMs = (-tokens / (limit.requestsPerMinute / 60)) * 1000;
      if (waitMs > maxWaitMs) {
        await giveBack(db, bucket);
        throw new SharedRateLimitError({ providerName, limit, waitMs, maxWaitMs });
      }
      try {
        await sleep(waitMs, signal);
      } catch (error) {
        await giveBack(db, bucket).catch(() => undefined);
        throw error;
      }
      return waitMs;
    },
  };
}
