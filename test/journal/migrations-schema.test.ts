// What the journal's own migrations (migrations.ts) make the database enforce, on a new SQLite journal: which columns
// may be null (the types in database-schema.ts say which, and the database must refuse a null anywhere else), the
// defaults an older row reads with, one row per key, references that must exist, and what a removal takes with it.
import { describe, expect, it } from "vitest";

import { columnsAcceptingNull, insertRow, type Row, rowsOf, useMigratedSqlite } from "./schema-probe";

const newJournal = useMigratedSqlite();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const NOW = "2025-01-02T03:04:05.000Z";

const chartRow = (sha256 = "chart-1"): Row => ({ sha256, png: PNG, byte_length: PNG.length, created_at: NOW });

/** Every column of analyses after all migrations, each with a value that is not null. */
function analysisRow(id = "analysis-1"): Row {
  return {
    id,
    created_at: NOW,
    source: "api",
    asset: "BTC",
    symbol: "BTC-USD",
    timeframe: "4h",
    window_start: NOW,
    window_end: NOW,
    window_requested_start: NOW,
    bar_count: 45,
    agent_provider: "openai",
    agent_model: "gpt-4o-mini",
    agent_temperature: 0.1,
    graph_provider: "openai",
    graph_model: "gpt-4o",
    graph_temperature: 0.2,
    prompt_version: "2",
    plugins: "[]",
    request: "{}",
    indicator_report: "i",
    pattern_report: "p",
    trend_report: "t",
    analyst_reports: "{}",
    decision: "LONG",
    forecast_horizon: "3 bars",
    justification: "j",
    risk_reward_ratio: 1.5,
    pattern_chart_sha256: "chart-1",
    trend_chart_sha256: "chart-1",
    calls_per_step: "{}",
    input_tokens: 10,
    output_tokens: 20,
    cost_usd: 0.01,
    timings_ms: "{}",
    entry_close: 100.5,
    entry_time: NOW,
    error_code: "e",
    error_message: "m",
    result: "{}",
    result_chart_fields: "{}",
    outcome_1_hit: 1,
    outcome_1_return: 0.5,
    outcome_3_hit: 0,
    outcome_3_return: -0.5,
    scored_at: NOW,
    stages: "{}",
    outcome_bar_time: NOW,
    blind: 1,
    confidence: 0.7,
    agreement: 2 / 3,
    decision_samples: '[{"decision":"LONG","confidence":0.7}]',
  };
}

const runRow = (id = "run-1"): Row => ({
  id,
  created_at: NOW,
  timeframe: "4h",
  settings: "{}",
  agent_provider: "openai",
  agent_model: "gpt-4o-mini",
  graph_provider: "openai",
  graph_model: "gpt-4o",
  prompt_version: "2",
  plugins: "[]",
  point_count: 1,
  kind: "backtest",
  report: "{}",
});

const pointRow = (runId = "run-1", pointId = "point-1"): Row => ({
  run_id: runId,
  point_id: pointId,
  asset: "BTC",
  window_index: 0,
  point_index: 0,
  last_bar_time: NOW,
  entry_close: 100,
  directive: "LONG",
  error: "e",
});

const moveRow = (runId = "run-1", pointId = "point-1", horizon = 1): Row => ({
  run_id: runId,
  point_id: pointId,
  horizon,
  move: 0.25,
});

describe("the charts and analyses tables", () => {
  it("refuse a null in every column an analysis always has, and take one where a failed or pending run has none", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "charts", chartRow())).toBeUndefined();
    expect(await columnsAcceptingNull(db, "charts", chartRow("chart-2"), "sha256")).toEqual([]);
    expect(await columnsAcceptingNull(db, "analyses", analysisRow(), "id")).toEqual([
      "agreement",
      "confidence",
      "cost_usd",
      "decision",
      "decision_samples",
      "entry_close",
      "entry_time",
      "error_code",
      "error_message",
      "forecast_horizon",
      "justification",
      "outcome_1_hit",
      "outcome_1_return",
      "outcome_3_hit",
      "outcome_3_return",
      "outcome_bar_time",
      "pattern_chart_sha256",
      "risk_reward_ratio",
      "scored_at",
      "trend_chart_sha256",
      "window_end",
      "window_requested_start",
      "window_start",
    ]);
  });

  it("keep one chart per digest and one analysis per id", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "charts", chartRow())).toBeUndefined();
    expect(await insertRow(db, "charts", { ...chartRow(), png: Buffer.from([1]) })).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "analyses", analysisRow())).toBeUndefined();
    expect(await insertRow(db, "analyses", { ...analysisRow(), symbol: "ETH-USD" })).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "analyses", analysisRow("analysis-2"))).toBeUndefined();
  });

  it("store a chart's bytes as bytes, and read an analysis's numbers back as written", async () => {
    const { db } = await newJournal();
    await insertRow(db, "charts", chartRow());
    await insertRow(db, "analyses", analysisRow());
    const [chart] = await rowsOf(db, "charts", "sha256");
    expect(Buffer.isBuffer(chart?.png)).toBe(true);
    expect(Buffer.compare(chart?.png as Buffer, PNG)).toBe(0);
    expect(await rowsOf(db, "analyses", "id")).toEqual([analysisRow()]);
  });

  it("refuse an analysis pointing at a chart that is not stored, either chart", async () => {
    const { db } = await newJournal();
    await insertRow(db, "charts", chartRow());
    expect(await insertRow(db, "analyses", { ...analysisRow(), pattern_chart_sha256: "missing" })).toMatch(
      /FOREIGN KEY/u,
    );
    expect(await insertRow(db, "analyses", { ...analysisRow(), trend_chart_sha256: "missing" })).toMatch(
      /FOREIGN KEY/u,
    );
    expect(await rowsOf(db, "analyses", "id")).toEqual([]);
    // And a chart still used cannot be removed from under its analysis.
    await insertRow(db, "analyses", analysisRow());
    await expect(db.deleteFrom("charts").execute()).rejects.toThrow(/FOREIGN KEY/u);
  });

  it("read an analysis recorded before blind mode as not blind", async () => {
    const { db } = await newJournal();
    await insertRow(db, "charts", chartRow());
    const { blind: _blind, ...before } = analysisRow();
    expect(await insertRow(db, "analyses", before)).toBeUndefined();
    expect((await rowsOf(db, "analyses", "id"))[0]?.blind).toBe(0);
  });
});

describe("the evaluation tables", () => {
  it("refuse a null in every column a run, a point and a move always have", async () => {
    const { db } = await newJournal();
    expect(await columnsAcceptingNull(db, "evaluation_runs", runRow(), "id")).toEqual([
      "agent_model",
      "agent_provider",
      "graph_model",
      "graph_provider",
      "report",
    ]);
    await insertRow(db, "evaluation_runs", runRow());
    expect(await columnsAcceptingNull(db, "evaluation_points", pointRow())).toEqual(["directive", "error"]);
    await insertRow(db, "evaluation_points", pointRow());
    expect(await columnsAcceptingNull(db, "evaluation_moves", moveRow())).toEqual([]);
  });

  it("read a run recorded before backtests as an evaluation without a report", async () => {
    const { db } = await newJournal();
    const { kind: _kind, report: _report, ...before } = runRow();
    expect(await insertRow(db, "evaluation_runs", before)).toBeUndefined();
    expect(await rowsOf(db, "evaluation_runs", "id")).toEqual([{ ...before, kind: "evaluation", report: null }]);
  });

  it("keep one run per id, one point per run and point id, one move per point and horizon", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "evaluation_runs", runRow())).toBeUndefined();
    expect(await insertRow(db, "evaluation_runs", runRow())).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "evaluation_runs", runRow("run-2"))).toBeUndefined();
    expect(await insertRow(db, "evaluation_points", pointRow())).toBeUndefined();
    expect(await insertRow(db, "evaluation_points", { ...pointRow(), asset: "ETH" })).toMatch(/UNIQUE|PRIMARY KEY/u);
    // The same point id in another run, and another point in the same run, are other points.
    expect(await insertRow(db, "evaluation_points", pointRow("run-2"))).toBeUndefined();
    expect(await insertRow(db, "evaluation_points", pointRow("run-1", "point-2"))).toBeUndefined();
    expect(await insertRow(db, "evaluation_moves", moveRow())).toBeUndefined();
    expect(await insertRow(db, "evaluation_moves", { ...moveRow(), move: 1 })).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "evaluation_moves", moveRow("run-1", "point-1", 3))).toBeUndefined();
    expect(await insertRow(db, "evaluation_moves", moveRow("run-2", "point-1", 1))).toBeUndefined();
    expect(await insertRow(db, "evaluation_moves", moveRow("run-1", "point-2", 1))).toBeUndefined();
  });

  it("refuse a point of no run and a move of no point, and remove a run's points and moves with it", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "evaluation_points", pointRow("no-run"))).toMatch(/FOREIGN KEY/u);
    await insertRow(db, "evaluation_runs", runRow());
    await insertRow(db, "evaluation_runs", runRow("run-2"));
    await insertRow(db, "evaluation_points", pointRow());
    await insertRow(db, "evaluation_points", pointRow("run-2"));
    expect(await insertRow(db, "evaluation_moves", moveRow("run-1", "point-2"))).toMatch(/FOREIGN KEY/u);
    expect(await insertRow(db, "evaluation_moves", moveRow("run-2", "point-2"))).toMatch(/FOREIGN KEY/u);
    await insertRow(db, "evaluation_moves", moveRow());
    await insertRow(db, "evaluation_moves", moveRow("run-2"));
    await db.deleteFrom("evaluation_runs").where("id", "=", "run-1").execute();
    expect(await rowsOf(db, "evaluation_points", "run_id")).toEqual([pointRow("run-2")]);
    expect(await rowsOf(db, "evaluation_moves", "run_id")).toEqual([moveRow("run-2")]);
  });
});
