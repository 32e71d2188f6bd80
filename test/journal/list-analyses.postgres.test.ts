// The history list's summaries, column by column, on SQLite (the query is the same on both engines; journal.test.ts
// runs both): each field as recorded, a failed run's nulls, the blind flag, a missing price, an outcome, the demo
// label in either role, the default page, and the options refused by name.
import { describe, expect, it } from "vitest";

import { listAnalyses } from "../../src/journal/list-analyses";
import { MAX_PAGE_SIZE } from "../../src/journal/list-cursor";
import { openJournalDatabase } from "../../src/journal/open-database";
import { useJournalEngine } from "./journal-engines";
import { failedEntry, laterBars, sampleEntry } from "./journal-fixtures";

const demo = { provider: "demo", model: "demo", temperature: 0 };

describe("listAnalyses on sqlite", () => {
  const harness = useJournalEngine("sqlite");

  it("gives each column of a recorded analysis under its summary name", async () => {
    const journal = await harness.open();
    const T = "2025-03-01T08:00:00.000Z";
    const blind = await journal.record(
      sampleEntry({ blind: true, costUsd: null, directive: "SHORT", entry: { close: 100, time: T }, charts: {} }),
    );
    // A SHORT: the return is the move turned round.
    await journal.recordOutcome(blind.id, laterBars(T, [99, 101, 100.5]));
    const failed = await journal.record(
      failedEntry({ window: null, entry: null, barCount: 0, source: "cli", request: { csv: "<1 line>" } }),
    );
    const pending = await journal.record(sampleEntry({ charts: {} }));
    const [pendingSummary, failedSummary, blindSummary] = (await journal.list()).analyses;
    // A decision not yet scored, on a market's bars: waiting for them.
    expect(pendingSummary).toMatchObject({ id: pending.id, decision: "LONG", outcome: null, outcomeStatus: "pending" });
    expect(blindSummary).toStrictEqual({
      id: blind.id,
      createdAt: blind.createdAt,
      source: "api",
      asset: "BTC",
      symbol: "BTC-USD",
      timeframe: "4h",
      windowEnd: "2025-03-01T08:00:00.000Z",
      barCount: 45,
      decision: "SHORT",
      riskRewardRatio: 1.5,
      models: { agent: { provider: "openai", model: "gpt-4o-mini" }, graph: { provider: "openai", model: "gpt-4o" } },
      promptVersion: "2025-03-a",
      blind: true,
      costUsd: null,
      tokens: { input: 5_100, output: 900 },
      error: null,
      status: "done",
      outcome: [
        { bars: 1, hit: true, return: expect.closeTo(0.01, 12) },
        { bars: 3, hit: false, return: expect.closeTo(-0.005, 12) },
      ],
      outcomeStatus: "scored",
      demo: false,
    });
    expect(failedSummary).toStrictEqual({
      id: failed.id,
      createdAt: failed.createdAt,
      source: "cli",
      asset: "BTC",
      symbol: "BTC-USD",
      timeframe: "4h",
      windowEnd: null,
      barCount: 0,
      decision: null,
      riskRewardRatio: null,
      models: { agent: { provider: "openai", model: "gpt-4o-mini" }, graph: { provider: "openai", model: "gpt-4o" } },
      promptVersion: "2025-03-a",
      blind: false,
      costUsd: 0.0123,
      tokens: { input: 5_100, output: 900 },
      error: { code: "rate_limit", message: "Rate Limit Exceeded: You've hit the OpenAI API rate limit." },
      status: "failed",
      outcome: null,
      outcomeStatus: "none",
      demo: false,
    });
  });

  it("labels an analysis demo when either role used the demo provider", async () => {
    const journal = await harness.open();
    const graphOnly = await journal.record(sampleEntry({ models: { ...sampleEntry().models, graph: demo } }));
    const agentOnly = await journal.record(sampleEntry({ models: { ...sampleEntry().models, agent: demo } }));
    const neither = await journal.record(sampleEntry());
    const labels = new Map((await journal.list()).analyses.map((summary) => [summary.id, summary.demo]));
    expect([labels.get(graphOnly.id), labels.get(agentOnly.id), labels.get(neither.id)]).toEqual([true, true, false]);
  });

  it("gives the first page of 50 when called without options, and a page of one or of the most", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    for (let index = 0; index < 51; index += 1) await journal.record(sampleEntry({ charts: {} }));
    const opened = await openJournalDatabase(location);
    try {
      const page = await listAnalyses(opened.db);
      expect(page.analyses).toHaveLength(50);
      expect(page.nextCursor).not.toBeNull();
      expect((await listAnalyses(opened.db, { limit: 1 })).analyses).toHaveLength(1);
      expect(MAX_PAGE_SIZE).toBe(500);
      const most = await listAnalyses(opened.db, { limit: MAX_PAGE_SIZE });
      expect([most.analyses.length, most.nextCursor]).toEqual([51, null]);
    } finally {
      await opened.close();
    }
  });

  it("names the options it refuses: a page of none, of a fraction or above the most, a cursor too long", async () => {
    const journal = await harness.open();
    for (const [options, message] of [
      [{ limit: 0 }, /^list options: limit: /u],
      [{ limit: 2.5 }, /^list options: limit: /u],
      [{ limit: 501 }, /^list options: limit: must be at most 500$/u],
      [{ cursor: "x".repeat(513) }, /^list options: cursor: /u],
      [{ colour: "red" }, /^list options: unknown field: /u],
      [{ asset: " " }, /^list options: asset: must not be empty$/u],
    ] as const)
      await expect(journal.list(options as never)).rejects.toMatchObject({
        reason: "invalid_input",
        message: expect.stringMatching(message),
      });
    // The longest cursor is read, and refused only because the journal did not give it out.
    await expect(journal.list({ cursor: "x".repeat(512) })).rejects.toThrow(/^cursor: not a cursor this journal/u);
  });
});
