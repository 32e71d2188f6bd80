// HTML tables of the journal for notebooks (display.html): the history list, and accuracy per group from stats()
// (also split at the training cutoff) or leaderboard(). Pure functions; every value from the journal is escaped, since symbols, model names and error
// messages come from users and providers.
import { DEMO_LABEL } from "../config/providers";
import type { OutcomeStatus } from "../journal/analysis-status";
import { splitRows } from "../journal/cutoff-stats";
import type { AccuracyFigures } from "../journal/journal-grouping";
import type { StatsGroup } from "../journal/journal-stats";
import type { AnalysisPage, AnalysisSummary } from "../journal/list-analyses";
import type { OutcomeAtHorizon } from "../journal/outcome";
import { escapeHtml } from "./display";

const tableStyle = "border-collapse:collapse;font-family:system-ui,sans-serif;font-size:13px";
const cellStyle = "padding:4px 8px;border-bottom:1px solid #e4e4e7;text-align:left";

function table(headers: readonly string[], rows: readonly string[][]): string {
  const head = headers.map((header) => `<th style="${cellStyle}">${escapeHtml(header)}</th>`).join("");
  const body = rows
    .map((cells) => `<tr>${cells.map((cell) => `<td style="${cellStyle}">${cell}</td>`).join("")}</tr>`)
    .join("\n");
  return `<table style="${tableStyle}">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const percent = (value: number | null, digits = 1) => (value === null ? "–" : `${(value * 100).toFixed(digits)}%`);

/** What is true of an outcome that is not there: waiting for the market, never coming, or nothing to score. */
export const OUTCOME_STATUS_TEXT: Readonly<Record<Exclude<OutcomeStatus, "scored">, string>> = {
  pending: "pending",
  no_later_bars: "no outcome: no bars after the window",
  none: "–",
};

function horizonCell(summary: AnalysisSummary, bars: 1 | 3): string {
  const horizon: OutcomeAtHorizon | undefined = summary.outcome?.find((entry) => entry.bars === bars);
  if (!horizon) return OUTCOME_STATUS_TEXT[summary.outcomeStatus === "scored" ? "pending" : summary.outcomeStatus];
  const sign = horizon.return > 0 ? "+" : "";
  return `${horizon.hit ? "hit" : "miss"} ${sign}${(horizon.return * 100).toFixed(2)}%`;
}

function decisionCell(summary: AnalysisSummary): string {
  const demo = summary.demo ? ` <i style="color:#52525b">(${escapeHtml(DEMO_LABEL)})</i>` : "";
  if (summary.decision === null)
    return `<span style="color:#b91c1c">${summary.status}: ${escapeHtml(summary.error?.message ?? "")}</span>${demo}`;
  const colour = summary.decision === "LONG" ? "#15803d" : "#b91c1c";
  return `<b style="color:${colour}">${summary.decision}</b>${demo}`;
}

/** The history list as a table, newest first, as list() answered it. */
export function analysesTableHtml(analyses: AnalysisPage | readonly AnalysisSummary[]): string {
  const summaries = "analyses" in analyses ? analyses.analyses : analyses;
  if (summaries.length === 0) return "<p>No analyses recorded yet.</p>";
  const rows = summaries.map((summary) => [
    escapeHtml(summary.createdAt.replace("T", " ").slice(0, 19)),
    escapeHtml(summary.asset === summary.symbol ? summary.asset : `${summary.asset} (${summary.symbol})`),
    escapeHtml(summary.timeframe),
    decisionCell(summary),
    escapeHtml(`${summary.models.graph.provider}/${summary.models.graph.model}`),
    escapeHtml(horizonCell(summary, 1)),
    escapeHtml(horizonCell(summary, 3)),
    summary.costUsd === null ? "–" : `$${summary.costUsd.toFixed(4)}`,
    escapeHtml(summary.id),
  ]);
  return table(["recorded (UTC)", "asset", "timeframe", "decision", "model", "k = 1", "k = 3", "cost", "id"], rows);
}

export interface AccuracyTableRow extends AccuracyFigures {
  key: string;
  /** stats(): analyses recorded; leaderboard(): points with a directive. */
  n?: number;
  points?: number;
}

/** stats({ split: "cutoff" }) as one accuracy table: a row per group and side of the training cutoff. */
export function cutoffSplitTableHtml(result: { groups: readonly StatsGroup[] }): string {
  return accuracyTableHtml({ groups: splitRows(result.groups) });
}

/** Accuracy per group with its Wilson 95% interval, from stats() or leaderboard(). */
export function accuracyTableHtml(result: { groups: readonly AccuracyTableRow[] }): string {
  if (result.groups.length === 0) return "<p>Nothing to show yet.</p>";
  const rows = result.groups.map((group) => [
    escapeHtml(group.key),
    String(group.n ?? group.points ?? ""),
    String(group.scored),
    String(group.hits),
    percent(group.accuracy),
    group.ci_low === null || group.ci_high === null ? "–" : `${percent(group.ci_low)} – ${percent(group.ci_high)}`,
  ]);
  return table(["group", "n", "scored", "hits", "accuracy", "95% interval (Wilson)"], rows);
}
