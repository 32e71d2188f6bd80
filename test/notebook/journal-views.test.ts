// The notebook helpers: HTML tables (escaped) and the accuracy-over-time Plotly figure, from plain results.
import { describe, expect, it } from "vitest";

import type { AnalysisSummary } from "../../src/journal/list-analyses";
import { accuracyOverTimeFigure } from "../../src/notebook/journal-figures";
import { accuracyTableHtml, analysesTableHtml } from "../../src/notebook/journal-tables";

const summary: AnalysisSummary = {
  id: "01a20470-e8b0-7199-aecf-eaacf96eba38",
  createdAt: "2025-03-01T12:00:00.000Z",
  source: "api",
  asset: "<script>alert(1)</script>",
  symbol: "<script>alert(1)</script>",
  timeframe: "4h",
  windowEnd: "2025-03-01T08:00:00.000Z",
  barCount: 45,
  decision: "SHORT",
  riskRewardRatio: 1.4,
  models: { agent: { provider: "openai", model: "gpt-4o-mini" }, graph: { provider: "openai", model: "gpt-4o" } },
  promptVersion: "v1",
  blind: false,
  costUsd: 0.0123,
  tokens: { input: 1, output: 2 },
  error: null,
  status: "done",
  outcome: [
    { bars: 1, hit: true, return: 0.0125 },
    { bars: 3, hit: false, return: -0.004 },
  ],
  outcomeStatus: "scored",
  demo: false,
};

describe("analysesTableHtml", () => {
  it("shows each analysis with its decision, model and outcome, escaping what users and providers wrote", () => {
    const html = analysesTableHtml({
      analyses: [
        summary,
        {
          ...summary,
          decision: null,
          status: "failed",
          outcome: null,
          outcomeStatus: "none",
          error: { code: "x", message: "Billing <b>Issue</b>" },
        },
      ],
      nextCursor: null,
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("hit +1.25%");
    expect(html).toContain("miss -0.40%");
    expect(html).toContain("failed: Billing &lt;b&gt;Issue&lt;/b&gt;");
    // A failed run has nothing to score: never "pending".
    expect(html).not.toContain("pending");
    expect(html).toContain("openai/gpt-4o");
    expect(html).toContain("$0.0123");
    expect(analysesTableHtml([])).toBe("<p>No analyses recorded yet.</p>");
  });

  it("says what is true of an outcome that is not there, names cancelled runs, and labels demo rows", () => {
    const waiting = { ...summary, outcome: null, outcomeStatus: "pending" as const };
    const csv = { ...summary, outcome: null, outcomeStatus: "no_later_bars" as const };
    const cancelled = {
      ...summary,
      decision: null,
      status: "cancelled" as const,
      outcome: null,
      outcomeStatus: "none" as const,
      error: { code: "cancelled", message: "Cancelled: the client disconnected." },
    };
    const demo = { ...summary, demo: true };
    const cells = (row: AnalysisSummary) => analysesTableHtml([row]);
    expect(cells(waiting)).toContain(">pending<");
    expect(cells(csv)).toContain(">no outcome: no bars after the window<");
    expect(cells(csv)).not.toContain("pending");
    expect(cells(cancelled)).toContain("cancelled: Cancelled: the client disconnected.");
    expect(cells(demo)).toContain("(demo: scripted, not a model)");
    expect(cells(summary)).not.toContain("demo");
  });
});

describe("accuracyTableHtml", () => {
  it("shows accuracy with its Wilson interval per group, for stats and leaderboard alike", () => {
    const html = accuracyTableHtml({
      groups: [
        { key: "gpt-4o & <co>", n: 12, scored: 10, hits: 7, accuracy: 0.7, ci_low: 0.396778, ci_high: 0.892209 },
      ],
    });
    expect(html).toContain("gpt-4o &amp; &lt;co&gt;");
    expect(html).toContain("70.0%");
    expect(html).toContain("39.7% – 89.2%");
    const empty = accuracyTableHtml({
      groups: [{ key: "new", points: 0, scored: 0, hits: 0, accuracy: null, ci_low: null, ci_high: null }],
    });
    expect(empty).toContain('<td style="padding:4px 8px;border-bottom:1px solid #e4e4e7;text-align:left">–</td>');
  });
});

describe("accuracyOverTimeFigure", () => {
  it("draws one line per group in percent, with the interval as asymmetric error bars, as plain JSON", () => {
    const figure = accuracyOverTimeFigure({
      groupBy: "model",
      horizon: 3,
      bucket: "week",
      series: [
        {
          key: "gpt-4o",
          points: [
            { start: "2025-01-06", scored: 7, hits: 7, accuracy: 1, ci_low: 0.64567, ci_high: 1 },
            { start: "2025-01-13", scored: 0, hits: 0, accuracy: null, ci_low: null, ci_high: null },
          ],
        },
      ],
    });
    expect(JSON.parse(JSON.stringify(figure))).toEqual(figure);
    const trace = figure.data[0]!;
    expect(trace).toMatchObject({
      type: "scatter",
      name: "gpt-4o",
      x: ["2025-01-06", "2025-01-13"],
      y: [100, null],
      customdata: [7, 0],
    });
    expect(trace.error_y.array).toEqual([0, 0]);
    expect(trace.error_y.arrayminus[0]).toBeCloseTo(35.433, 3);
    expect(figure.layout).toMatchObject({ width: 960, height: 480, yaxis: { range: [0, 100] } });
    expect(JSON.stringify(figure.layout)).toContain("by week, k = 3, per model");
  });
});
