// Scoring recorded analyses once their later bars are known (fetched, or supplied), on both engines.
import { describe, expect, it } from "vitest";

import type { LaterBarsRequest } from "../../src/journal/score-outcomes";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { failedEntry, laterBars, sampleEntry } from "./journal-fixtures";

const T = "2025-03-01T08:00:00.000Z";
const hours = (count: number) => new Date(Date.parse(T) + count * 3_600_000).toISOString();

describe.each(journalEngines)("outcomes on %s", (engine) => {
  const harness = useJournalEngine(engine);

  it("scores every pending analysis whose later bars are known, one fetch per symbol and timeframe", async () => {
    const journal = await harness.open();
    // BTC bars after T: closes 101 (T+4h), 99 (T+8h), 102 (T+12h), 97 (T+16h), 96 (T+20h).
    const btcBars = laterBars(T, [101, 99, 102, 97, 96]);
    const long = await journal.record(sampleEntry({ directive: "LONG", entry: { close: 100, time: T } }));
    const short = await journal.record(sampleEntry({ directive: "SHORT", entry: { close: 99, time: hours(8) } }));
    const atEnd = await journal.record(sampleEntry({ directive: "LONG", entry: { close: 97, time: hours(16) } }));
    const eth = await journal.record(
      sampleEntry({ symbol: "ETH-USD", asset: "ETH-USD", entry: { close: 3_000, time: T } }),
    );
    await journal.record(failedEntry()); // no decision: never scored, never pending
    const requests: Omit<LaterBarsRequest, "signal">[] = [];
    const fetchLaterBars = async ({ signal, ...request }: LaterBarsRequest) => {
      expect(signal).toBeInstanceOf(AbortSignal);
      requests.push(request);
      if (request.symbol === "ETH-USD") throw new Error("Network Error: Unable to connect");
      return btcBars;
    };
    expect(await journal.scoreOutcomes({ fetchLaterBars })).toEqual({
      scored: 2,
      pending: 1,
      failed: 1,
      callerData: 0,
    });
    expect(requests).toHaveLength(2);
    expect(requests).toContainEqual({ symbol: "BTC-USD", timeframe: "4h", after: T }); // the earliest entry of the group

    // LONG from 100: k=1 101 (+1%, hit), k=3 102 (+2%, hit).
    const longOutcome = (await journal.get(long.id))?.outcome;
    expect(longOutcome?.map((horizon) => [horizon.bars, horizon.hit])).toEqual([
      [1, true],
      [3, true],
    ]);
    expect(longOutcome?.[0]?.return).toBeCloseTo(0.01, 12);
    expect(longOutcome?.[1]?.return).toBeCloseTo(0.02, 12);
    // SHORT from 99 at T+8h: k=1 102 (+3.03% move, miss, return -0.030303), k=3 96 (-3.03% move, hit, +0.030303).
    const shortOutcome = (await journal.get(short.id))?.outcome;
    expect(shortOutcome?.map((horizon) => horizon.hit)).toEqual([false, true]);
    expect(shortOutcome?.[0]?.return).toBeCloseTo(-3 / 99, 12);
    expect(shortOutcome?.[1]?.return).toBeCloseTo(3 / 99, 12);
    // Only two bars after T+16h: not yet scorable. The ETH fetch failed: still pending for the next call.
    expect((await journal.get(atEnd.id))?.outcome).toBeNull();
    expect((await journal.get(eth.id))?.outcome).toBeNull();
    const summaries = (await journal.list()).analyses;
    expect(summaries.find((summary) => summary.id === long.id)?.outcome).toEqual(longOutcome);

    // Later: two more BTC bars arrive (95 at T+24h, 94 at T+28h) and the ETH source is back.
    const moreBars = laterBars(T, [101, 99, 102, 97, 96, 95, 94]);
    const again = await journal.scoreOutcomes({
      fetchLaterBars: async ({ symbol }) => (symbol === "ETH-USD" ? laterBars(T, [3_030, 2_970, 3_000]) : moreBars),
    });
    expect(again).toEqual({ scored: 2, pending: 0, failed: 0, callerData: 0 });
    // LONG from 97 at T+16h: k=1 96 (miss), k=3 94 (miss). ETH LONG from 3000: k=1 3030 (+1%, hit), k=3 3000 flat: miss, 0.
    expect((await journal.get(atEnd.id))?.outcome?.map((horizon) => horizon.hit)).toEqual([false, false]);
    expect((await journal.get(eth.id))?.outcome?.[1]).toEqual({ bars: 3, hit: false, return: 0 });
    // Nothing left: no fetch at all.
    expect(
      await journal.scoreOutcomes({ fetchLaterBars: async () => Promise.reject(new Error("not called")) }),
    ).toEqual({ scored: 0, pending: 0, failed: 0, callerData: 0 });
  });

  it("never fetches for analyses of the caller's own candles or CSV, and counts them apart", async () => {
    const journal = await harness.open();
    const fromCsv = await journal.record(
      sampleEntry({
        request: { csv: "<120 lines, 6000 characters>", timeframe: "4h" },
        symbol: "Uploaded CSV",
        asset: "Uploaded CSV",
      }),
    );
    await journal.record(
      sampleEntry({ request: { candles: "<90 candles>", timeframe: "4h" }, symbol: "My data", asset: "My data" }),
    );
    const fromMarket = await journal.record(sampleEntry({ entry: { close: 100, time: T } }));
    const asked: string[] = [];
    const counts = await journal.scoreOutcomes({
      fetchLaterBars: async ({ symbol }) => {
        asked.push(symbol);
        return laterBars(T, [101, 102, 103]);
      },
    });
    expect(counts).toEqual({ scored: 1, pending: 0, failed: 0, callerData: 2 });
    expect(asked).toEqual(["BTC-USD"]);
    expect((await journal.get(fromMarket.id))?.outcome).not.toBeNull();
    expect((await journal.get(fromCsv.id))?.outcome).toBeNull();
    // Still scorable with the caller's own later bars.
    expect(await journal.recordOutcome(fromCsv.id, laterBars(sampleEntry().entry!.time, [101, 102, 103]))).toHaveLength(
      2,
    );
  });

  it("counts a fetch that answers something other than candles as failed", async () => {
    const journal = await harness.open();
    await journal.record(sampleEntry());
    const counts = await journal.scoreOutcomes({ fetchLaterBars: async () => [{ time: "soon", close: -1 }] as never });
    expect(counts).toEqual({ scored: 0, pending: 0, failed: 1, callerData: 0 });
  });

  it("stops when its signal aborts", async () => {
    const journal = await harness.open();
    await journal.record(sampleEntry());
    const controller = new AbortController();
    const fetchLaterBars = async () => {
      controller.abort(new Error("stopped by the caller"));
      throw new Error("aborted fetch");
    };
    await expect(journal.scoreOutcomes({ fetchLaterBars, signal: controller.signal })).rejects.toThrow("aborted fetch");
    await expect(journal.scoreOutcomes({ fetchLaterBars, signal: controller.signal })).rejects.toThrow(
      "stopped by the caller",
    );
  });

  it("scores one analysis at once from bars supplied directly (a CSV replay), and never rescores it", async () => {
    const journal = await harness.open();
    const replay = await journal.record(
      sampleEntry({ source: "api", directive: "SHORT", entry: { close: 100, time: T } }),
    );
    expect(await journal.recordOutcome(replay.id, laterBars(T, [99, 98]))).toBeNull(); // two bars: pending
    expect((await journal.get(replay.id))?.outcome).toBeNull();
    const outcome = await journal.recordOutcome(replay.id, [
      ...laterBars(hours(-8), [100, 100]),
      ...laterBars(T, [99, 98, 101]),
    ]);
    // SHORT from 100: k=1 99 (-1% move, hit, +0.01), k=3 101 (+1% move, miss, -0.01). Bars before T are ignored.
    expect(outcome?.map((horizon) => horizon.hit)).toEqual([true, false]);
    expect(outcome?.[0]?.return).toBeCloseTo(0.01, 12);
    expect(outcome?.[1]?.return).toBeCloseTo(-0.01, 12);
    expect(await journal.recordOutcome(replay.id, laterBars(T, [200, 200, 200]))).toEqual(outcome);
    expect((await journal.get(replay.id))?.outcome).toEqual(outcome);
    const failed = await journal.record(failedEntry());
    expect(await journal.recordOutcome(failed.id, laterBars(T, [1, 2, 3]))).toBeNull();
    await expect(
      journal.recordOutcome("01a20470-0000-7000-8000-000000000000", laterBars(T, [1, 2, 3])),
    ).rejects.toMatchObject({ reason: "not_found" });
    await expect(journal.recordOutcome(replay.id, [{ time: 1, close: 1 }] as never)).rejects.toMatchObject({
      reason: "invalid_input",
    });
  });
});

// The rules below do not depend on the engine: on SQLite only, to keep the file quick.
describe("outcomes on sqlite: times, grouping and a concurrent scorer", () => {
  const harness = useJournalEngine("sqlite");

  it("stores when it scored (the given clock) and the open time of the bar the outcome was known from", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const recorded = await journal.record(sampleEntry({ entry: { close: 100, time: T } }));
    const counts = await journal.scoreOutcomes({
      fetchLaterBars: async () => laterBars(T, [101, 102, 103, 104]),
      now: () => new Date("2025-03-05T00:00:00.000Z"),
    });
    expect(counts).toEqual({ scored: 1, pending: 0, failed: 0, callerData: 0 });
    const [row] = await harness.query<{ id: string; scored_at: string; outcome_bar_time: string }>(
      location,
      "select id, scored_at, outcome_bar_time from analyses",
    );
    expect(row).toEqual({ id: recorded.id, scored_at: "2025-03-05T00:00:00.000Z", outcome_bar_time: hours(12) });
  });

  it("asks for the bars after the earliest entry of a group, whatever the order the analyses were recorded in", async () => {
    const journal = await harness.open();
    await journal.record(sampleEntry({ entry: { close: 100, time: hours(8) } }));
    await journal.record(sampleEntry({ entry: { close: 100, time: T } }));
    await journal.record(sampleEntry({ entry: { close: 100, time: hours(4) } }));
    await journal.record(sampleEntry({ timeframe: "1d", entry: { close: 100, time: hours(4) } }));
    const asked: Omit<LaterBarsRequest, "signal">[] = [];
    await journal.scoreOutcomes({
      fetchLaterBars: async ({ signal: _signal, ...request }) => {
        asked.push(request);
        return [];
      },
    });
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual({ symbol: "BTC-USD", timeframe: "4h", after: T });
    expect(asked).toContainEqual({ symbol: "BTC-USD", timeframe: "1d", after: hours(4) });
  });

  it("fetches nothing when its signal has aborted before the call", async () => {
    const journal = await harness.open();
    await journal.record(sampleEntry());
    const controller = new AbortController();
    controller.abort(new Error("cancelled before"));
    let fetched = 0;
    await expect(
      journal.scoreOutcomes({
        signal: controller.signal,
        fetchLaterBars: async () => {
          fetched += 1;
          return [];
        },
      }),
    ).rejects.toThrow("cancelled before");
    expect(fetched).toBe(0);
  });

  it("never overwrites an outcome another scorer stored while the bars were being fetched", async () => {
    const journal = await harness.open();
    const recorded = await journal.record(sampleEntry({ directive: "LONG", entry: { close: 100, time: T } }));
    let first: Awaited<ReturnType<typeof journal.recordOutcome>> = null;
    await journal.scoreOutcomes({
      fetchLaterBars: async () => {
        // Another scorer (a CSV replay, another process) gets there first with other bars: all falls.
        first = await journal.recordOutcome(recorded.id, laterBars(T, [90, 80, 70]));
        return laterBars(T, [110, 120, 130]);
      },
    });
    expect(first).not.toBeNull();
    expect((await journal.get(recorded.id))?.outcome).toEqual(first);
    expect((await journal.get(recorded.id))?.outcome?.map((horizon) => horizon.hit)).toEqual([false, false]);
  });

  it("names what is wrong when recording an outcome: the id, the bars, an unknown analysis", async () => {
    const journal = await harness.open();
    const recorded = await journal.record(sampleEntry({ entry: { close: 100, time: T } }));
    await expect(journal.recordOutcome(" ", laterBars(T, [1, 2, 3]))).rejects.toThrow(/^analysis id: /u);
    await expect(journal.recordOutcome(recorded.id, [{ time: 1 }] as never)).rejects.toThrow(/^later bars: /u);
    const unknown = "01a20470-0000-7000-8000-000000000000";
    await expect(journal.recordOutcome(unknown, laterBars(T, [1, 2, 3]))).rejects.toThrow(
      `No analysis with id ${unknown} in the journal.`,
    );
  });
});
