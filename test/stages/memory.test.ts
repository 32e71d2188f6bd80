// The memory stage through the pipeline, the real OpenAI SDK and the fake provider, on the SQLite journal:
// - point in time: one CSV replayed at several end points; a lesson reaches the Decision agent only once the outcome
//   it reflects on had closed at or before the window's last bar, newest first and at most K;
// - a replay with memory writes its lesson at once, stored with the analysis;
// - scoreOutcomes({reflect: true}) writes the lessons scored analyses lack, once;
// - a malformed lesson is repaired once, then fails with a StageError naming the stage;
// - memory without a journal is a configuration error before anything is spent.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it, vi } from "vitest";

import { StageError } from "../../src/agents/stage-error";
import { ConfigError, createConfig } from "../../src/config/config-schema";
import type { Candle } from "../../src/market/candle";
import type { AnalysisResult } from "../../src/pipeline/analysis-result";
import { toWireResult } from "../../src/wire/analysis-result";
import {
  defaultFakeHandler,
  fakeLesson,
  type FakeProviderServer,
  fakeReply,
  type FakeRequest,
} from "../fakes/fake-provider-server";
import { sampleEntry } from "../journal/journal-fixtures";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

let server: FakeProviderServer;
const { pipeline } = usePipelineHarness(
  { name: "stages-memory", defaults: { max_retries: 0 }, warmRenderer: true },
  (started) => ({ server } = started),
);
const freshDataDir = () => mkdtempSync(path.join(tmpdir(), "stages-memory-"));

const candles = syntheticCandles({ count: 80 });
const iso = (index: number) => new Date(candles[index]!.time).toISOString();

function csvOf(rows: readonly Candle[]): string {
  const lines = rows.map(
    (bar) => `${new Date(bar.time).toISOString()},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`,
  );
  return ["Datetime,Open,High,Low,Close,Volume", ...lines].join("\n");
}

const isReflection = (request: FakeRequest) => request.summary.systemText.includes("You are the post-trade reviewer");
const isDecision = (request: FakeRequest) => request.summary.wantsJson && !isReflection(request);

/** Each lesson names the entry bar it is about (read from the reflection's prompt), so a test can tell them apart. */
function lessonsNamingTheirBar(): void {
  server.setHandler((request) => {
    if (!isReflection(request)) return defaultFakeHandler(request);
    const bar = /taken at the close of the bar of ([0-9-]+ [0-9:]+) UTC/.exec(request.summary.lastUserText)?.[1];
    return fakeReply.json({ lesson: `Lesson about the order at ${bar}.` });
  });
}
const lessonAbout = (index: number) =>
  `Lesson about the order at ${iso(index).slice(0, 10)} ${iso(index).slice(11, 16)}.`;

describe("memory, point in time", () => {
  it("gives a replayed window only the lessons whose outcome closed by its last bar", async () => {
    lessonsNamingTheirBar();
    const subject = pipeline({ data_dir: freshDataDir() });
    const csv = csvOf(candles);
    const replay = async (endIndex: number): Promise<AnalysisResult> => {
      const before = server.requests.length;
      const result = await subject.analyze({
        csv,
        timeframe: "4h",
        name: "Replay",
        end: iso(endIndex),
        stages: { memory: { lessons: 2 } },
      });
      const decisions = server.requests.slice(before).filter(isDecision);
      expect(decisions).toHaveLength(1);
      // What the Decision agent read: exactly the lessons the result says it was given.
      const prompt = decisions[0]!.summary.lastUserText;
      for (const lesson of result.memory?.recalled ?? []) expect(prompt).toContain(lesson.text);
      if ((result.memory?.recalled ?? []).length === 0) expect(prompt).not.toContain("Lessons from the desk");
      return result;
    };
    const recalledBars = (result: AnalysisResult) => (result.memory?.recalled ?? []).map((lesson) => lesson.windowEnd);

    // The window ending at bar 44: its outcome is scored on bars 45..47, known from bar 47 on.
    const first = await replay(44);
    expect(first.memory).toEqual({ recalled: [], lesson: lessonAbout(44) });
    expect((await subject.journal.get(first.id!))?.lesson?.text).toBe(lessonAbout(44));
    // Bars 45 and 46: that outcome has not closed yet.
    expect(recalledBars(await replay(45))).toEqual([]);
    expect(recalledBars(await replay(46))).toEqual([]);
    // Bar 47: it has (its third bar is this window's last bar).
    expect(recalledBars(await replay(47))).toEqual([iso(44)]);
    // Bar 49: the analyses ending at 44, 45 and 46 are all known; the 2 newest by the time they became known.
    const later = await replay(49);
    expect(recalledBars(later)).toEqual([iso(46), iso(45)]);
    expect(later.memory?.recalled.map((lesson) => lesson.text)).toEqual([lessonAbout(46), lessonAbout(45)]);
    expect(later.memory?.recalled[0]?.outcomeBarTime).toBe(iso(49));

    // Going back in time after the later replays wrote their lessons: still nothing from the future.
    expect(recalledBars(await replay(46))).toEqual([]);
    expect(recalledBars(await replay(48))).toEqual([iso(45), iso(44)]);
    expect(toWireResult(later).memory?.recalled[0]).toMatchObject({
      analysis_id: expect.any(String),
      window_end: iso(46),
      outcome_bar_time: iso(49),
      text: lessonAbout(46),
    });
  });

  it("recalls lessons of the same market and timeframe only", async () => {
    lessonsNamingTheirBar();
    const subject = pipeline({ data_dir: freshDataDir() });
    const memory = { memory: { lessons: 5 } };
    await subject.analyze({ csv: csvOf(candles), timeframe: "4h", name: "Market A", end: iso(44), stages: memory });
    const other = await subject.analyze({
      csv: csvOf(candles),
      timeframe: "4h",
      name: "Market B",
      end: iso(60),
      stages: memory,
    });
    expect(other.memory?.recalled).toEqual([]);
    const same = await subject.analyze({
      csv: csvOf(candles),
      timeframe: "4h",
      name: "Market A",
      end: iso(60),
      stages: memory,
    });
    expect(same.memory?.recalled.map((lesson) => lesson.windowEnd)).toEqual([iso(44)]);
  });
});

describe("lessons of scored analyses", () => {
  it("scoreOutcomes({reflect: true}) writes a lesson for each scored analysis without one, once", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    // Replays without memory: scored at once, no lesson.
    const runs = [];
    for (const end of [44, 50])
      runs.push(await subject.analyze({ csv: csvOf(candles), timeframe: "4h", name: "Scored", end: iso(end) }));
    expect(server.requests.filter(isReflection)).toHaveLength(0);
    const counts = await subject.journal.scoreOutcomes({ reflect: true, fetchLaterBars: async () => [] });
    expect(counts.lessons).toEqual({ written: 2, failed: 0 });
    expect(server.requests.filter(isReflection)).toHaveLength(2);
    for (const run of runs) expect((await subject.journal.get(run.id!))?.lesson?.text).toBe(fakeLesson.lesson);
    const again = await subject.journal.scoreOutcomes({ reflect: true, fetchLaterBars: async () => [] });
    expect(again.lessons).toEqual({ written: 0, failed: 0 });
    expect(server.requests.filter(isReflection)).toHaveLength(2);
    // The reflection saw the order and what followed.
    const prompt = server.requests.find(isReflection)!.summary.lastUserText;
    expect(prompt).toMatch(/What followed .*: after 1 bar [+-]\d+\.\d\d% \((right|wrong)\), after 3 bars/);
  });

  it("checks the key before anything is scored", async () => {
    const dataDir = freshDataDir();
    const keyless = pipeline({ data_dir: dataDir, api_key: "sk-" });
    await keyless.journal.record(sampleEntry());
    let fetched = 0;
    await expect(
      keyless.journal.scoreOutcomes({ reflect: true, fetchLaterBars: async () => (fetched++, []) }),
    ).rejects.toMatchObject({ code: "missing_api_key" });
    expect(fetched).toBe(0);
    expect(await keyless.journal.scoreOutcomes({ fetchLaterBars: async () => (fetched++, []) })).toMatchObject({
      pending: 1,
    });
    expect(fetched).toBe(1);
  });

  it("repairs a malformed lesson once, then fails with a StageError naming the memory stage", async () => {
    let reflections = 0;
    server.setHandler((request) => {
      if (!isReflection(request)) return defaultFakeHandler(request);
      reflections += 1;
      return reflections === 1
        ? fakeReply.text("The order was fine.")
        : fakeReply.json({ lesson: "Wait for the close." });
    });
    const subject = pipeline({ data_dir: freshDataDir() });
    const memory = { memory: { lessons: 3 } };
    const repaired = await subject.analyze({ csv: csvOf(candles), timeframe: "4h", end: iso(44), stages: memory });
    expect(repaired.memory?.lesson).toBe("Wait for the close.");
    expect(server.requests.filter(isReflection)[1]!.summary.lastUserText).toMatch(
      /^Your answer was not a valid lesson: the answer contains no JSON object/,
    );
    expect(repaired.usage.callsPerStep.reflection).toBe(2);

    server.setHandler((request) =>
      isReflection(request) ? fakeReply.json({ lesson: "x".repeat(601) }) : defaultFakeHandler(request),
    );
    const error = await subject
      .analyze({ csv: csvOf(candles), timeframe: "4h", end: iso(50), stages: memory })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StageError);
    expect((error as StageError).details).toMatchObject({ stage: "memory", step: "reflection" });
    expect((error as Error).message).toMatch(/lesson: must be at most 600 characters/);
  });
});

describe("lessons and keys", () => {
  it("never stores a key a reflection echoes, in a replay or when scoring reflects", async () => {
    server.setHandler((request) =>
      isReflection(request) ? fakeReply.json({ lesson: `Keep ${TEST_KEY} out of it.` }) : defaultFakeHandler(request),
    );
    const subject = pipeline({ data_dir: freshDataDir() });
    const replay = await subject.analyze({
      csv: csvOf(candles),
      timeframe: "4h",
      end: iso(44),
      stages: { memory: { lessons: 2 } },
    });
    const plain = await subject.analyze({ csv: csvOf(candles), timeframe: "4h", end: iso(50) });
    await subject.journal.scoreOutcomes({ reflect: true, fetchLaterBars: async () => [] });
    for (const id of [replay.id!, plain.id!]) {
      const lesson = (await subject.journal.get(id))?.lesson?.text;
      expect(lesson).toMatch(/^Keep .+ out of it\.$/);
      expect(lesson).not.toContain(TEST_KEY);
    }
  });
});

describe("memory without a journal", () => {
  it("is a configuration error, in the config record and in a request, before any model call", async () => {
    expect(() => createConfig({ journal: false, stages: { memory: { lessons: 3 } } })).toThrow(ConfigError);
    expect(() => createConfig({ journal: false, stages: { memory: { lessons: 3 } } })).toThrow(/journal/);
    const subject = pipeline({ journal: false });
    const error = await subject
      .analyze({ candles, timeframe: "4h", stages: { memory: { lessons: 3 } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/memory stage keeps its lessons in the analysis journal/);
    expect(server.requests).toHaveLength(0);
  });
});
