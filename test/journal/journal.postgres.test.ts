// Recording, reading back, listing and deleting analyses, the same suite on SQLite and on a real PostgreSQL.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import type { Journal } from "../../src/journal/journal";
import { JournalError } from "../../src/journal/journal-error";
import { journalIdPattern } from "../../src/journal/journal-id";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { failedEntry, fakePng, laterBars, sampleEntry } from "./journal-fixtures";

async function listAll(journal: Journal, options: Parameters<Journal["list"]>[0] = {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await journal.list({ ...options, cursor });
    ids.push(...page.analyses.map((summary) => summary.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

describe.each(journalEngines)("journal on %s", (engine) => {
  const harness = useJournalEngine(engine);

  it("gives back exactly the answered result, with id, created_at, a null outcome and no lesson", async () => {
    const journal = await harness.open();
    const entry = sampleEntry();
    const recorded = await journal.record(entry);
    expect(recorded.id).toMatch(journalIdPattern);
    expect(new Date(recorded.createdAt).toISOString()).toBe(recorded.createdAt);
    const stored = await journal.get(recorded.id);
    expect(stored).toEqual({
      ...entry.result,
      id: recorded.id,
      created_at: recorded.createdAt,
      outcome: null,
      lesson: null,
    });
    // Same fields in the same order: the chart fields are put back where they were.
    expect(Object.keys(stored ?? {})).toEqual([...Object.keys(entry.result), "id", "created_at", "outcome", "lesson"]);
    expect(await journal.get("01a20470-0000-7000-8000-000000000000")).toBeNull();
  });

  it("keeps everything across a restart: the same list, results, charts, outcomes and statistics", async () => {
    const location = await harness.location();
    const before = await harness.open(location);
    const long = await before.record(sampleEntry({ directive: "LONG" }));
    const short = await before.record(sampleEntry({ directive: "SHORT", charts: { pattern: fakePng(3_000, 7) } }));
    const failed = await before.record(failedEntry());
    const entryTime = sampleEntry().entry!.time;
    expect(await before.recordOutcome(long.id, laterBars(entryTime, [101, 102, 103]))).not.toBeNull();
    const run = await before.recordEvaluationRun({
      settings: { assets: ["BTC"], windows: 1 },
      models: null,
      promptVersion: "v1",
      points: [
        {
          id: "BTC-1-0",
          asset: "BTC",
          window: 1,
          lastBarTime: "2024-06-01T00:00:00Z",
          entryClose: 100,
          directive: null,
          moves: [{ horizon: 1, move: 0.01 }],
        },
      ],
    });
    const snapshot = async (journal: Journal) => ({
      list: await journal.list(),
      results: await Promise.all([long, short, failed].map((recorded) => journal.get(recorded.id))),
      stats: await journal.stats({ groupBy: "model", horizon: 1 }),
      runs: await journal.listEvaluationRuns(),
    });
    const seen = await snapshot(before);
    expect(seen.list.analyses.map((analysis) => analysis.id)).toEqual([failed.id, short.id, long.id]);
    expect(seen.results[0]?.outcome?.[0]?.hit).toBe(true);
    expect(seen.runs.runs.map((stored) => stored.id)).toEqual([run.id]);
    await before.close();

    const after = await harness.open(location);
    expect(await snapshot(after)).toEqual(seen);
  });

  it("stores each chart once, keyed by its SHA-256, and removes it with the last analysis using it", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const shared = fakePng(50_000);
    const first = await journal.record(sampleEntry({ charts: { pattern: shared, trend: shared } }));
    const second = await journal.record(sampleEntry({ charts: { pattern: shared } }));
    const countCharts = async () =>
      Number((await harness.query<{ count: unknown }>(location, "select count(*) as count from charts"))[0]!.count);
    expect(await countCharts()).toBe(2); // the shared one, and the second analysis's own trend chart
    expect(await journal.delete(first.id)).toBe(true);
    expect(await countCharts()).toBe(2); // still used by the second analysis
    expect((await journal.get(second.id))?.pattern_chart).toBe(shared.toString("base64"));
    expect(await journal.delete(second.id)).toBe(true);
    expect(await countCharts()).toBe(0);
    expect(await journal.get(second.id)).toBeNull();
    expect(await journal.delete(second.id)).toBe(false);
  });

  it("keeps a chart that one analysis records while another analysis using it is deleted at the same moment", async () => {
    const journal = await harness.open();
    for (let round = 0; round < 40; round += 1) {
      const chart = fakePng(30_000);
      const old = await journal.record(sampleEntry({ charts: { pattern: chart, trend: chart } }));
      // On PostgreSQL these run on two connections at once; the delete's chart removal races the new reference.
      const [removed, recorded] = await Promise.all([
        journal.delete(old.id),
        journal.record(sampleEntry({ charts: { pattern: chart, trend: chart } })),
      ]);
      expect(removed).toBe(true);
      expect((await journal.get(recorded.id))?.pattern_chart, `round ${round}`).toBe(chart.toString("base64"));
    }
  });

  it("refuses an invalid entry with a message naming each bad field, and writes nothing", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const attempts = [
      {
        entry: sampleEntry({ decision: null }),
        message: /journal entry: error: a run without a decision must say why it failed/,
      },
      {
        entry: sampleEntry({ charts: { pattern: Buffer.from("GIF89a not a png") } }),
        message: /charts\.pattern: is not a PNG image/,
      },
      { entry: { ...sampleEntry(), source: "fax" }, message: /source:/ },
      {
        entry: { ...sampleEntry(), window: { start: "yesterday", end: "2025-03-01T08:00:00Z" } },
        message: /window\.start: must be an ISO 8601 time/,
      },
      { entry: { ...sampleEntry(), result: { value: Number.NaN } }, message: /result\.value/ },
      { entry: { ...sampleEntry(), colour: "red" }, message: /unknown field: colour/ },
    ];
    for (const attempt of attempts) {
      const error = await journal.record(attempt.entry as never).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JournalError);
      expect(error).toMatchObject({ reason: "invalid_input", code: "invalid_journal_input", kind: "input" });
      expect(QuantAgentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(attempt.message);
    }
    expect((await journal.list()).analyses).toEqual([]);
    expect(
      Number((await harness.query<{ count: unknown }>(location, "select count(*) as count from charts"))[0]!.count),
    ).toBe(0);
  });

  it("records a failed run: no decision, its error, no outcome ever", async () => {
    const journal = await harness.open();
    const recorded = await journal.record(failedEntry());
    const [summary] = (await journal.list()).analyses;
    expect(summary).toMatchObject({ id: recorded.id, decision: null, outcome: null, error: { code: "rate_limit" } });
    expect(await journal.get(recorded.id)).toMatchObject({ success: false, outcome: null });
  });

  it("says what each row is and where its outcome stands: done, failed or cancelled; scored, pending, never or none", async () => {
    const journal = await harness.open();
    const T = "2025-03-01T08:00:00.000Z";
    const scored = await journal.record(sampleEntry({ entry: { close: 100, time: T } }));
    await journal.recordOutcome(scored.id, laterBars(T, [101, 102, 103]));
    const market = await journal.record(sampleEntry());
    const csv = await journal.record(sampleEntry({ request: { csv: "<50 lines, 2000 characters>", timeframe: "4h" } }));
    const sample = await journal.record(sampleEntry({ request: { sample: { asset: "BTC", window: 100 } } }));
    const failed = await journal.record(failedEntry());
    const cancelled = await journal.record(
      failedEntry({ error: { code: "cancelled", message: "Cancelled: the server is shutting down." } }),
    );
    const demo = await journal.record(
      sampleEntry({
        models: {
          agent: { provider: "demo", model: "demo", temperature: 0.1 },
          graph: { provider: "demo", model: "demo", temperature: 0.1 },
        },
      }),
    );
    const byId = new Map((await journal.list()).analyses.map((summary) => [summary.id, summary]));
    const facts = (id: string) => {
      const summary = byId.get(id)!;
      return [summary.status, summary.outcomeStatus, summary.demo];
    };
    expect(facts(scored.id)).toEqual(["done", "scored", false]);
    expect(facts(market.id)).toEqual(["done", "pending", false]);
    expect(facts(csv.id)).toEqual(["done", "no_later_bars", false]);
    expect(facts(sample.id)).toEqual(["done", "no_later_bars", false]);
    expect(facts(failed.id)).toEqual(["failed", "none", false]);
    expect(facts(cancelled.id)).toEqual(["cancelled", "none", false]);
    expect(facts(demo.id)).toEqual(["done", "pending", true]);
  });

  it("lists newest first with filters on asset, timeframe, model (either role), provider and source", async () => {
    const journal = await harness.open();
    const btc = await journal.record(sampleEntry());
    const spx = await journal.record(
      sampleEntry({ asset: "SPX", symbol: "^GSPC", timeframe: "1d", source: "notebook" }),
    );
    const claude = await journal.record(
      sampleEntry({
        models: {
          agent: { provider: "anthropic", model: "claude-haiku-4-5-20251001", temperature: 0 },
          graph: { provider: "anthropic", model: "claude-haiku-4-5-20251001", temperature: 0 },
        },
      }),
    );
    const ids = async (options: Parameters<Journal["list"]>[0]) =>
      (await journal.list(options)).analyses.map((summary) => summary.id);
    expect(await ids({})).toEqual([claude.id, spx.id, btc.id]);
    expect(await ids({ asset: "SPX" })).toEqual([spx.id]);
    expect(await ids({ timeframe: "4h" })).toEqual([claude.id, btc.id]);
    expect(await ids({ model: "gpt-4o-mini" })).toEqual([spx.id, btc.id]); // the agent model
    expect(await ids({ model: "claude-haiku-4-5-20251001", asset: "BTC" })).toEqual([claude.id]);
    expect(await ids({ provider: "anthropic" })).toEqual([claude.id]);
    expect(await ids({ source: "notebook" })).toEqual([spx.id]);
    expect(await ids({ asset: "NQ" })).toEqual([]);
    const [summary] = (await journal.list({ asset: "SPX" })).analyses;
    expect(summary).toEqual({
      id: spx.id,
      createdAt: spx.createdAt,
      source: "notebook",
      asset: "SPX",
      symbol: "^GSPC",
      timeframe: "1d",
      windowEnd: "2025-03-01T08:00:00.000Z",
      barCount: 45,
      decision: "LONG",
      riskRewardRatio: 1.5,
      models: { agent: { provider: "openai", model: "gpt-4o-mini" }, graph: { provider: "openai", model: "gpt-4o" } },
      promptVersion: "2025-03-a",
      blind: false,
      costUsd: 0.0123,
      tokens: { input: 5_100, output: 900 },
      error: null,
      status: "done",
      outcome: null,
      outcomeStatus: "pending",
      demo: false,
    });
  });

  it("pages with a cursor that stays stable while analyses are recorded between pages", async () => {
    const journal = await harness.open();
    const recorded: string[] = [];
    for (let index = 0; index < 7; index += 1) recorded.push((await journal.record(sampleEntry())).id);
    const newestFirst = [...recorded].reverse();
    const first = await journal.list({ limit: 3 });
    expect(first.analyses.map((summary) => summary.id)).toEqual(newestFirst.slice(0, 3));
    const added = [(await journal.record(sampleEntry())).id, (await journal.record(sampleEntry())).id];
    const second = await journal.list({ limit: 3, cursor: first.nextCursor ?? undefined });
    expect(second.analyses.map((summary) => summary.id)).toEqual(newestFirst.slice(3, 6));
    await journal.record(sampleEntry());
    const third = await journal.list({ limit: 3, cursor: second.nextCursor ?? undefined });
    expect(third.analyses.map((summary) => summary.id)).toEqual(newestFirst.slice(6));
    expect(third.nextCursor).toBeNull();
    // A fresh listing starts with what was added meanwhile.
    expect((await journal.list({ limit: 3 })).analyses.map((summary) => summary.id).slice(1)).toEqual(
      [...added].reverse(),
    );
    expect(await listAll(journal, { limit: 4 })).toHaveLength(10);
  });

  it("pages 50 by default, at most 500, and refuses a cursor it did not give out", async () => {
    const journal = await harness.open();
    for (let index = 0; index < 52; index += 1) await journal.record(sampleEntry({ charts: {} }));
    const page = await journal.list();
    expect(page.analyses).toHaveLength(50);
    expect((await journal.list({ cursor: page.nextCursor ?? undefined })).analyses).toHaveLength(2);
    await expect(journal.list({ limit: 501 })).rejects.toThrow(/limit: must be at most 500/);
    await expect(journal.list({ cursor: "bm90IGEgY3Vyc29y" })).rejects.toThrow(
      /cursor: not a cursor this journal gave out/,
    );
  });

  it("refuses every call once closed", async () => {
    const journal = await harness.open();
    await journal.close();
    await expect(journal.list()).rejects.toMatchObject({ reason: "closed" });
    await journal.close(); // twice is fine
  });
});
