// Evaluation runs in the journal's database and the leaderboard over their points, on both engines.
// Provenance: accuracies and returns worked out by hand from the points below; the Wilson bounds as in
// journal-stats.test.ts; the gpt-4o row is also checked against the evaluation report's own scoreDirectives.
import { describe, expect, it } from "vitest";

import type { EvaluationRunInput } from "../../src/journal/evaluation-run-input";
import { recordEvaluationRun } from "../../src/journal/evaluation-runs";
import { openJournalDatabase } from "../../src/journal/open-database";
import { scoreDirectives } from "../../src/scoring/directional-score";
import { journalEngines, useJournalEngine } from "./journal-engines";

const model = (provider: string, name: string) => ({ provider, model: name, temperature: 0.1 });
const point = (id: string, asset: string, directive: "LONG" | "SHORT" | null, move1: number, move3: number) => ({
  id,
  asset,
  window: Number(id.split("-")[1]),
  lastBarTime: "2024-06-01T00:00:00Z",
  entryClose: 100,
  directive,
  moves: [
    { horizon: 1, move: move1 },
    { horizon: 3, move: move3 },
  ],
  ...(directive === null ? { error: "Rate Limit Exceeded" } : {}),
});

const gptRun: EvaluationRunInput = {
  settings: { assets: ["BTC", "SPX"], windows: 2, horizons: [1, 3] },
  models: { agent: model("openai", "gpt-4o-mini"), graph: model("openai", "gpt-4o") },
  promptVersion: "v1",
  points: [
    point("BTC-1-0", "BTC", "LONG", 0.01, 0.02), // k=3: hit, +0.02
    point("BTC-2-0", "BTC", "SHORT", -0.01, 0.01), // k=3: miss, -0.01
    point("SPX-1-0", "SPX", "LONG", 0.005, 0), // k=3: flat, left out
    point("SPX-2-0", "SPX", null, 0.01, 0.01), // failed: left out
  ],
};
const claudeRun: EvaluationRunInput = {
  settings: { assets: ["BTC"], windows: 3 },
  models: { agent: model("anthropic", "claude-haiku-4-5"), graph: model("anthropic", "claude-haiku-4-5") },
  promptVersion: "v2",
  plugins: [{ name: "volume-profile", version: "1.0.0" }],
  points: [
    point("BTC-1-0", "BTC", "LONG", -0.01, 0.03), // k=3 hit
    point("BTC-2-0", "BTC", "SHORT", 0.01, -0.01), // k=3 hit
    point("BTC-3-0", "BTC", "SHORT", -0.02, -0.04), // k=3 hit
  ],
};
const baselinesOnly: EvaluationRunInput = {
  settings: { baselinesOnly: true },
  models: null,
  promptVersion: "v1",
  points: [point("BTC-1-0", "BTC", null, 0.01, 0.02)],
};

describe.each(journalEngines)("evaluation runs on %s", (engine) => {
  const harness = useJournalEngine(engine);

  it("records runs and lists them newest first with their settings, models, prompt version and plugins", async () => {
    const journal = await harness.open();
    const first = await journal.recordEvaluationRun(gptRun);
    const second = await journal.recordEvaluationRun(claudeRun);
    const third = await journal.recordEvaluationRun(baselinesOnly);
    expect(first.pointCount).toBe(4);
    const { runs, nextCursor } = await journal.listEvaluationRuns();
    expect(runs.map((run) => run.id)).toEqual([third.id, second.id, first.id]);
    expect(nextCursor).toBeNull();
    expect(runs[1]).toEqual({
      id: second.id,
      createdAt: second.createdAt,
      kind: "evaluation",
      timeframe: "4h",
      settings: { assets: ["BTC"], windows: 3 },
      models: {
        agent: { provider: "anthropic", model: "claude-haiku-4-5" },
        graph: { provider: "anthropic", model: "claude-haiku-4-5" },
      },
      promptVersion: "v2",
      plugins: [{ name: "volume-profile", version: "1.0.0" }],
      pointCount: 3,
      demo: false,
    });
    expect(runs[0]!.models).toBeNull();
    expect(runs[0]!.demo).toBe(false);
    const paged = await journal.listEvaluationRuns({ limit: 2 });
    expect(
      (await journal.listEvaluationRuns({ limit: 2, cursor: paged.nextCursor ?? undefined })).runs.map((run) => run.id),
    ).toEqual([first.id]);
  });

  it("keeps backtest runs apart: listed by kind, read back with their report, left out of the leaderboard", async () => {
    const journal = await harness.open();
    const evaluation = await journal.recordEvaluationRun(gptRun);
    const report = { lines: [{ name: "gpt-4o", equity: [{ time: "2024-06-01T00:00:00.000Z", value: 1.02 }] }] };
    const backtest = await journal.recordEvaluationRun({ ...claudeRun, kind: "backtest", timeframe: "1d", report });
    expect((await journal.listEvaluationRuns({ kind: "backtest" })).runs.map((run) => [run.id, run.kind])).toEqual([
      [backtest.id, "backtest"],
    ]);
    expect((await journal.listEvaluationRuns({ kind: "evaluation" })).runs.map((run) => run.id)).toEqual([
      evaluation.id,
    ]);
    expect((await journal.listEvaluationRuns()).runs).toHaveLength(2);
    expect(await journal.getEvaluationRun(backtest.id)).toMatchObject({ kind: "backtest", timeframe: "1d", report });
    expect(await journal.getEvaluationRun(evaluation.id)).toMatchObject({ kind: "evaluation", report: null });
    expect(await journal.getEvaluationRun("no-such-run")).toBeNull();
    // The backtest's three hits by claude-haiku-4-5 would be its row; the leaderboard is the benchmark's alone.
    const board = await journal.leaderboard({ groupBy: "model" });
    expect(board.groups.map((group) => group.key)).toEqual(["gpt-4o"]);
    await expect(journal.listEvaluationRuns({ kind: "colour" } as never)).rejects.toMatchObject({
      reason: "invalid_input",
    });
  });

  it("says which runs the demo provider made (either role), listed and read back, and keeps them off the leaderboard", async () => {
    const journal = await harness.open();
    const demo = model("demo", "demo");
    const backtest = await journal.recordEvaluationRun({
      ...claudeRun,
      kind: "backtest",
      models: { agent: demo, graph: demo },
      report: { lines: [] },
    });
    const evaluation = await journal.recordEvaluationRun({
      ...claudeRun,
      models: { ...claudeRun.models!, agent: demo },
    });
    const real = await journal.recordEvaluationRun(gptRun);
    const listed = (await journal.listEvaluationRuns()).runs.map((run) => [run.id, run.demo]);
    expect(listed).toEqual([
      [real.id, false],
      [evaluation.id, true],
      [backtest.id, true],
    ]);
    expect(await journal.getEvaluationRun(backtest.id)).toMatchObject({ kind: "backtest", demo: true });
    expect(await journal.getEvaluationRun(real.id)).toMatchObject({ demo: false });
    const board = await journal.leaderboard({ groupBy: "model" });
    expect(board.groups.map((group) => group.key)).toEqual(["gpt-4o"]);
  });

  it("ranks models side by side with Wilson intervals, scored as the evaluation report scores them", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(gptRun);
    await journal.recordEvaluationRun(claudeRun);
    await journal.recordEvaluationRun(baselinesOnly);
    const board = await journal.leaderboard({ groupBy: "model" });
    expect(board).toMatchObject({ groupBy: "model", horizon: 3, flatMoves: "excluded" });
    expect(
      board.groups.map(({ key, runs, points, scored, hits, accuracy }) => ({
        key,
        runs,
        points,
        scored,
        hits,
        accuracy,
      })),
    ).toEqual([
      { key: "claude-haiku-4-5", runs: 1, points: 3, scored: 3, hits: 3, accuracy: 1 },
      { key: "gpt-4o", runs: 1, points: 3, scored: 2, hits: 1, accuracy: 0.5 },
    ]);
    const claudeRow = board.groups[0]!;
    const gptRow = board.groups[1]!;
    expect(claudeRow.ci_low).toBeCloseTo(0.438503, 5); // 3 of 3
    expect(claudeRow.mean_return).toBeCloseTo((0.03 + 0.01 + 0.04) / 3, 12);
    expect(gptRow.ci_low).toBeCloseTo(0.094531, 5); // 1 of 2
    expect(gptRow.ci_high).toBeCloseTo(0.905469, 5);
    expect(gptRow.mean_return).toBeCloseTo((0.02 - 0.01) / 2, 12);
    // The same numbers as the evaluation report's scoring of that run.
    const report = scoreDirectives([
      { directive: "LONG", moves: [0.02] },
      { directive: "SHORT", moves: [0.01] },
      { directive: "LONG", moves: [0] },
    ]);
    expect([gptRow.scored, gptRow.hits, gptRow.accuracy, gptRow.ci_low, gptRow.mean_return]).toEqual([
      report.scored,
      report.correct,
      report.accuracy,
      report.interval?.low,
      report.meanReturn,
    ]);
    // Counting the flat move as a miss, as the published protocol does: gpt-4o 1 hit of 3, mean (0.02 - 0.01 + 0) / 3.
    const flatAsMiss = (await journal.leaderboard({ groupBy: "model", flatMoves: "miss" })).groups[1]!;
    expect([flatAsMiss.scored, flatAsMiss.hits]).toEqual([3, 1]);
    expect(flatAsMiss.mean_return).toBeCloseTo(0.01 / 3, 12);
    const published = scoreDirectives(
      [
        { directive: "LONG", moves: [0.02] },
        { directive: "SHORT", moves: [0.01] },
        { directive: "LONG", moves: [0] },
      ],
      { flatMoves: "miss" },
    );
    expect([flatAsMiss.accuracy, flatAsMiss.ci_low]).toEqual([published.accuracy, published.interval?.low]);
    const atOne = await journal.leaderboard({ groupBy: "model", horizon: 1 });
    // k=1: claude LONG -0.01 miss, SHORT +0.01 miss, SHORT -0.02 hit; gpt LONG +0.01 hit, SHORT -0.01 hit, LONG +0.005 hit.
    expect(atOne.groups.map((group) => [group.key, group.hits, group.scored])).toEqual([
      ["claude-haiku-4-5", 1, 3],
      ["gpt-4o", 3, 3],
    ]);
  });

  it("keeps runs of the demo provider (scripted answers) off the leaderboard", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(gptRun);
    const before = await journal.leaderboard({ groupBy: "provider" });
    await journal.recordEvaluationRun({
      ...claudeRun,
      models: { agent: model("openai", "gpt-4o-mini"), graph: model("demo", "demo") },
    });
    await journal.recordEvaluationRun({
      ...claudeRun,
      models: { agent: model("demo", "demo"), graph: model("openai", "gpt-4o") },
    });
    await journal.recordEvaluationRun(baselinesOnly);
    expect(await journal.leaderboard({ groupBy: "provider" })).toEqual(before);
    expect((await journal.listEvaluationRuns()).runs).toHaveLength(4);
  });

  it("groups by provider, prompt version, asset and timeframe", async () => {
    const journal = await harness.open();
    await journal.recordEvaluationRun(gptRun);
    await journal.recordEvaluationRun(claudeRun);
    const rows = async (groupBy: "provider" | "prompt_version" | "asset" | "timeframe") =>
      (await journal.leaderboard({ groupBy })).groups.map((group) => [group.key, group.runs, group.hits, group.scored]);
    expect(await rows("provider")).toEqual([
      ["anthropic", 1, 3, 3],
      ["openai", 1, 1, 2],
    ]);
    expect(await rows("prompt_version")).toEqual([
      ["v1", 1, 1, 2],
      ["v2", 1, 3, 3],
    ]);
    expect(await rows("asset")).toEqual([
      ["BTC", 2, 4, 5],
      ["SPX", 1, 0, 0],
    ]);
    expect(await rows("timeframe")).toEqual([["4h", 2, 4, 5]]);
  });

  it("refuses an invalid run before writing anything", async () => {
    const journal = await harness.open();
    const duplicate = { ...gptRun, points: [gptRun.points[0]!, gptRun.points[0]!] };
    await expect(journal.recordEvaluationRun(duplicate)).rejects.toThrow(
      /points: point ids must be unique within a run/,
    );
    await expect(journal.recordEvaluationRun({ ...gptRun, promptVersion: "" })).rejects.toThrow(
      /promptVersion: must not be empty/,
    );
    await expect(journal.leaderboard({ groupBy: "colour" } as never)).rejects.toMatchObject({
      reason: "invalid_input",
    });
    expect((await journal.listEvaluationRuns()).runs).toEqual([]);
  });

  it("records a run of 800 points with two horizons in one go", async () => {
    const journal = await harness.open();
    const points = Array.from({ length: 800 }, (_, index) =>
      point(`BTC-${index}-0`, "BTC", index % 2 === 0 ? "LONG" : "SHORT", 0.01, 0.01),
    );
    const run = await journal.recordEvaluationRun({ ...gptRun, points });
    expect(run.pointCount).toBe(800);
    const row = (await journal.leaderboard({ groupBy: "model" })).groups[0]!;
    expect([row.points, row.hits]).toEqual([800, 400]);
  });
});

// The rules below are the same statements on both engines: on SQLite only.
describe("evaluation runs on sqlite: the clock, a cancelled record, partial models and the stored points", () => {
  const harness = useJournalEngine("sqlite");

  it("dates a run by the given clock, and writes nothing when its signal has aborted", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const opened = await openJournalDatabase(location);
    try {
      const recorded = await recordEvaluationRun(opened.db, gptRun, {
        now: () => new Date("2024-07-01T00:00:00.000Z"),
      });
      expect(recorded.createdAt).toBe("2024-07-01T00:00:00.000Z");
      expect((await journal.getEvaluationRun(recorded.id))?.createdAt).toBe("2024-07-01T00:00:00.000Z");
      const controller = new AbortController();
      controller.abort(new Error("stopped"));
      await expect(recordEvaluationRun(opened.db, claudeRun, { signal: controller.signal })).rejects.toThrow("stopped");
    } finally {
      await opened.close();
    }
    expect((await journal.listEvaluationRuns()).runs).toHaveLength(1);
  });

  it("stores every point and move of a run longer than one insert, each in its row", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const points = Array.from({ length: 401 }, (_, index) => ({
      ...point(`BTC-${index}-0`, "BTC", index === 400 ? null : "LONG", 0.01, -0.02),
      point: index % 3,
    }));
    const run = await journal.recordEvaluationRun({ ...gptRun, points });
    expect(run.pointCount).toBe(401);
    const counts = await harness.query<{ points: unknown; moves: unknown }>(
      location,
      `select (select count(*) from evaluation_points where run_id = '${run.id}') as points,
              (select count(*) from evaluation_moves where run_id = '${run.id}') as moves`,
    );
    expect(counts.map((row) => [Number(row.points), Number(row.moves)])).toEqual([[401, 802]]);
    const [last] = await harness.query(location, `select * from evaluation_points where point_id = 'BTC-400-0'`);
    expect(last).toEqual({
      run_id: run.id,
      point_id: "BTC-400-0",
      asset: "BTC",
      window_index: 400,
      point_index: 1,
      last_bar_time: "2024-06-01T00:00:00.000Z",
      entry_close: 100,
      directive: null,
      error: "Rate Limit Exceeded",
    });
    const moves = await harness.query(
      location,
      `select horizon, move from evaluation_moves where point_id = 'BTC-7-0' order by horizon`,
    );
    expect(moves).toEqual([
      { horizon: 1, move: 0.01 },
      { horizon: 3, move: -0.02 },
    ]);
  });

  it("shows no models when a role is missing one, and a kind it does not know as an evaluation", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const recorded = await journal.recordEvaluationRun(gptRun);
    const all =
      "agent_provider = 'openai', agent_model = 'gpt-4o-mini', graph_provider = 'openai', graph_model = 'gpt-4o'";
    for (const column of ["agent_provider", "agent_model", "graph_provider", "graph_model"]) {
      await harness.query(location, `update evaluation_runs set ${column} = null`);
      expect((await journal.getEvaluationRun(recorded.id))?.models, column).toBeNull();
      await harness.query(location, `update evaluation_runs set ${all}`);
    }
    expect((await journal.getEvaluationRun(recorded.id))?.models).not.toBeNull();
    await harness.query(location, "update evaluation_runs set kind = 'replay'");
    expect((await journal.getEvaluationRun(recorded.id))?.kind).toBe("evaluation");
  });

  it("marks a run whose graph alone the demo provider answered, and names what is wrong in each refusal", async () => {
    const journal = await harness.open();
    const graphDemo = await journal.recordEvaluationRun({
      ...gptRun,
      models: { ...gptRun.models!, graph: model("demo", "demo") },
    });
    expect(await journal.getEvaluationRun(` ${graphDemo.id} `)).toMatchObject({ id: graphDemo.id, demo: true });
    await expect(journal.recordEvaluationRun({ ...gptRun, settings: "x" } as never)).rejects.toThrow(
      /^evaluation run: settings: /u,
    );
    await expect(journal.listEvaluationRuns({ kind: "colour" } as never)).rejects.toThrow(
      /^evaluation run list options: kind: must be evaluation, backtest or probe$/u,
    );
    await expect(journal.listEvaluationRuns({ limit: 501 })).rejects.toThrow(
      /^evaluation run list options: limit: must be at most 500$/u,
    );
    await expect(journal.getEvaluationRun(" ")).rejects.toThrow(/^run id: must not be empty$/u);
    await expect(journal.getEvaluationRun("x".repeat(65))).rejects.toThrow(/^run id: is too long$/u);
  });
});
