// Shows an analysis result in a notebook: a decision card, what the optional stages added (stage-views.ts), the three
// reports as markdown, both charts as PNG, and the numbers as tables (indicators, model calls, time per step);
// showWindowChart() adds the interactive chart.
import { DEMO_LABEL } from "../config/providers";
import type { AnalysisResult } from "../pipeline/analysis-result";
import { type Display, escapeHtml, escapeMarkdownHtml } from "./display";
import { type PlotlyHtmlOptions, showPlotly, windowFigure } from "./interactive-chart";
import { indicatorTableHtml, timingsTableHtml, usageTableHtml } from "./result-tables";
import { debateMarkdown, stagesHtml } from "./stage-views";

export interface ShowResultOptions {
  /** Both chart images, as the vision model saw them. @default true */
  charts?: boolean;
  /** The three reports (and plugin analysts' reports). @default true */
  reports?: boolean;
  /** Indicators, model calls and time per step as tables. @default true */
  tables?: boolean;
}

export function decisionCardHtml(result: AnalysisResult): string {
  const decision = result.decision;
  const colour = decision.decision === "LONG" ? "#15803d" : "#b91c1c";
  const tokens = result.usage.total.inputTokens + result.usage.total.outputTokens;
  return `<div style="font-family:system-ui,sans-serif;border:1px solid #d4d4d8;border-radius:8px;padding:12px 16px;max-width:760px">${demoNoteHtml(result)}
<div style="font-size:13px;color:#52525b">${escapeHtml(assetLabel(result))} · ${escapeHtml(result.timeframe)} · ${result.barCount} bars · ${escapeHtml(result.window.start)} to ${escapeHtml(result.window.end)}</div>${windowNoteHtml(result)}${warningsNoteHtml(result)}
<div style="font-size:28px;font-weight:700;color:${colour};margin:4px 0">${decision.decision}</div>
<div style="font-size:14px">Risk/reward <b>${decision.riskRewardRatio.toFixed(2)}</b> · Horizon <b>${escapeHtml(decision.forecastHorizon)}</b> ${typeof decision.confidence === "number" ? `· Confidence <b>${decision.confidence.toFixed(2)}</b>` : ""}${decision.votes && decision.agreement !== undefined ? ` · Samples <b>${decision.votes.LONG} LONG, ${decision.votes.SHORT} SHORT</b> (${Math.round(decision.agreement * 100)}% agree)` : ""}</div>
<p style="font-size:14px;line-height:1.4">${escapeHtml(decision.justification)}</p>
<div style="font-size:12px;color:#71717a">agent ${escapeHtml(result.models.agent.model)} · graph ${escapeHtml(result.models.graph.model)} · ${tokens} tokens · ${(result.timingsMs.total / 1000).toFixed(1)} s</div>
</div>`;
}

/** The demo provider's label above everything else: these are scripted sentences, not a model's reading. */
export function demoNoteHtml(result: Pick<AnalysisResult, "demo">): string {
  if (!result.demo) return "";
  return `\n<div style="font-size:13px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:4px;padding:4px 8px;margin-bottom:6px">${escapeHtml(DEMO_LABEL)}: the reports and the decision come from the demo provider's fixed rule, not from a language model.</div>`;
}

/**
 * What the run did otherwise than configured (a reasoning model's temperature left out, JSON mode refused, an unknown
 * decision field ignored), a line each; empty when nothing. Results made before warnings existed have none.
 */
export function warningsNoteHtml(result: { warnings?: readonly string[] }): string {
  const warnings = result.warnings ?? [];
  if (warnings.length === 0) return "";
  const lines = warnings.map((warning) => `<div>Warning: ${escapeHtml(warning)}</div>`).join("");
  return `\n<div style="font-size:12px;color:#92400e;margin-top:4px">${lines}</div>`;
}

/** A line saying the window reached back before the requested start to have its bars; empty when it did not. */
export function windowNoteHtml(result: Pick<AnalysisResult, "window" | "barCount">): string {
  const requested = result.window.requestedStart;
  if (requested === undefined) return "";
  return `\n<div style="font-size:12px;color:#52525b">Requested from ${escapeHtml(requested)}; the window starts earlier, at ${escapeHtml(result.window.start)}, to have ${result.barCount} bars.</div>`;
}

/** "Bitcoin (BTC-USD)", or just the name when the symbol adds nothing (candles and CSV uploads). */
export function assetLabel(result: Pick<AnalysisResult, "assetName" | "symbol">): string {
  return result.symbol === result.assetName ? result.assetName : `${result.assetName} (${result.symbol})`;
}

export function reportsMarkdown(result: AnalysisResult): string {
  return [
    "### Indicator report",
    escapeMarkdownHtml(result.reports.indicator),
    "### Pattern report",
    escapeMarkdownHtml(result.reports.pattern),
    "### Trend report",
    escapeMarkdownHtml(result.reports.trend),
    // Plugin analysts' reports, under their names.
    ...Object.entries(result.analystReports ?? {}).flatMap(([name, text]) => [
      `### ${escapeMarkdownHtml(name)} (plugin analyst)`,
      escapeMarkdownHtml(text),
    ]),
  ].join("\n\n");
}

export function showResult(display: Display, result: AnalysisResult, options: ShowResultOptions = {}): void {
  display.html(decisionCardHtml(result));
  // The optional stages (memory, debate, risk), only when they ran.
  const stages = stagesHtml(result);
  if (stages !== "") display.html(stages);
  if (options.reports ?? true) display.markdown(reportsMarkdown(result));
  const debate = debateMarkdown(result);
  if ((options.reports ?? true) && debate !== "") display.markdown(debate);
  if (options.charts ?? true) {
    display.png(Buffer.from(result.charts.pattern, "base64"));
    display.png(Buffer.from(result.charts.trend, "base64"));
  }
  if (options.tables ?? true) {
    const gap = '<div style="height:12px"></div>';
    display.html([indicatorTableHtml(result), usageTableHtml(result), timingsTableHtml(result)].join(gap));
  }
}

/** The analysis window as an interactive Plotly chart: the candles and the four trendlines the Trend agent read. */
export function showWindowChart(
  display: Pick<Display, "html">,
  result: Pick<AnalysisResult, "candles" | "assetName" | "timeframe">,
  options: PlotlyHtmlOptions = {},
): void {
  showPlotly(display, windowFigure(result), options);
}
