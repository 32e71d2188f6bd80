// The journal object's own rules, on SQLite alone (journal.test.ts runs the whole journal on both engines; this file
// needs no PostgreSQL cluster): each call reaches its module, the writes (and only they) let the engine do its upkeep
// afterwards, and once closed every call is refused with the journal's location while the database is closed once.
import path from "node:path";

import { describe, expect, it, onTestFinished } from "vitest";

import { createJournal, type Journal } from "../../src/journal/journal";
import { JOURNAL_FILE_NAME, type OpenedDatabase, openJournalDatabase } from "../../src/journal/open-database";
import { type JournalLocation, useJournalEngine } from "./journal-engines";
import { laterBars, sampleEntry } from "./journal-fixtures";

const T = "2025-03-01T08:00:00.000Z";
const evaluationRun = {
  settings: {},
  models: null,
  promptVersion: "v1",
  points: [
    {
      id: "BTC-1-0",
      asset: "BTC",
      window: 1,
      lastBarTime: T,
      entryClose: 100,
      directive: "LONG" as const,
      moves: [{ horizon: 3, move: 0.01 }],
    },
  ],
};
const lesson = (analysisId: string) => ({
  analysisId,
  text: "Held.",
  provider: "openai",
  model: "gpt-4o",
  promptVersion: "v1",
  usage: { inputTokens: 1, outputTokens: 1 },
});

describe("the journal object on sqlite", () => {
  const harness = useJournalEngine("sqlite");

  /** A journal over a migrated database whose upkeep and close are counted, not done (the test closes it). */
  async function counted(): Promise<{
    journal: Journal;
    upkeep: () => number;
    closes: () => number;
    location: JournalLocation;
  }> {
    const location = await harness.location();
    await harness.open(location); // creates and migrates the database
    const opened = await openJournalDatabase(location);
    let upkeep = 0;
    let closes = 0;
    const database: OpenedDatabase = {
      db: opened.db,
      engine: opened.engine,
      location: opened.location,
      afterWrite: () => {
        upkeep += 1;
      },
      close: async () => {
        closes += 1;
      },
    };
    onTestFinished(() => opened.close());
    return { journal: createJournal(database), upkeep: () => upkeep, closes: () => closes, location };
  }

  it("says its engine and its file, and answers each call from the database", async () => {
    const { journal, location } = await counted();
    expect(journal.engine).toBe("sqlite");
    expect(journal.location).toBe(path.resolve(location.dataDir, JOURNAL_FILE_NAME));
    const { id } = await journal.record(sampleEntry({ entry: { close: 100, time: T }, charts: {} }));
    expect((await journal.get(id))?.id).toBe(id);
    expect((await journal.list()).analyses.map((summary) => summary.id)).toEqual([id]);
    expect(await journal.scoreOutcomes({ fetchLaterBars: async () => laterBars(T, [101, 102, 103]) })).toMatchObject({
      scored: 1,
    });
    expect((await journal.stats({ groupBy: "model" })).groups).toMatchObject([{ key: "gpt-4o", scored: 1, hits: 1 }]);
    expect((await journal.accuracyOverTime({ groupBy: "model" })).series).toHaveLength(1);
    expect((await journal.analysesAwaitingLessons()).map((analysis) => analysis.id)).toEqual([id]);
    expect(await journal.saveLesson(lesson(id))).toBe(true);
    expect(
      await journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: "2026-01-01T00:00:00Z", limit: 5 }),
    ).toHaveLength(1);
    const run = await journal.recordEvaluationRun(evaluationRun);
    expect((await journal.listEvaluationRuns()).runs.map((listed) => listed.id)).toEqual([run.id]);
    expect((await journal.getEvaluationRun(run.id))?.id).toBe(run.id);
    expect((await journal.leaderboard({ groupBy: "asset" })).groups).toMatchObject([{ key: "BTC", hits: 1 }]);
    const second = await journal.record(sampleEntry({ entry: { close: 100, time: T }, charts: {} }));
    expect(await journal.recordOutcome(second.id, laterBars(T, [99, 98, 97]))).toMatchObject([
      { bars: 1, hit: false },
      { bars: 3, hit: false },
    ]);
    expect(await journal.delete(second.id)).toBe(true);
    expect(await journal.get(second.id)).toBeNull();
  });

  it("lets the engine do its upkeep after each write, refused ones included, and never after a read", async () => {
    const { journal, upkeep } = await counted();
    const { id } = await journal.record(sampleEntry({ entry: { close: 100, time: T }, charts: {} }));
    expect(upkeep()).toBe(1);
    await journal.get(id);
    await journal.list();
    await journal.stats({ groupBy: "model" });
    await journal.accuracyOverTime({ groupBy: "model" });
    await journal.analysesAwaitingLessons();
    await journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: T, limit: 5 });
    await journal.listEvaluationRuns();
    await journal.getEvaluationRun("none");
    await journal.leaderboard({ groupBy: "model" });
    expect(upkeep()).toBe(1);
    await journal.recordOutcome(id, laterBars(T, [101, 102, 103]));
    expect(upkeep()).toBe(2);
    await journal.scoreOutcomes({ fetchLaterBars: async () => [] });
    expect(upkeep()).toBe(3);
    await journal.saveLesson(lesson(id));
    expect(upkeep()).toBe(4);
    await journal.recordEvaluationRun(evaluationRun);
    expect(upkeep()).toBe(5);
    await journal.delete(id);
    expect(upkeep()).toBe(6);
    await expect(journal.record({ ...sampleEntry(), asset: "" })).rejects.toMatchObject({ reason: "invalid_input" });
    expect(upkeep()).toBe(7);
  });

  it("refuses every call once closed, naming the journal, and closes the database once", async () => {
    const { journal, upkeep, closes } = await counted();
    // A write under way when the journal closes finishes, but asks for no upkeep of a closed database.
    const writing = journal.record(sampleEntry({ charts: {} }));
    await journal.close();
    await writing;
    expect(upkeep()).toBe(0);
    await journal.close();
    expect(closes()).toBe(1);
    const calls: [string, () => Promise<unknown>][] = [
      ["record", () => journal.record(sampleEntry())],
      ["get", () => journal.get("x")],
      ["list", () => journal.list()],
      ["delete", () => journal.delete("x")],
      ["stats", () => journal.stats({ groupBy: "model" })],
      ["accuracyOverTime", () => journal.accuracyOverTime({ groupBy: "model" })],
      ["scoreOutcomes", () => journal.scoreOutcomes({ fetchLaterBars: async () => [] })],
      ["recordOutcome", () => journal.recordOutcome("x", [])],
      ["recallLessons", () => journal.recallLessons({ symbol: "BTC", timeframe: "4h", knownBy: T, limit: 1 })],
      ["analysesAwaitingLessons", () => journal.analysesAwaitingLessons()],
      ["saveLesson", () => journal.saveLesson(lesson("x"))],
      ["recordEvaluationRun", () => journal.recordEvaluationRun(evaluationRun)],
      ["listEvaluationRuns", () => journal.listEvaluationRuns()],
      ["getEvaluationRun", () => journal.getEvaluationRun("x")],
      ["leaderboard", () => journal.leaderboard({ groupBy: "model" })],
    ];
    for (const [name, call] of calls)
      await expect(call(), name).rejects.toMatchObject({
        reason: "closed",
        message: `The journal ${journal.location} was closed; open it again to use it.`,
      });
    expect(upkeep()).toBe(0);
  });
});
