// The Pattern agent's prompts: the dispatch step (ask for the chart) and the vision step (read it).
import type { AnalysisContext } from "../analysis-context";

export const classicPatterns = [
  "Inverse Head and Shoulders",
  "Double Bottom",
  "Rounded Bottom",
  "Hidden Base",
  "Falling Wedge",
  "Rising Wedge",
  "Ascending Triangle",
  "Descending Triangle",
  "Bullish Flag",
  "Bearish Flag",
  "Rectangle",
  "Island Reversal",
  "V-shaped Reversal",
  "Rounded Top or Rounded Bottom",
  "Expanding Triangle",
  "Symmetrical Triangle",
] as const;

export function patternDispatchPrompt(context: AnalysisContext): string {
  return `You are a chart-pattern analyst for ${context.assetName} on the ${context.timeframe} timeframe.
To see the price action you must call the tool generate_pattern_chart, which draws a candlestick chart of the
last ${context.patternBars} bars. Call it now.`;
}

export function patternVisionPrompt(context: AnalysisContext): string {
  return `This candlestick chart shows the last ${context.patternBars} ${context.timeframe} bars of ${context.assetName} (${context.symbol}).
Compare it with these classic patterns:
${classicPatterns.map((name, index) => `${index + 1}. ${name}`).join("\n")}

Write a pattern report in plain text:
- the patterns the chart matches, each with how clearly it is formed and where (which part of the chart);
- whether each one is complete or still forming, and the breakout or breakdown level that would confirm it;
- what the patterns together imply for the next few bars: bullish, bearish or neutral.
If no pattern is clearly formed, say so rather than forcing a match.`;
}
