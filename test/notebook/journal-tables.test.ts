// The notebook's HTML tables, cell by cell: the history list (time, asset and symbol, decision, model, each
// horizon's outcome or what stands in for it, cost, id) and accuracy per group (also split at the training cutoff),
// with the exact markup a notebook shows. journal-views.test.ts checks the escaping with hostile text.
import { describe, expect, it } from "vitest";

import type { CutoffSplitFigures } from "../../src/journal/cutoff-stats";
import type { AnalysisSummary } from "../../src/journal/list-analyses";
import {
  accuracyTableHtml,
  analysesTableHtml,
  cutoffSplitTableHtml,
  OUTCOME_STATUS_TEXT,
} from "../../src/notebook/journal-tables";

const TABLE = "border-collapse:collapse;font-family:system-ui,sans-serif;font-size:13px";
const CELL = "padding:4px 8px;border-bottom:1px solid #e4e4e7;text-align:left";
const th = (text: string) => `<th style="${CELL}">${text}</th>`;
const td = (html: string) => `<td style="${CELL}">${html}</td>`;
const row = (cells: string[]) => `<tr>${cells.map(td).join("")}</tr>`;
const tableOf = (headers: string[], rows: string[][]) =>
  `<table style="${TABLE}">\n<thead><tr>${headers.map(th).join("")}</tr></thead>\n<tbody>\n` +
  `${rows.map(row).join("\n")}\n</tbody>\n</table>`;

const HISTORY_HEADERS = ["recorded (UTC)", "asset", "timeframe", "decision", "model", "k = 1", "k = 3", "cost", "id"];
const ACCURACY_HEADERS = ["group", "n", "scored", "hits", "accuracy", "95% interval (Wilson)"];

const summary: AnalysisSummary = {
  id: "01a20470-e8b0-7199-aecf-eaacf96eba38",
  createdAt: "2025-03-01T12:34:56.789Z",
  source: "api",
  asset: "BTC",
  symbol: "BTC-USD",
  timeframe: "4h",
  windowEnd: "2025-03-01T08:00:00.000Z",
  barCount: 45,
  decision: "LONG",
  riskRewardRatio: 1.4,
  models: { agent: { provider: "openai", model: "gpt-4o-mini" }, graph: { provider: "anthropic", model: "claude" } },
  promptVersion: "v1",
  blind: false,
  costUsd: 0.01234,
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
  it("writes one row per analysis with each column as the notebook shows it", () => {
    const flat: AnalysisSummary = {
      ...summary,
      id: "second",
      asset: "SPX",
      symbol: "SPX",
      decision: "SHORT",
      costUsd: null,
      outcome: [
        { bars: 1, hit: false, return: 0 },
        { bars: 3, hit: true, return: 0.1 },
      ],
    };
    const expected = tableOf(HISTORY_HEADERS, [
      [
        "2025-03-01 12:34:56",
        "BTC (BTC-USD)",
        "4h",
        '<b style="color:#15803d">LONG</b>',
        "anthropic/claude",
        "hit +1.25%",
        "miss -0.40%",
        "$0.0123",
        "01a20470-e8b0-7199-aecf-eaacf96eba38",
      ],
      // Asset and symbol the same: shown once; a return of exactly zero has no sign; no price: a dash.
      [
        "2025-03-01 12:34:56",
        "SPX",
        "4h",
        '<b style="color:#b91c1c">SHORT</b>',
        "anthropic/claude",
        "miss 0.00%",
        "hit +10.00%",
        "–",
        "second",
      ],
    ]);
    expect(analysesTableHtml([summary, flat])).toBe(expected);
    // A page as list() answers it gives the same table as its summaries.
    expect(analysesTableHtml({ analyses: [summary, flat], nextCursor: "next" })).toBe(expected);
    expect(analysesTableHtml({ analyses: [], nextCursor: null })).toBe("<p>No analyses recorded yet.</p>");
  });

  it("shows a failed run's status and message in red, a demo label, and a missing horizon's status", () => {
    const failed: AnalysisSummary = {
      ...summary,
      decision: null,
      status: "failed",
      error: { code: "rate_limit", message: "Rate limit" },
      outcome: null,
      outcomeStatus: "none",
      demo: true,
    };
    const html = analysesTableHtml([failed]);
    expect(html).toContain(
      td(
        '<span style="color:#b91c1c">failed: Rate limit</span> <i style="color:#52525b">(demo: scripted, not a model)</i>',
      ),
    );
    expect(html).toContain(`${td("–")}${td("–")}${td("$0.0123")}`);
    // Without an error (not something the journal records) the message is empty, not "undefined".
    expect(analysesTableHtml([{ ...failed, error: null, demo: false }])).toContain(
      td('<span style="color:#b91c1c">failed: </span>'),
    );
    const pending = analysesTableHtml([{ ...summary, outcome: null, outcomeStatus: "pending" }]);
    expect(pending).toContain(`${td("pending")}${td("pending")}`);
    const never = analysesTableHtml([{ ...summary, outcome: null, outcomeStatus: "no_later_bars" }]);
    expect(never).toContain(
      `${td("no outcome: no bars after the window")}${td("no outcome: no bars after the window")}`,
    );
    // Scored at one horizon only: the other is still waiting.
    const half = analysesTableHtml([{ ...summary, outcome: [{ bars: 3, hit: true, return: 0.02 }] }]);
    expect(half).toContain(`${td("pending")}${td("hit +2.00%")}`);
    expect(OUTCOME_STATUS_TEXT).toEqual({
      pending: "pending",
      no_later_bars: "no outcome: no bars after the window",
      none: "–",
    });
  });
});

describe("accuracyTableHtml", () => {
  it("writes a row per group: n (or points), scored, hits, accuracy and the interval to one decimal", () => {
    const html = accuracyTableHtml({
      groups: [
        { key: "gpt-4o", n: 12, scored: 10, hits: 7, accuracy: 0.7, ci_low: 0.396778, ci_high: 0.892209 },
        { key: "board", points: 5, scored: 4, hits: 1, accuracy: 0.25, ci_low: 0.045587, ci_high: 0.699358 },
        { key: "neither", scored: 0, hits: 0, accuracy: null, ci_low: null, ci_high: null },
        { key: "low only", n: 1, scored: 1, hits: 1, accuracy: 1, ci_low: 0.2065, ci_high: null },
        { key: "high only", n: 1, scored: 1, hits: 1, accuracy: 1, ci_low: null, ci_high: 1 },
      ],
    });
    expect(html).toBe(
      tableOf(ACCURACY_HEADERS, [
        ["gpt-4o", "12", "10", "7", "70.0%", "39.7% – 89.2%"],
        ["board", "5", "4", "1", "25.0%", "4.6% – 69.9%"],
        ["neither", "", "0", "0", "–", "–"],
        ["low only", "1", "1", "1", "100.0%", "–"],
        ["high only", "1", "1", "1", "100.0%", "–"],
      ]),
    );
    expect(accuracyTableHtml({ groups: [] })).toBe("<p>Nothing to show yet.</p>");
  });
});

describe("cutoffSplitTableHtml", () => {
  it("writes three rows per split group, one per side of the cutoff, and one row for a group without a split", () => {
    const side = (n: number, hits: number, scored: number) => ({
      n,
      scored,
      hits,
      accuracy: scored === 0 ? null : hits / scored,
      ci_low: scored === 0 ? null : 0.1,
      ci_high: scored === 0 ? null : 0.9,
    });
    const split: CutoffSplitFigures = { before: side(2, 1, 2), after: side(3, 3, 3), unsplit: side(1, 0, 0) };
    const html = cutoffSplitTableHtml({
      groups: [
        { key: "gpt-4o", n: 6, scored: 5, hits: 4, accuracy: 0.8, ci_low: 0.3, ci_high: 0.95, split },
        { key: "other", n: 2, scored: 2, hits: 2, accuracy: 1, ci_low: 0.34, ci_high: 1 },
      ],
    });
    expect(html).toBe(
      tableOf(ACCURACY_HEADERS, [
        ["gpt-4o (before)", "2", "2", "1", "50.0%", "10.0% – 90.0%"],
        ["gpt-4o (after)", "3", "3", "3", "100.0%", "10.0% – 90.0%"],
        ["gpt-4o (unsplit)", "1", "0", "0", "–", "–"],
        ["other", "2", "2", "2", "100.0%", "34.0% – 100.0%"],
      ]),
    );
  });
});
