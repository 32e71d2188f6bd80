// The Trend agent: a candlestick chart of the window with fitted support and resistance, read by the vision model.
import { type ChartReaderInput, runChartAgent } from "./chart-agent";
import { trendDispatchPrompt, trendVisionPrompt } from "./prompts/trend-prompt";
import type { TrendlineSummary } from "./trend-summary";

export interface TrendAgentInput extends ChartReaderInput {
  lines: TrendlineSummary;
}

export function runTrendAgent(input: TrendAgentInput): Promise<string> {
  return runChartAgent({
    ...input,
    tool: {
      name: "generate_trend_chart",
      description: `Draws a candlestick chart of the last ${input.context.barCount} bars with fitted support and resistance trendlines.`,
      dispatchPrompt: trendDispatchPrompt(input.context),
    },
    visionPrompt: trendVisionPrompt(input.context, input.lines),
  });
}
