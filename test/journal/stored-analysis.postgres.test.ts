// One recorded analysis by id, on SQLite (the same statements on both engines; journal.test.ts runs both): the id
// trimmed and bounded, each chart put back in the answer fields that held it (a chart gone from the store leaves its
// field as stored), the outcome and the lesson with it, and a removal that keeps the charts other analyses use. This
// file loads stored-analysis.ts before the rest of the journal: saving a lesson then once found the lesson schema
// without its id field (lessons.ts and stored-analysis.ts imported each other; analysis-id.ts broke the cycle).
import { createHash } from "node:crypto";
import path from "node:path";

import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { JOURNAL_FILE_NAME, openJournalDatabase } from "../../src/journal/open-database";
import { getAnalysis } from "../../src/journal/stored-analysis";
import { useJournalEngine } from "./journal-engines";
import { failedEntry, fakePng, laterBars, sampleEntry } from "./journal-fixtures";

describe("stored analyses on sqlite", () => {
  const harness = useJournalEngine("sqlite");

  it("finds an analysis by its id with spaces around, and refuses an empty or overlong id by name", async () => {
    const journal = await harness.open();
    const { id } = await journal.record(sampleEntry({ charts: {} }));
    expect((await journal.get(` ${id} `))?.id).toBe(id);
    await expect(journal.get("")).rejects.toThrow(/^analysis id: must not be empty$/u);
    await expect(journal.get("x".repeat(65))).rejects.toThrow(/^analysis id: is too long$/u);
    await expect(journal.delete(" ")).rejects.toThrow(/^analysis id: must not be empty$/u);
    await expect(journal.delete("x".repeat(65))).rejects.toThrow(/^analysis id: is too long$/u);
    expect(await journal.get("x".repeat(64))).toBeNull();
    expect(await journal.delete(` ${id}\t`)).toBe(true);
    expect(await journal.get(id)).toBeNull();
  });

  it("puts each chart back in every field that held it, and leaves a field alone when its chart was not kept", async () => {
    const journal = await harness.open();
    const pattern = fakePng(400);
    const trend = fakePng(500);
    const base = sampleEntry({ charts: { pattern, trend } });
    const both = await journal.record({
      ...base,
      result: { ...base.result, trend_again: trend.toString("base64"), pattern_again: pattern.toString("base64") },
    });
    const stored = await journal.get(both.id);
    expect(stored).toMatchObject({
      pattern_chart: pattern.toString("base64"),
      trend_chart: trend.toString("base64"),
      trend_again: trend.toString("base64"),
      pattern_again: pattern.toString("base64"),
    });
    // Only the trend chart given: the pattern field's text is not a chart the journal holds, so it stays as sent.
    const trendOnly = sampleEntry({ charts: { trend } });
    const one = await journal.record({ ...trendOnly, charts: { trend } });
    expect(await journal.get(one.id)).toMatchObject({
      pattern_chart: trendOnly.result.pattern_chart,
      trend_chart: trend.toString("base64"),
    });
  });

  it("reads back an analysis whose chart was removed from the store by hand, with that field as stored", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const pattern = fakePng(400);
    const trend = fakePng(500);
    const { id } = await journal.record(sampleEntry({ charts: { pattern, trend } }));
    // Outside the journal, with the foreign key off: the pattern chart's row is gone.
    const raw = new BetterSqlite3(path.join(location.dataDir, JOURNAL_FILE_NAME));
    try {
      raw.pragma("foreign_keys = OFF");
      const sha256 = createHash("sha256").update(pattern).digest("hex");
      expect(raw.prepare("delete from charts where sha256 = ?").run(sha256).changes).toBe(1);
    } finally {
      raw.close();
    }
    expect(await journal.get(id)).toMatchObject({ pattern_chart: null, trend_chart: trend.toString("base64") });
  });

  it("gives the outcome and the lesson with the stored result", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const T = "2025-03-01T08:00:00.000Z";
    const { id } = await journal.record(sampleEntry({ entry: { close: 100, time: T }, charts: {} }));
    await journal.recordOutcome(id, laterBars(T, [102, 101, 99]));
    expect(
      await journal.saveLesson({
        analysisId: id,
        text: "The breakout held one bar only.",
        provider: "openai",
        model: "gpt-4o",
        promptVersion: "v1",
        usage: { inputTokens: 1, outputTokens: 1 },
      }),
    ).toBe(true);
    const stored = await journal.get(id);
    const opened = await openJournalDatabase(location);
    try {
      expect(await getAnalysis(opened.db, id)).toEqual(stored);
    } finally {
      await opened.close();
    }
    expect(stored?.outcome).toEqual([
      { bars: 1, hit: true, return: expect.closeTo(0.02, 12) },
      { bars: 3, hit: false, return: expect.closeTo(-0.01, 12) },
    ]);
    expect(stored?.lesson).toEqual({
      text: "The breakout held one bar only.",
      created_at: expect.any(String),
      model: "gpt-4o",
    });
  });

  it("removes a failed run without charts, and only the charts nothing else uses", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const failed = await journal.record(failedEntry());
    expect(await journal.delete(failed.id)).toBe(true);
    expect(await journal.delete(failed.id)).toBe(false);
    const shared = fakePng(300);
    const first = await journal.record(sampleEntry({ charts: { pattern: shared, trend: fakePng(300) } }));
    const second = await journal.record(sampleEntry({ charts: { trend: shared } }));
    const chartCount = async () =>
      Number((await harness.query<{ count: unknown }>(location, "select count(*) as count from charts"))[0]!.count);
    expect(await chartCount()).toBe(3);
    expect(await journal.delete(first.id)).toBe(true);
    expect(await chartCount()).toBe(2);
    expect((await journal.get(second.id))?.trend_chart).toBe(shared.toString("base64"));
  });
});
