// The server's forward test with DATABASE_URL: the rounds are pg-boss's schedule, one a minute in UTC however many
// servers ask (one schedule row for two), and nothing is analysed in the server; a worker's round job sends one entry
// job per active entry (a paused one waits), each for its entry's due bars (forward-queue.test.ts and
// watch-queue.postgres.test.ts prove what an entry job does).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startForwardWatch } from "../../server/forward-watch";
import { createLogger } from "../../server/logger";
import { FORWARD_ENTRY_QUEUE, FORWARD_QUEUES, forwardHandlers } from "../../src/forward/forward-queue";
import { createDatabaseHandle } from "../../src/journal/database-handle";
import { createPipeline } from "../../src/pipeline/pipeline";
import { openJobQueue } from "../../src/queue/job-queue";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "server-watch-pg-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function rows(databaseUrl: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("the server's forward test with DATABASE_URL", () => {
  it("two servers ask pg-boss for one round a minute; a round job sends one job per active entry", async () => {
    const databaseUrl = await postgres.database();
    const database = createDatabaseHandle({ dataDir: scratch, databaseUrl });
    const pipeline = createPipeline(
      { data_dir: scratch, journal: true, database_url: databaseUrl },
      { env: {}, database },
    );
    const messages: string[] = [];
    const logger = createLogger({ write: (line) => messages.push(JSON.parse(line).message as string) });
    const servers = [];
    try {
      for (let index = 0; index < 2; index++)
        servers.push(await startForwardWatch({ pipeline, database, databaseUrl, env: {}, plugins: [], logger }));
      expect(await rows(databaseUrl, "select name, cron, timezone from pgboss.schedule")).toEqual([
        { name: "quantagent-forward-rounds", cron: "* * * * *", timezone: "UTC" },
      ]);
      expect(messages).toEqual([
        "Forward test: a round each minute goes to the workers (quantagent worker) on the job queue",
        "Forward test: a round each minute goes to the workers (quantagent worker) on the job queue",
      ]);

      const store = (await pipeline.journal.open()).watchlist;
      const active = await store.add({ symbol: "BTC-USD", timeframe: "1h" });
      const paused = await store.add({ symbol: "ETH-USD", timeframe: "1h" });
      await store.setStatus(paused.id, "paused", "by hand");
      const queue = await openJobQueue({ databaseUrl, queues: FORWARD_QUEUES });
      try {
        const [round] = forwardHandlers({ pipeline, holder: "worker:1", cacheDir: null });
        await round!.handle({}, { signal: new AbortController().signal, expiresAt: 0, timeoutSeconds: 60, queue });
        const sent = await rows(databaseUrl, `select data from pgboss.job where name = '${FORWARD_ENTRY_QUEUE}'`);
        expect(sent.map((row) => row.data)).toEqual([{ entryId: active.id }]);
      } finally {
        await queue.stop();
      }
      // Nothing was analysed here: the server only schedules.
      expect(await store.decisions(active.id)).toEqual([]);
    } finally {
      for (const server of servers) await server.stop();
      await pipeline.close();
      await database.close();
    }
  });
});
