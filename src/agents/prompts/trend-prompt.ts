// The Trend agent's prompts: the dispatch step (ask for the trendline chart) and the vision step (read it).
import type { AnalysisContext } from "../analysis-context";
import type { TrendlineSummary } from "../trend-summary";

export function trendDispatchPrompt(context: AnalysisContext): string {
  return `You are a trend analyst for ${context.assetName} on the ${context.timeframe} timeframe.
To see the trend you must call the tool generate_trend_chart, which draws a candlestick chart of the last
${context.barCount} bars with fitted support and resistance trendlines. Call it now.`;
}

export function trendVisionPrompt(context: AnalysisContext, lines: TrendlineSummary): string {
  return `This candlestick chart shows the last ${context.barCount} ${context.timeframe} bars of ${context.assetName} (${context.symbol}).
The blue line is support and the red line is resistance, both fitted to the closes; the dashed purple and orange
lines are support fitted to the lows and resistance fitted to the highs.
Fitted values at the latest bar: close-based support ${lines.closeSupport}, close-based resistance ${lines.closeResistance};
slopes per bar: support ${lines.supportSlope}, resistance ${lines.resistanceSlope}. Latest close: ${lines.lastClose}.

Write a trend report in plain text:
- the direction of the trend: upward, downward or sideways, and how strong it is;
- what the two lines do (converging, diverging, parallel) and where price sits between them;
- whether price is testing, breaking or bouncing off a line;
- a short-term outlook for the next few bars with your reasoning.
Begin the report with one line: "Trend: upward", "Trend: downward" or "Trend: sideways".`;
}
