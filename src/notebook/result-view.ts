// Shows an analysis result in a notebook: a decision card, the three reports as markdown, both charts as PNG.
import type { AnalysisResult } from "../pipeline/analysis-result";
import { escapeHtml, escapeMarkdownHtml, type Display } from "./display";

export interface ShowResultOptions {
  charts?: boolean;
  reports?: boolean;
}

export function decisionCardHtml(result: AnalysisResult): string {
  const decision = result.decision;
  const colour = decision.decision === "LONG" ? "#15803d" : "#b91c1c";
  const tokens = result.usage.total.inputTokens + result.usage.total.outputTokens;
  return `<div style="font-family:system-ui,sans-serif;border:1px solid #d4d4d8;border-radius:8px;padding:12px 16px;max-width:760px">
<div style="font-size:13px;color:#52525b">${escapeHtml(assetLabel(result))} · ${escapeHtml(result.timeframe)} · ${result.barCount} bars · ${escapeHtml(result.window.start)} to ${escapeHtml(result.window.end)}</div>
<div style="font-size:28px;font-weight:700;color:${colour};margin:4px 0">${decision.decision}</div>
<div style="font-size:14px">Risk/reward <b>${decision.riskRewardRatio.toFixed(2)}</b> · Horizon <b>${escapeHtml(decision.forecastHorizon)}</b></div>
<p style="font-size:14px;line-height:1.4">${escapeHtml(decision.justification)}</p>
<div style="font-size:12px;color:#71717a">agent ${escapeHtml(result.models.agent.model)} · graph ${escapeHtml(result.models.graph.model)} · ${tokens} tokens · ${(result.timingsMs.total / 1000).toFixed(1)} s</div>
</div>`;
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
    ...Object.entries(result.analystReports ?? {}).flatMap(([name, text]) => [`### ${escapeMarkdownHtml(name)} (plugin analyst)`, escapeMarkdownHtml(text)]),
  ].join("\n\n");
}

export function showResult(display: Display, result: AnalysisResult, options: ShowResultOptions = {}): void {
  display.html(decisionCardHtml(result));
  if (options.reports ?? true) display.markdown(reportsMarkdown(result));
  if (options.charts ?? true) {
    display.png(Buffer.from(result.charts.pattern, "base64"));
    display.png(Buffer.from(result.charts.trend, "base64"));
  }
}
