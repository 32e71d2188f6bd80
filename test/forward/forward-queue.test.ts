// The worker's side of the forward test on a queue, in-process on a SQLite journal (the PostgreSQL run with servers and
// workers as processes is forward-queue.postgres.test.ts): an entry's lease is held by one holder at a time until it
// runs out; an entry job analyses the entry's oldest due bar only under its lease, on the bars closed by its round's
// clock, gives the lease back (also when the round fails) and sends the next due bar as a job of its own; a job another version wrote, or for another entry, does nothing.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { FORWARD_ENTRY_QUEUE, forwardHandlers } from "../../src/forward/forward-queue";
import type { WatchEvent } from "../../src/forward/watch-event";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import type { JobQueue } from "../../src/queue/job-queue";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";

const key = fakeKey("sk-forward-queue-", 24);
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
let csv: string;
const opened: Pipeline[] = [];
// 47 bars of 4h: decisions at bars 44 to 46 (window 45).
const candles = candlesFromCloses(wavyCloses(47, 3));
const BAR_MS = 4 * 3_600_000;
const closeOf = (bar: number) => candles[bar]!.time + BAR_MS;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "forward-queue-"));
  csv = path.join(scratch, "series.csv");
  await writeFile(csv, candlesToCsv(candles));
});
afterAll(async () => {
  await Promise.all(opened.map((pipeline) => pipeline.close()));
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

let folders = 0;
async function watcher() {
  const pipeline = createPipeline(
    {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: path.join(scratch, `data-${++folders}`),
      journal: true,
    },
    { env: {}, renderer },
  );
  opened.push(pipeline);
  const store = (await pipeline.journal.open()).watchlist;
  const entry = await store.add({ symbol: "BTC-USD", timeframe: "4h" });
  const events: WatchEvent[] = [];
  const [, entryHandler] = forwardHandlers({
    pipeline,
    holder: "worker-a:1",
    cacheDir: null,
    onEvent: (event) => events.push(event),
    now: () => 1_000,
  });
  // The jobs the handler sends (the entry's next due bar): kept here, so the test runs them as a worker would.
  const sent: { name: string; data: unknown; expireInSeconds?: number }[] = [];
  const queue = { boss: { insert: async (jobs: typeof sent) => void sent.push(...jobs) } } as unknown as JobQueue;
  const job = (expiresAt = 60_000) => ({ signal: new AbortController().signal, expiresAt, timeoutSeconds: 30, queue });
  const replayJob = (bar: number) => ({ entryId: entry.id, now: closeOf(bar), replay: { csv, timeframe: "4h" } });
  const handle = (data: unknown, at: ReturnType<typeof job>) => entryHandler!.handle(data, at);
  return { pipeline, store, entry, events, handle, job, replayJob, sent };
}

describe("the entry's lease", () => {
  it("one holder at a time until it runs out; the holder renews it; only the holder gives it back", async () => {
    const { store, entry } = await watcher();
    expect(await store.takeLease(entry.id, "a", { now: 0, until: 100 })).toBe(true);
    expect(await store.takeLease(entry.id, "b", { now: 99, until: 200 })).toBe(false); // still a's
    expect(await store.takeLease(entry.id, "a", { now: 99, until: 300 })).toBe(true); // a renews
    expect(await store.takeLease(entry.id, "b", { now: 299, until: 400 })).toBe(false);
    expect(await store.takeLease(entry.id, "b", { now: 300, until: 400 })).toBe(true); // a's ran out
    await store.releaseLease(entry.id, "a"); // not a's any more: nothing changes
    expect(await store.takeLease(entry.id, "a", { now: 301, until: 500 })).toBe(false);
    await store.releaseLease(entry.id, "b");
    expect(await store.takeLease(entry.id, "a", { now: 301, until: 500 })).toBe(true);
    expect(await store.takeLease("no-such-entry", "a", { now: 0, until: 1 })).toBe(false);
  });
});

describe("an entry job on a worker", () => {
  it("analyses one due bar on the bars closed by its clock, sends the next as a job, and gives the lease back", async () => {
    const { store, entry, events, handle, job, replayJob, sent } = await watcher();
    const barTimes = async () => (await store.decisions(entry.id)).map((d) => d.barTime);
    await handle(replayJob(44), job());
    expect(await barTimes()).toEqual([candles[44]!.time]);
    expect(sent).toEqual([]); // nothing more due by bar 44's close
    await handle(replayJob(46), job());
    expect(await barTimes()).toEqual([44, 45].map((bar) => candles[bar]!.time)); // one analysis per job
    expect(sent).toEqual([
      { name: FORWARD_ENTRY_QUEUE, data: replayJob(46), expireInSeconds: 30, retryLimit: 2, retryDelay: 5 },
    ]);
    await handle(sent.pop()!.data, job());
    expect(await barTimes()).toEqual([44, 45, 46].map((bar) => candles[bar]!.time));
    expect(sent).toEqual([]);
    const requests = server.requests.length;
    await handle(replayJob(46), job()); // the same round again: nothing due, nothing asked
    expect(server.requests.length).toBe(requests);
    expect(events.filter((event) => event.type === "decision")).toHaveLength(3);
    // The lease is free again: another holder takes it at once.
    expect(await store.takeLease(entry.id, "worker-b:2", { now: 1_000, until: 2_000 })).toBe(true);
  });

  it("reads a replay's file again once it is written again: a second series at the same path is the one analysed", async () => {
    const { store, entry, handle, job } = await watcher();
    const other = await store.add({ symbol: "ETH-USD", timeframe: "4h" });
    const series = path.join(scratch, "rewritten.csv");
    const momentum = (bars: readonly { close: number }[]) => (bars[44]!.close >= bars[41]!.close ? "LONG" : "SHORT");
    const replayOf = (entryId: string) => ({ entryId, now: closeOf(44), replay: { csv: series, timeframe: "4h" } });
    // The same bar times, the closes turned upside down: the momentum at bar 44 the other way.
    const flipped = candlesFromCloses(wavyCloses(47, 3).map((close) => 200_000 - close));
    expect(momentum(flipped)).not.toBe(momentum(candles));
    await writeFile(series, candlesToCsv(candles));
    await handle(replayOf(entry.id), job());
    await writeFile(series, candlesToCsv(flipped));
    const later = new Date(Date.now() + 5_000); // a later modification time, whatever the clock's grain
    await utimes(series, later, later);
    await handle(replayOf(other.id), job()); // the same worker, its series cache, another entry
    expect((await store.decisions(entry.id)).map((decision) => decision.directive)).toEqual([momentum(candles)]);
    expect((await store.decisions(other.id)).map((decision) => decision.directive)).toEqual([momentum(flipped)]);
  });

  it("does nothing while another worker holds the entry, and the round once the lease has run out", async () => {
    const { store, entry, handle, job, replayJob } = await watcher();
    expect(await store.takeLease(entry.id, "worker-b:2", { now: 0, until: 1_001 })).toBe(true);
    await handle(replayJob(45), job());
    expect(server.requests).toHaveLength(0);
    expect(await store.decisions(entry.id)).toEqual([]);
    // worker-b died: its lease runs out at 1,001; a's clock says 1,000 here, so a later clock is needed.
    expect(await store.takeLease(entry.id, "worker-b:2", { now: 1_000, until: 1_000 })).toBe(true); // b's last renewal
    await handle(replayJob(44), job());
    expect((await store.decisions(entry.id)).map((d) => d.barTime)).toEqual([candles[44]!.time]);
  });

  it("gives the lease back when the round fails, and a job of another shape or another entry does nothing", async () => {
    const { store, entry, handle, job, replayJob } = await watcher();
    const missing = { ...replayJob(45), replay: { csv: path.join(scratch, "no-such.csv"), timeframe: "4h" } };
    await expect(handle(missing, job())).rejects.toThrow(/no-such\.csv/);
    expect(await store.takeLease(entry.id, "worker-b:2", { now: 1_000, until: 2_000 })).toBe(true);
    await store.releaseLease(entry.id, "worker-b:2");
    for (const data of [{}, { entryId: entry.id, now: "soon" }, { ...replayJob(45), extra: 1 }, null])
      await handle(data, job());
    await handle({ ...replayJob(45), entryId: "another-entry" }, job());
    expect(server.requests).toHaveLength(0);
    expect(await store.decisions(entry.id)).toEqual([]);
    expect(FORWARD_ENTRY_QUEUE).toBe("quantagent-forward-entries");
  });
});
