// The forward test beside the server without DATABASE_URL (server/forward-watch.ts), on a replayed series so its
// rounds come at once: the watchlist's entries are analysed on a pipeline of the watch's own, which takes the server's
// settings as they stand at each round (a key saved after a failed round counts at the next) while the server's own
// pipeline never sees an entry's models; each decision is a log line. With WATCH=off, or the journal off, runServer
// starts no watch (forward-watch.postgres.test.ts: with DATABASE_URL the rounds are scheduled for workers instead).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startForwardWatch } from "../../server/forward-watch";
import { createLogger, type Logger } from "../../server/logger";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";

const key = fakeKey("sk-server-watch-", 24);
const wrongKey = fakeKey("sk-server-wrong-", 24);
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
// 48 bars of 4h: decisions at bars 44 to 47 (window 45).
const candles = candlesFromCloses(wavyCloses(48, 9));

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "server-watch-"));
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The server's watch of `main`'s watchlist, on the series replayed at once, until its last bar. */
async function replayBesideServer(main: Pipeline, database: DatabaseHandle, logger: Logger) {
  const watch = await startForwardWatch({
    pipeline: main,
    database,
    databaseUrl: undefined,
    env: {},
    plugins: [],
    logger,
    mode: { kind: "replay", candles, timeframe: "4h", speed: 1e9 },
  });
  await watch.done;
  await watch.stop();
}

describe("the server's forward test without DATABASE_URL", () => {
  it("analyses the watchlist on its own pipeline with the server's settings of each round, and logs each decision", async () => {
    const dataDir = path.join(scratch, "data");
    const database = createDatabaseHandle({ dataDir });
    const main = createPipeline(
      { api_key: wrongKey, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: dataDir, journal: true },
      { env: {}, renderer, database },
    );
    try {
      const store = (await main.journal.open()).watchlist;
      const entry = await store.add({
        symbol: "BTC-USD",
        timeframe: "4h",
        models: { agent: "gpt-4.1-mini", graph: "gpt-4.1-mini" },
      });
      const lines: { line: string; mainModels: string }[] = [];
      const logger = createLogger({
        write: (line) => {
          lines.push({ line, mainModels: `${main.config.agent_llm_model} ${main.config.graph_llm_model}` });
          // The first round fails on the wrong key; the key saved now (as Settings would) counts at the next round.
          if (line.includes("failed")) main.updateApiKey(key);
        },
      });
      await replayBesideServer(main, database, logger);

      const text = lines.map(({ line }) => JSON.parse(line).message as string);
      const at = (bar: number) => new Date(candles[bar]!.time).toISOString();
      expect(text.filter((message) => /failed/.test(message))).toHaveLength(1);
      expect(text[0]).toMatch(new RegExp(`^Forward test: BTC-USD bar ${at(44)}: failed: `));
      expect(text.filter((message) => /: (LONG|SHORT)$/.test(message))).toEqual(
        [44, 45, 46, 47].map((bar) => {
          const directive = candles[bar]!.close >= candles[bar - 3]!.close ? "LONG" : "SHORT";
          return `Forward test: BTC-USD bar ${at(bar)}: ${directive}`;
        }),
      );
      expect((await store.decisions(entry.id)).map((decision) => decision.barTime)).toEqual(
        [44, 45, 46, 47].map((bar) => candles[bar]!.time),
      );
      // The entry's model was the one asked; the server's own pipeline kept its model all along.
      const asked = new Set(server.requests.map((request) => request.summary.model));
      expect([...asked]).toEqual(["gpt-4.1-mini"]);
      expect(lines.every(({ mainModels }) => mainModels === "gpt-4o-mini gpt-4o")).toBe(true);
      expect(main.config.agent_llm_model).toBe("gpt-4o-mini");
      expect(JSON.stringify(lines)).not.toContain(key);
    } finally {
      await main.close();
      await database.close();
    }
  });

  it.each([
    ["no key yet", {}],
    ["the demo provider", { agent_llm_provider: "demo", graph_llm_provider: "demo" }],
  ] as const)("runs no round with %s: nothing asked, nothing failed, nothing recorded", async (_, config) => {
    server.reset();
    const dataDir = path.join(scratch, `idle-${Object.keys(config).length}`);
    const database = createDatabaseHandle({ dataDir });
    const main = createPipeline(
      { openai_base_url: server.openaiBaseUrl, data_dir: dataDir, journal: true, ...config },
      { env: {}, renderer, database },
    );
    try {
      const store = (await main.journal.open()).watchlist;
      const entry = await store.add({ symbol: "BTC-USD", timeframe: "4h" });
      const messages: string[] = [];
      await replayBesideServer(main, database, createLogger({ write: (line) => messages.push(line) }));
      expect(server.requests).toHaveLength(0);
      expect(messages).toEqual([]);
      expect(await store.decisions(entry.id)).toEqual([]);
      expect((await store.get(entry.id))?.failures).toBe(0);
    } finally {
      await main.close();
      await database.close();
    }
  });

  it("holds the rounds to the server's max_cost_per_day (MAX_COST_PER_DAY): over it, nothing is asked and the log says why", async () => {
    server.reset();
    const dataDir = path.join(scratch, "capped");
    const database = createDatabaseHandle({ dataDir });
    const main = createPipeline(
      {
        api_key: key,
        openai_base_url: server.openaiBaseUrl,
        data_dir: dataDir,
        journal: true,
        max_cost_per_day: 0,
      },
      { env: {}, renderer, database },
    );
    try {
      await (await main.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
      const messages: string[] = [];
      const logger = createLogger({ write: (line) => messages.push(JSON.parse(line).message as string) });
      await replayBesideServer(main, database, logger);
      expect(server.requests).toHaveLength(0);
      expect(messages.length).toBeGreaterThan(0);
      expect(
        messages.every((message) => /^Forward test: Stopped for \d{4}-\d\d-\d\d: max_cost_per_day \$0/.test(message)),
      ).toBe(true);
    } finally {
      await main.close();
      await database.close();
    }
  });
});
