// Recording one analysis, column by column, on SQLite (the write is the same statement on both engines; the suite in
// journal.test.ts runs both): which answer fields are stored as a chart reference, what lands in each column, the
// import time, and a cancelled or refused call that writes nothing.
import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { analysisRow, parseJournalEntry, separateChartFields } from "../../src/journal/record-analysis";
import { useJournalEngine } from "./journal-engines";
import { failedEntry, fakePng, sampleEntry } from "./journal-fixtures";

describe("separateChartFields", () => {
  it("stores as null each answer field holding exactly one chart, and names the chart it held", () => {
    const pattern = fakePng(300);
    const trend = fakePng(300);
    const result = {
      pattern_chart: pattern.toString("base64"),
      trend_chart: trend.toString("base64"),
      copy_of_trend: trend.toString("base64"),
      // Same length as a chart's base64, other text: kept.
      same_length: "A".repeat(pattern.toString("base64").length),
      prefix: pattern.toString("base64").slice(0, 40),
      count: 3,
      nested: { pattern_chart: pattern.toString("base64") },
    };
    const { stored, chartFields } = separateChartFields(result, { pattern, trend });
    expect(chartFields).toEqual({ pattern_chart: "pattern", trend_chart: "trend", copy_of_trend: "trend" });
    expect(stored).toEqual({
      ...result,
      pattern_chart: null,
      trend_chart: null,
      copy_of_trend: null,
    });
    // The caller's object is left as it was.
    expect(result.pattern_chart).toBe(pattern.toString("base64"));
  });

  it("names the pattern chart when both roles hold the same image, and leaves fields alone without charts", () => {
    const png = fakePng(120);
    const text = png.toString("base64");
    expect(separateChartFields({ a: text }, { pattern: png, trend: png }).chartFields).toEqual({ a: "pattern" });
    expect(separateChartFields({ a: text }, { trend: png }).chartFields).toEqual({ a: "trend" });
    expect(separateChartFields({ a: text }, {})).toEqual({ stored: { a: text }, chartFields: {} });
  });

  it("encodes only the bytes of a view, not the whole buffer behind it", () => {
    const whole = Buffer.concat([Buffer.from("0123456789"), fakePng(60), Buffer.from("tail")]);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 10, 60);
    const text = Buffer.from(view).toString("base64");
    expect(separateChartFields({ chart: text }, { pattern: view }).chartFields).toEqual({ chart: "pattern" });
  });
});

describe("analysisRow", () => {
  it("puts every field of the entry in its column", () => {
    const entry = parseJournalEntry(
      sampleEntry({
        blind: true,
        plugins: [{ name: "volume", version: "1.0.0" }],
        stages: { memory: { lessons: 3 } },
        window: {
          start: "2025-02-22T12:00:00.000Z",
          end: "2025-03-01T08:00:00.000Z",
          requestedStart: "2025-02-20T00:00:00.000Z",
        },
        reports: { indicator: "I", pattern: "P", trend: "T", analysts: { volume: "V" } },
      }),
    );
    const row = analysisRow(entry, "the-id", "2025-03-02T00:00:00.000Z");
    const { stored, chartFields } = separateChartFields(entry.result, entry.charts);
    expect(row).toEqual({
      id: "the-id",
      created_at: "2025-03-02T00:00:00.000Z",
      source: "api",
      asset: "BTC",
      symbol: "BTC-USD",
      timeframe: "4h",
      window_start: "2025-02-22T12:00:00.000Z",
      window_end: "2025-03-01T08:00:00.000Z",
      window_requested_start: "2025-02-20T00:00:00.000Z",
      bar_count: 45,
      agent_provider: "openai",
      agent_model: "gpt-4o-mini",
      agent_temperature: 0.1,
      graph_provider: "openai",
      graph_model: "gpt-4o",
      graph_temperature: 0.1,
      prompt_version: "2025-03-a",
      blind: 1,
      plugins: JSON.stringify([{ name: "volume", version: "1.0.0" }]),
      request: JSON.stringify(entry.request),
      indicator_report: "I",
      pattern_report: "P",
      trend_report: "T",
      analyst_reports: JSON.stringify({ volume: "V" }),
      decision: "LONG",
      forecast_horizon: "next 3 bars (12 hours)",
      justification: "Momentum and the rising support line agree.",
      risk_reward_ratio: 1.5,
      confidence: null,
      agreement: null,
      decision_samples: null,
      calls_per_step: JSON.stringify({ indicator: 2, pattern: 1, trend: 1, decision: 1 }),
      input_tokens: 5_100,
      output_tokens: 900,
      cost_usd: 0.0123,
      timings_ms: JSON.stringify(entry.timingsMs),
      entry_close: 100,
      entry_time: "2025-03-01T08:00:00.000Z",
      error_code: null,
      error_message: null,
      result: JSON.stringify(stored),
      result_chart_fields: JSON.stringify(chartFields),
      outcome_1_hit: null,
      outcome_1_return: null,
      outcome_3_hit: null,
      outcome_3_return: null,
      scored_at: null,
      stages: JSON.stringify({ memory: { lessons: 3 } }),
      outcome_bar_time: null,
    });
    expect(chartFields).toEqual({ pattern_chart: "pattern", trend_chart: "trend" });
  });

  it("stores a decision's confidence, and with several samples their agreement and each sample's answer", () => {
    const entry = sampleEntry();
    const decision = {
      ...entry.decision!,
      confidence: 0.65,
      votes: { LONG: 2, SHORT: 1 },
      agreement: 2 / 3,
      samples: [
        { decision: "SHORT" as const, confidence: 0.55 },
        { decision: "LONG" as const, confidence: 0.6 },
        { decision: "LONG" as const, confidence: 0.7 },
      ],
    };
    const row = analysisRow(parseJournalEntry({ ...entry, decision }), "id", "2025-03-02T00:00:00.000Z");
    expect(row).toMatchObject({ decision: "LONG", confidence: 0.65, agreement: 2 / 3 });
    expect(JSON.parse(row.decision_samples!)).toEqual(decision.samples);
    const single = analysisRow(
      parseJournalEntry({ ...entry, decision: { ...entry.decision!, confidence: 0.8 } }),
      "id",
      "2025-03-02T00:00:00.000Z",
    );
    expect(single).toMatchObject({ confidence: 0.8, agreement: null, decision_samples: null });
  });

  it("stores nulls for what a failed run does not have", () => {
    const row = analysisRow(
      parseJournalEntry(failedEntry({ window: null, entry: null })),
      "id",
      "2025-03-02T00:00:00.000Z",
    );
    expect(row).toMatchObject({
      blind: 0,
      window_start: null,
      window_end: null,
      window_requested_start: null,
      decision: null,
      forecast_horizon: null,
      justification: null,
      risk_reward_ratio: null,
      confidence: null,
      agreement: null,
      decision_samples: null,
      entry_close: null,
      entry_time: null,
      error_code: "rate_limit",
      error_message: "Rate Limit Exceeded: You've hit the OpenAI API rate limit.",
    });
    const withWindow = analysisRow(parseJournalEntry(sampleEntry()), "id", "2025-03-02T00:00:00.000Z");
    expect(withWindow.window_requested_start).toBeNull();
  });
});

describe("recordAnalysis on SQLite", () => {
  const harness = useJournalEngine("sqlite");

  it("dates an imported analysis at its own time, and refuses a time that is not one", async () => {
    const journal = await harness.open();
    const recordedAt = new Date("2024-06-01T10:00:00.000Z");
    const recorded = await journal.record(sampleEntry(), { recordedAt });
    expect(recorded.createdAt).toBe("2024-06-01T10:00:00.000Z");
    // The id's first 48 bits are the time in milliseconds.
    expect(Number.parseInt(recorded.id.replaceAll("-", "").slice(0, 12), 16)).toBe(recordedAt.getTime());
    expect((await journal.get(recorded.id))?.created_at).toBe("2024-06-01T10:00:00.000Z");
    const error = await journal.record(sampleEntry(), { recordedAt: new Date(Number.NaN) }).catch((caught) => caught);
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "invalid_input", message: "recordedAt: not a valid date" });
    expect((await journal.list()).analyses.map((summary) => summary.id)).toEqual([recorded.id]);
  });

  it("writes nothing when its signal has already aborted", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const controller = new AbortController();
    controller.abort(new Error("the client went away"));
    await expect(journal.record(sampleEntry(), { signal: controller.signal })).rejects.toThrow("the client went away");
    expect((await journal.list()).analyses).toEqual([]);
    const charts = await harness.query<{ count: unknown }>(location, "select count(*) as count from charts");
    expect(Number(charts[0]!.count)).toBe(0);
  });

  it("references each chart under its own role, with one chart or the other", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const pattern = fakePng(400);
    const trend = fakePng(500);
    const onlyTrend = sampleEntry({ charts: { trend } });
    onlyTrend.charts = { trend };
    const trendOnly = await journal.record(onlyTrend);
    const patternOnlyEntry = sampleEntry({ charts: { pattern } });
    patternOnlyEntry.charts = { pattern };
    const patternOnly = await journal.record(patternOnlyEntry);
    const rows = await harness.query<{
      id: string;
      pattern_chart_sha256: string | null;
      trend_chart_sha256: string | null;
    }>(location, "select id, pattern_chart_sha256, trend_chart_sha256 from analyses");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const hash = (png: Buffer) => createHash("sha256").update(png).digest("hex");
    expect(byId.get(trendOnly.id)).toMatchObject({ pattern_chart_sha256: null, trend_chart_sha256: hash(trend) });
    expect(byId.get(patternOnly.id)).toMatchObject({ pattern_chart_sha256: hash(pattern), trend_chart_sha256: null });
    expect((await journal.get(trendOnly.id))?.trend_chart).toBe(trend.toString("base64"));
    expect((await journal.get(patternOnly.id))?.pattern_chart).toBe(pattern.toString("base64"));
  });
});
