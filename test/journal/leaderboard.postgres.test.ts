// The leaderboard's own rules on SQLite (the statement is the same on both engines; evaluation-runs.test.ts runs
// both): a run without models under "(none)", a group whose only moves are flat, runs counted once each, any stored
// horizon, and its options refused by name.
import { describe, expect, it } from "vitest";

import type { EvaluationRunInput } from "../../src/journal/evaluation-run-input";
import { useJournalEngine } from "./journal-engines";

const model = (provider: string, name: string) => ({ provider, model: name, temperature: 0 });
const point = (id: string, directive: "LONG" | "SHORT" | null, moves: Record<number, number>, asset = "BTC") => ({
  id,
  asset,
  window: 1,
  lastBarTime: "2024-06-01T00:00:00Z",
  entryClose: 100,
  directive,
  moves: Object.entries(moves).map(([horizon, move]) => ({ horizon: Number(horizon), move })),
});
const run = (models: EvaluationRunInput["models"], points: EvaluationRunInput["points"]): EvaluationRunInput => ({
  settings: {},
  models,
  promptVersion: "v1",
  points,
});
const gpt = { agent: model("openai", "gpt-4o-mini"), graph: model("openai", "gpt-4o") };

describe("leaderboard on sqlite", () => {
  const harness = useJournalEngine("sqlite");

  it("puts directives of a run without models under (none), and its assets under their names", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(run(null, [point("a", "LONG", { 3: 0.01 }), point("b", "SHORT", { 3: 0.02 })]));
    const rows = async (groupBy: "model" | "provider" | "asset") =>
      (await journal.leaderboard({ groupBy })).groups.map(({ key, runs, points, scored, hits }) => [
        key,
        runs,
        points,
        scored,
        hits,
      ]);
    expect(await rows("model")).toEqual([["(none)", 1, 2, 2, 1]]);
    expect(await rows("provider")).toEqual([["(none)", 1, 2, 2, 1]]);
    expect(await rows("asset")).toEqual([["BTC", 1, 2, 2, 1]]);
  });

  it("gives a group of flat moves no score unless flat counts as a miss, and counts each run once", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(run(gpt, [point("a", "LONG", { 3: 0 }), point("b", "SHORT", { 3: 0 })]));
    await journal.recordEvaluationRun(run(gpt, [point("a", "LONG", { 3: 0 })]));
    expect(await journal.leaderboard({ groupBy: "model" })).toStrictEqual({
      groupBy: "model",
      horizon: 3,
      flatMoves: "excluded",
      groups: [
        {
          key: "gpt-4o",
          runs: 2,
          points: 3,
          scored: 0,
          hits: 0,
          accuracy: null,
          ci_low: null,
          ci_high: null,
          mean_return: null,
        },
      ],
    });
    // Asked for by name, the same as the default.
    expect((await journal.leaderboard({ groupBy: "model", flatMoves: "excluded" })).groups[0]?.scored).toBe(0);
    const asMiss = await journal.leaderboard({ groupBy: "model", flatMoves: "miss" });
    expect(asMiss.flatMoves).toBe("miss");
    expect(asMiss.groups[0]).toMatchObject({ runs: 2, points: 3, scored: 3, hits: 0, accuracy: 0, mean_return: 0 });
  });

  it("scores at any horizon the runs stored, and a SHORT's return is the move turned round", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(
      run(gpt, [point("a", "SHORT", { 2: -0.03, 3: 0.01 }), point("b", "LONG", { 2: -0.01, 3: 0.01 })]),
    );
    const atTwo = await journal.leaderboard({ groupBy: "model", horizon: 2 });
    expect(atTwo.horizon).toBe(2);
    expect(atTwo.groups[0]).toMatchObject({ points: 2, scored: 2, hits: 1, accuracy: 0.5 });
    expect(atTwo.groups[0]!.mean_return).toBeCloseTo((0.03 - 0.01) / 2, 12);
    expect((await journal.leaderboard({ groupBy: "model", horizon: 5 })).groups).toEqual([]);
  });

  it("scores benchmark evaluations only: a backtest's points and any run of the demo provider stay off", async () => {
    const journal = await harness.open();
    const demo = model("demo", "demo");
    const points = [point("a", "LONG", { 3: 0.01 })];
    await journal.recordEvaluationRun(run(gpt, [point("a", "LONG", { 3: -0.01 })]));
    await journal.recordEvaluationRun({ ...run(gpt, points), kind: "backtest", report: { lines: [] } });
    await journal.recordEvaluationRun(run({ agent: demo, graph: gpt.graph }, points));
    await journal.recordEvaluationRun(run({ agent: gpt.agent, graph: demo }, points));
    await journal.recordEvaluationRun(run({ agent: demo, graph: demo }, points));
    const board = await journal.leaderboard({ groupBy: "model" });
    expect(board.groups.map(({ key, runs, points: count, hits }) => [key, runs, count, hits])).toEqual([
      ["gpt-4o", 1, 1, 0],
    ]);
  });

  it("calls a LONG right on a rise and a SHORT right on a fall, per provider, prompt version and timeframe", async () => {
    const journal = await harness.open();
    const claude = { agent: model("anthropic", "claude"), graph: model("anthropic", "claude") };
    await journal.recordEvaluationRun(
      run(gpt, [
        point("a", "LONG", { 3: 0.02 }),
        point("b", "LONG", { 3: -0.01 }),
        point("c", "SHORT", { 3: -0.03 }),
        point("d", "SHORT", { 3: 0.01 }),
        point("e", null, { 3: 0.05 }),
      ]),
    );
    await journal.recordEvaluationRun({
      ...run(claude, [point("a", "SHORT", { 3: -0.01 })]),
      promptVersion: "v0",
      timeframe: "1d",
    });
    const rows = async (groupBy: "provider" | "prompt_version" | "timeframe") =>
      (await journal.leaderboard({ groupBy })).groups.map(({ key, points: count, hits, mean_return }) => [
        key,
        count,
        hits,
        Number(mean_return?.toFixed(6)),
      ]);
    // openai: +0.02, -0.01, +0.03, -0.01 over 4 points; the failed point has no directive and is left out.
    expect(await rows("provider")).toEqual([
      ["anthropic", 1, 1, 0.01],
      ["openai", 4, 2, 0.0075],
    ]);
    expect(await rows("prompt_version")).toEqual([
      ["v0", 1, 1, 0.01],
      ["v1", 4, 2, 0.0075],
    ]);
    expect(await rows("timeframe")).toEqual([
      ["1d", 1, 1, 0.01],
      ["4h", 4, 2, 0.0075],
    ]);
  });

  it("orders groups by code unit, not by the database's byte order", async () => {
    const journal = await harness.open();
    // U+FF21 is three bytes from 0xEF in UTF-8 and one code unit 0xFF21; U+1F600 is four bytes from 0xF0 and the
    // surrogate pair 0xD83D 0xDE00. SQLite's binary order puts U+FF21 first; code-unit order puts U+1F600 first.
    for (const name of ["\uFF21", "\u{1F600}", "a"])
      await journal.recordEvaluationRun(
        run({ agent: model("p", name), graph: model("p", name) }, [point("x", "LONG", { 3: 1 })]),
      );
    expect((await journal.leaderboard({ groupBy: "model" })).groups.map((group) => group.key)).toEqual([
      "a",
      "\u{1F600}",
      "\uFF21",
    ]);
  });

  it("names the options it refuses", async () => {
    const journal = await harness.open();
    for (const [options, message] of [
      [{ groupBy: "model", horizon: 0 }, /^leaderboard options: horizon: /u],
      [{ groupBy: "model", horizon: 1.5 }, /^leaderboard options: horizon: /u],
      [{ groupBy: "model", flatMoves: "hit" }, /^leaderboard options: flatMoves: /u],
      [{ groupBy: "model", split: "cutoff" }, /^leaderboard options: unknown field: /u],
    ] as const)
      await expect(journal.leaderboard(options as never)).rejects.toThrow(message);
  });
});
