// The shared rate limit on a real PostgreSQL: three processes calling one key through their pipelines stay under the
// configured rate together, measured where it matters (the provider's arrival times); calls go in turn, a saturated
// limit refuses at once with a clear error and gives its reservation back, a cancelled wait gives its token back,
// and different keys (or base URLs) have buckets of their own that never hold the key itself.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { rateLimitBucket } from "../../src/shared-state/rate-limited-chat-model";
import { createSharedRateLimiter, SharedRateLimitError } from "../../src/shared-state/shared-rate-limiter";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { startJournalChild } from "../journal/journal-children";
import { transpileForChild } from "../market/transpile-for-child";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const KEY = "sk-rate-limit-0123456789abcdef";
let server: FakeProviderServer;
let workDir: string;
let childScript: string;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [KEY] });
  workDir = await mkdtemp(path.join(tmpdir(), "rate-limit-"));
  childScript = transpileForChild(path.join(__dirname, "rate-limit-child.ts"), path.join(workDir, "build"));
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function openHandle(): Promise<DatabaseHandle> {
  const handle = createDatabaseHandle({ dataDir: workDir, databaseUrl: await postgres.database() });
  handles.push(handle);
  return handle;
}

describe("the shared rate limit", () => {
  it("holds a key's calls a second across three processes, at the provider", async () => {
    const databaseUrl = await postgres.database();
    const [children, perChild, perMinute, burst] = [3, 10, 600, 2]; // 10 calls a second
    server.reset();
    const started = Array.from({ length: children }, () =>
      startJournalChild(childScript, [
        databaseUrl,
        server.openaiBaseUrl,
        KEY,
        String(perChild),
        String(perMinute),
        String(burst),
      ]),
    );
    await Promise.all(started.map((child) => child.waitForLine((line) => line === "ready", 60_000)));
    for (const child of started) child.send("go");
    await Promise.all(started.map((child) => child.waitForLine((line) => line === "done", 60_000)));
    expect((await Promise.all(started.map((child) => child.exited))).map((exit) => exit.code)).toEqual([0, 0, 0]);

    const arrivals = server.requests.map((request) => request.receivedAt).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(children * perChild);
    const perMs = perMinute / 60_000;
    // In any stretch of time, at most the burst plus what the rate refills, with one call of slack for clock
    // rounding and a generous allowance for delivery: a call is let go on the database's clock and counted when it
    // reaches the provider, so on a busy machine a call let go earlier can arrive together with later ones.
    const deliveryMs = 1000;
    for (let first = 0; first < arrivals.length; first += 1) {
      for (let last = first + 1; last < arrivals.length; last += 1) {
        const calls = last - first + 1;
        expect(calls, `calls ${first}..${last}`).toBeLessThanOrEqual(
          burst + perMs * (arrivals[last]! - arrivals[first]! + deliveryMs) + 1,
        );
      }
    }
    // So the whole set takes at least (calls - burst) / rate, less the same delivery allowance (the first call may
    // reach the provider late); unlimited it would take a few milliseconds.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(
      ((arrivals.length - burst - 1) / perMs) * 0.95 - deliveryMs,
    );
  }, 120_000);

  it("lets calls go in the order they asked, spaced at the rate", async () => {
    const limiter = createSharedRateLimiter({ database: await openHandle() });
    const limit = { requestsPerMinute: 1200, burst: 1 }; // one every 50 ms
    const waits: number[] = [];
    for (let call = 0; call < 4; call += 1)
      waits.push(await limiter.acquire("openai:order", limit, { providerName: "OpenAI" }));
    expect(waits[0]).toBe(0);
    // Each call after the first finds the bucket emptied by its predecessor and waits for one refill or less.
    for (const wait of waits.slice(1)) expect(wait).toBeLessThanOrEqual(50 + 1);
    // Started together, they go one refill apart: in any stretch of time at most the burst plus the refill (and one
    // of slack for the time an answer takes to come back from the database).
    const origin = performance.now();
    const wentAt = await Promise.all(
      Array.from({ length: 8 }, async () => {
        await limiter.acquire("openai:together", limit, { providerName: "OpenAI" });
        return performance.now() - origin;
      }),
    );
    wentAt.sort((a, b) => a - b);
    for (let first = 0; first < wentAt.length; first += 1)
      for (let last = first + 1; last < wentAt.length; last += 1)
        expect(last - first + 1).toBeLessThanOrEqual(limit.burst + (wentAt[last]! - wentAt[first]!) / 50 + 1);
    expect(wentAt.at(-1)! - wentAt[0]!).toBeGreaterThanOrEqual((8 - limit.burst - 1) * 50 * 0.95);
  });

  it("refuses at once, saying what to change, when the queue is longer than a call may wait, and keeps no reservation", async () => {
    const handle = await openHandle();
    const limiter = createSharedRateLimiter({ database: handle, maxWaitMs: 1_000 });
    const limit = { requestsPerMinute: 60, burst: 1 }; // one a second
    expect(await limiter.acquire("openai:full", limit, { providerName: "OpenAI" })).toBe(0);
    const waiting = limiter.acquire("openai:full", limit, { providerName: "OpenAI" }); // waits about a second
    const refusal = await limiter
      .acquire("openai:full", limit, { providerName: "OpenAI" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SharedRateLimitError);
    expect((refusal as SharedRateLimitError).code).toBe("provider_rate_limit");
    expect((refusal as Error).message).toMatch(
      /60 calls a minute.*fewer workers or a lower --concurrency.*RATE_LIMITS/,
    );
    await waiting;
    const { db } = await handle.open();
    const row = await db
      .selectFrom("rate_limit_buckets")
      .selectAll()
      .where("bucket", "=", "openai:full")
      .executeTakeFirstOrThrow();
    // The row holds the tokens as of its last update (refills are counted at the next one): the first call left 0,
    // the waiting one -1; the refused call's reservation, had it been kept, would leave -2.
    expect(row.tokens).toBeGreaterThan(-1.5);
  });

  it("gives the token back when the caller stops waiting", async () => {
    const handle = await openHandle();
    const limiter = createSharedRateLimiter({ database: handle });
    const limit = { requestsPerMinute: 6, burst: 1 }; // one every 10 s
    await limiter.acquire("openai:abort", limit, { providerName: "OpenAI" });
    const controller = new AbortController();
    const waiting = limiter.acquire("openai:abort", limit, { providerName: "OpenAI", signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stopped")), 50);
    await expect(waiting).rejects.toThrow("stopped");
    const { db } = await handle.open();
    const row = await db
      .selectFrom("rate_limit_buckets")
      .selectAll()
      .where("bucket", "=", "openai:abort")
      .executeTakeFirstOrThrow();
    expect(row.tokens).toBeGreaterThan(-0.5); // the reservation (-1) was returned
  });

  it("keeps one bucket per provider, base URL and key, named by a hash that does not contain the key", () => {
    const bucket = rateLimitBucket("openai", undefined, KEY);
    expect(bucket).toMatch(/^openai:[0-9a-f]{32}$/);
    expect(bucket).not.toContain(KEY.slice(3, 12));
    expect(rateLimitBucket("openai", undefined, `${KEY}x`)).not.toBe(bucket);
    expect(rateLimitBucket("openai", "http://127.0.0.1:11434/v1", KEY)).not.toBe(bucket);
    expect(rateLimitBucket("anthropic", undefined, KEY)).not.toBe(bucket);
  });
});
