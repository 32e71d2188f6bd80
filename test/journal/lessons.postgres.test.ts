// The memory stage's lessons in the journal, on SQLite and PostgreSQL: written only for scored analyses, once each;
// recalled by market, timeframe and the time their outcome was known (never later than asked), newest first;
// removed with their analysis.
import { describe, expect, it } from "vitest";

import type { Journal } from "../../src/journal/journal";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { sampleEntry } from "./journal-fixtures";

const HOUR = 3_600_000;
const start = Date.UTC(2025, 2, 1);
const at = (bar: number) => new Date(start + bar * 4 * HOUR).toISOString();
/** Bars after the entry at bar `entry`: closes rising by 1. */
const barsAfter = (entry: number, count = 3) =>
  Array.from({ length: count }, (_, index) => ({
    time: start + (entry + 1 + index) * 4 * HOUR,
    open: 100,
    high: 110,
    low: 90,
    close: 101 + index,
    volume: 1,
  }));

async function scoredAnalysis(journal: Journal, entryBar: number, symbol = "BTC-USD", timeframe = "4h") {
  const { id } = await journal.record(
    sampleEntry({
      symbol,
      timeframe,
      window: { start: at(entryBar - 44), end: at(entryBar) },
      entry: { close: 100, time: at(entryBar) },
    }),
  );
  await journal.recordOutcome(id, barsAfter(entryBar));
  return id;
}

const lesson = (analysisId: string, text = `Lesson on ${analysisId}`) => ({
  analysisId,
  text,
  provider: "openai",
  model: "gpt-4o",
  promptVersion: "2",
  usage: { inputTokens: 10, outputTokens: 5 },
});

describe.each(journalEngines)("lessons on %s", (engine) => {
  const harness = useJournalEngine(engine);

  it("are recalled only once their outcome was known, newest first, at most the limit", async () => {
    const journal = await harness.open();
    const early = await scoredAnalysis(journal, 50); // outcome known from bar 53
    const late = await scoredAnalysis(journal, 52); // from bar 55
    expect(await journal.saveLesson(lesson(early))).toBe(true);
    expect(await journal.saveLesson(lesson(late))).toBe(true);
    const recall = (knownBy: number, limit = 10) =>
      journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: at(knownBy), limit });
    expect(await recall(52)).toEqual([]);
    expect((await recall(53)).map((found) => found.analysisId)).toEqual([early]);
    expect((await recall(54)).map((found) => found.analysisId)).toEqual([early]);
    expect((await recall(55)).map((found) => found.analysisId)).toEqual([late, early]);
    expect((await recall(90, 1)).map((found) => found.analysisId)).toEqual([late]);
    expect((await recall(55))[0]).toMatchObject({
      windowEnd: at(52),
      decision: "LONG",
      outcomeBarTime: at(55),
      text: `Lesson on ${late}`,
      outcome: [
        { bars: 1, hit: true },
        { bars: 3, hit: true },
      ],
    });
    // Another market or timeframe has none.
    expect(await journal.recallLessons({ symbol: "ETH-USD", timeframe: "4h", knownBy: at(90), limit: 5 })).toEqual([]);
    expect(await journal.recallLessons({ symbol: "BTC-USD", timeframe: "1h", knownBy: at(90), limit: 5 })).toEqual([]);
  });

  it("are written once per analysis, only once it is scored, and shown with it", async () => {
    const journal = await harness.open();
    const scored = await scoredAnalysis(journal, 50);
    const { id: pending } = await journal.record(sampleEntry());
    expect((await journal.analysesAwaitingLessons()).map((analysis) => analysis.id)).toEqual([scored]);
    await expect(journal.saveLesson(lesson(pending))).rejects.toMatchObject({ reason: "invalid_input" });
    await expect(journal.saveLesson(lesson("no-such-analysis"))).rejects.toMatchObject({ reason: "not_found" });
    await expect(journal.saveLesson(lesson(scored, " "))).rejects.toMatchObject({ reason: "invalid_input" });
    await expect(journal.saveLesson(lesson(scored, "x".repeat(601)))).rejects.toMatchObject({
      reason: "invalid_input",
    });
    expect(await journal.saveLesson(lesson(scored, "first"))).toBe(true);
    expect(await journal.saveLesson(lesson(scored, "second"))).toBe(false);
    expect((await journal.get(scored))?.lesson).toMatchObject({ text: "first", model: "gpt-4o" });
    expect((await journal.get(pending))?.lesson).toBeNull();
    expect(await journal.analysesAwaitingLessons()).toEqual([]);
    expect(await journal.analysesAwaitingLessons({ ids: [] })).toEqual([]);
  });

  it("go with their analysis when it is deleted", async () => {
    const journal = await harness.open();
    const id = await scoredAnalysis(journal, 50);
    await journal.saveLesson(lesson(id));
    expect(await journal.delete(id)).toBe(true);
    expect(await journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: at(90), limit: 5 })).toEqual([]);
  });

  it("date an outcome scored before its bar time was recorded by when it was scored", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const id = await scoredAnalysis(journal, 50);
    await harness.query(
      location,
      `update analyses set outcome_bar_time = null, scored_at = '${at(70)}' where id = '${id}'`,
    );
    await journal.saveLesson(lesson(id));
    const recall = (bar: number) =>
      journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: at(bar), limit: 5 });
    expect(await recall(69)).toEqual([]);
    expect((await recall(70)).map((found) => found.analysisId)).toEqual([id]);
  });
});

// What a reflection is handed and where a lesson is filed: the same statements on both engines, so on SQLite only.
describe("lessons on sqlite: what a reflection is given, and the scope of a lesson", () => {
  const harness = useJournalEngine("sqlite");

  it("hands each scored analysis without a lesson, oldest window first, with what a reflection needs", async () => {
    const journal = await harness.open();
    const later = await scoredAnalysis(journal, 60);
    const earlier = await scoredAnalysis(journal, 50, "ETH-USD", "1d");
    const awaiting = await journal.analysesAwaitingLessons();
    expect(awaiting.map((analysis) => analysis.id)).toEqual([earlier, later]);
    const decision = sampleEntry().decision!;
    expect(awaiting[0]).toEqual({
      id: earlier,
      asset: "BTC",
      symbol: "ETH-USD",
      timeframe: "1d",
      windowEnd: at(50),
      decision: "LONG",
      forecastHorizon: decision.forecastHorizon,
      justification: decision.justification,
      riskRewardRatio: 1.5,
      reports: { indicator: "RSI 61, MACD above signal.", pattern: "Ascending triangle.", trend: "Upward." },
      entryClose: 100,
      outcome: [
        { bars: 1, hit: true, return: expect.closeTo(0.01, 12) },
        { bars: 3, hit: true, return: expect.closeTo(0.03, 12) },
      ],
    });
    expect((await journal.analysesAwaitingLessons({ limit: 1 })).map((analysis) => analysis.id)).toEqual([earlier]);
    expect((await journal.analysesAwaitingLessons({ ids: [later] })).map((analysis) => analysis.id)).toEqual([later]);
    expect(await journal.analysesAwaitingLessons({ ids: [] })).toEqual([]);
    await expect(journal.analysesAwaitingLessons({ ids: [" "] })).rejects.toMatchObject({ reason: "invalid_input" });
  });

  it("files a lesson under its scope when given, else under the analysis's symbol", async () => {
    const journal = await harness.open();
    const scoped = await scoredAnalysis(journal, 50);
    const plain = await scoredAnalysis(journal, 51);
    expect(await journal.saveLesson({ ...lesson(scoped), scope: " Crypto " })).toBe(true);
    expect(await journal.saveLesson(lesson(plain))).toBe(true);
    const recall = (symbol: string) => journal.recallLessons({ symbol, timeframe: "4h", knownBy: at(90), limit: 5 });
    expect((await recall("Crypto")).map((found) => found.analysisId)).toEqual([scoped]);
    expect((await recall("BTC-USD")).map((found) => found.analysisId)).toEqual([plain]);
  });

  it("refuses a recall query out of bounds before reading anything", async () => {
    const journal = await harness.open();
    const query = { symbol: "BTC-USD", timeframe: "4h", knownBy: at(90), limit: 50 };
    expect(await journal.recallLessons(query)).toEqual([]);
    for (const bad of [
      { limit: 0 },
      { limit: 51 },
      { limit: 1.5 },
      { symbol: " " },
      { symbol: "x".repeat(201) },
      { timeframe: "" },
      { timeframe: "x".repeat(11) },
      { knownBy: "2025-03-01" },
    ]) {
      await expect(journal.recallLessons({ ...query, ...bad }), JSON.stringify(bad)).rejects.toMatchObject({
        reason: "invalid_input",
      });
    }
  });

  it("trims what it stores, and names what is wrong in each refusal", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const scored = await scoredAnalysis(journal, 50);
    expect(
      await journal.saveLesson({ ...lesson(scored), provider: " openai ", model: " gpt-4o ", promptVersion: " v2 " }),
    ).toBe(true);
    expect((await journal.get(scored))?.lesson?.model).toBe("gpt-4o");
    expect(await harness.query(location, "select provider, model, prompt_version from lessons")).toEqual([
      { provider: "openai", model: "gpt-4o", prompt_version: "v2" },
    ]);
    const found = await journal.recallLessons({ symbol: " BTC-USD ", timeframe: " 4h ", knownBy: at(90), limit: 5 });
    expect(found.map((recalled) => recalled.analysisId)).toEqual([scored]);

    const other = await scoredAnalysis(journal, 51);
    for (const field of ["provider", "model", "promptVersion"]) {
      await expect(journal.saveLesson({ ...lesson(other), [field]: " " }), field).rejects.toThrow(
        new RegExp(`^lesson: ${field}: `, "u"),
      );
    }
    await expect(journal.saveLesson(lesson(other, " "))).rejects.toThrow(/^lesson: text: must not be empty$/u);
    await expect(journal.saveLesson(lesson(other, "x".repeat(601)))).rejects.toThrow(
      /^lesson: text: must be at most 600 characters$/u,
    );
    const unknown = "01a20470-0000-7000-8000-000000000000";
    await expect(journal.saveLesson(lesson(unknown))).rejects.toThrow(`No analysis with id ${unknown} in the journal.`);
    const { id: pending } = await journal.record(sampleEntry());
    await expect(journal.saveLesson(lesson(pending))).rejects.toThrow(
      `Analysis ${pending} has no scored outcome yet: a lesson is written once its outcome is known.`,
    );
    await expect(
      journal.recallLessons({ symbol: "BTC-USD", timeframe: "4h", knownBy: at(90), limit: 0 }),
    ).rejects.toThrow(/^lesson recall: limit: /u);
    await expect(journal.analysesAwaitingLessons({ ids: [" "] })).rejects.toThrow(/^analysis id: /u);
  });

  it("refuses a lesson about a scored analysis that has no window, instead of failing in the database", async () => {
    const journal = await harness.open();
    const { id } = await journal.record(sampleEntry({ window: null, entry: { close: 100, time: at(50) } }));
    expect(await journal.recordOutcome(id, barsAfter(50))).not.toBeNull();
    await expect(journal.saveLesson(lesson(id))).rejects.toMatchObject({
      reason: "invalid_input",
      message: `Analysis ${id} has no scored outcome yet: a lesson is written once its outcome is known.`,
    });
    expect(await journal.analysesAwaitingLessons()).toEqual([]);
  });
});
