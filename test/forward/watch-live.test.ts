// startWatch's live rounds (mode once) on an exchange symbol: the real ccxt behind a fake Binance (injected fetch)
// serving bars up to the clock's present, the forming bar included, as Binance does. Proven: a new entry starts at
// the first bar closing after it was added (not its history); a bar is analysed only once closed and settled; a round
// with no new bar fetches nothing; a later round catches up every bar it missed, in order, without a repeat.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { startWatch } from "../../src/forward/start-watch";
import type { WatchEvent } from "../../src/forward/watch-event";
import { createPipeline } from "../../src/pipeline/pipeline";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeBinance } from "../support/fake-exchange";
import { fakeKey } from "../support/fake-key-shapes";

const key = fakeKey("sk-forward-live-", 24);
const MINUTE = 60_000;
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "watch-live-"));
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("live rounds on binance:BTC/USDT", () => {
  it("start at the next close, wait for the settle, fetch nothing between closes, catch up without a repeat", async () => {
    const added = Date.UTC(2025, 5, 20, 10, 20); // 10:20: the 10:00 bar closes at 11:00
    let clock = added;
    const exchange = fakeBinance({ until: () => clock });
    const pipeline = createPipeline(
      { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: scratch, journal: true },
      { env: {}, renderer, fetch: exchange.fetch, now: () => new Date(clock) },
    );
    const journal = await pipeline.journal.open();
    await journal.watchlist.add({ symbol: "binance:BTC/USDT", timeframe: "1h" }, { now: new Date(added) });
    const round = async (at: number) => {
      clock = at;
      const events: WatchEvent[] = [];
      await startWatch({ pipeline, mode: { kind: "once" }, now: () => clock, onEvent: (event) => events.push(event) })
        .done;
      return events.flatMap((event) => (event.type === "decision" ? [new Date(event.barTime).toISOString()] : []));
    };
    const klines = () => exchange.klines().length;

    expect(await round(added + 30 * MINUTE)).toEqual([]); // 10:50: nothing has closed since
    expect(klines()).toBe(0);
    expect(await round(Date.UTC(2025, 5, 20, 11, 1))).toEqual([]); // closed, not settled (2 minutes)
    expect(klines()).toBe(0);
    expect(await round(Date.UTC(2025, 5, 20, 11, 2))).toEqual(["2025-06-20T10:00:00.000Z"]);
    const fetched = klines();
    expect(fetched).toBeGreaterThan(0);
    expect(await round(Date.UTC(2025, 5, 20, 11, 30))).toEqual([]); // the same bar again: nothing, no fetch
    expect(klines()).toBe(fetched);
    // Down for three hours: the round after catches up every bar, in order.
    expect(await round(Date.UTC(2025, 5, 20, 14, 2))).toEqual([
      "2025-06-20T11:00:00.000Z",
      "2025-06-20T12:00:00.000Z",
      "2025-06-20T13:00:00.000Z",
    ]);
    const analyses = await journal.list({ source: "forward" });
    expect(analyses.analyses).toHaveLength(4);
    // The forming 14:00 bar was served by the exchange but never shown: each window ends at its decision bar.
    for (const summary of analyses.analyses) {
      const stored = await journal.get(summary.id);
      const seen = stored!.candles as { time: number }[];
      expect(seen).toHaveLength(45);
      expect(seen.at(-1)!.time).toBeLessThan(Date.UTC(2025, 5, 20, 14));
    }
    await pipeline.close();
  }, 300_000);

  it("leaves an entry another live watcher holds, takes it once given back, and gives it back after its round", async () => {
    const added = Date.UTC(2025, 5, 21, 10, 20);
    const clock = Date.UTC(2025, 5, 21, 11, 2); // the 10:00 bar has closed and settled
    const exchange = fakeBinance({ until: () => clock });
    const pipeline = createPipeline(
      {
        api_key: key,
        openai_base_url: server.openaiBaseUrl,
        max_retries: 0,
        data_dir: path.join(scratch, "held"),
        journal: true,
      },
      { env: {}, renderer, fetch: exchange.fetch, now: () => new Date(clock) },
    );
    try {
      const store = (await pipeline.journal.open()).watchlist;
      const entry = await store.add({ symbol: "binance:BTC/USDT", timeframe: "1h" }, { now: new Date(added) });
      const round = async () => {
        const decided: string[] = [];
        const watch = startWatch({
          pipeline,
          mode: { kind: "once" },
          now: () => clock,
          onEvent: (event) => event.type === "decision" && decided.push(new Date(event.barTime).toISOString()),
        });
        await watch.done;
        return decided;
      };
      // Another watcher (a server beside this `quantagent watch`) is in the middle of the entry's round.
      expect(await store.takeLease(entry.id, "server:1", { now: Date.now(), until: Date.now() + 60_000 })).toBe(true);
      const asked = server.requestCount();
      expect(await round()).toEqual([]);
      expect(server.requestCount()).toBe(asked);
      await store.releaseLease(entry.id, "server:1");
      expect(await round()).toEqual(["2025-06-21T10:00:00.000Z"]);
      // Given back: the other watcher takes it at once.
      expect(await store.takeLease(entry.id, "server:1", { now: Date.now(), until: Date.now() + 60_000 })).toBe(true);
    } finally {
      await pipeline.close();
    }
  }, 300_000);
});
