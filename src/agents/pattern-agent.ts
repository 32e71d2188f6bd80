// The Pattern agent: a candlestick chart of the last 40 bars, read by the vision model against classic patterns.
import { type ChartReaderInput, runChartAgent } from "./chart-agent";
import { patternDispatchPrompt, patternVisionPrompt } from "./prompts/pattern-prompt";

export type PatternAgentInput = ChartReaderInput;

export function runPatternAgent(input: PatternAgentInput): Promise<string> {
  return runChartAgent({
    ...input,
    tool: {
      name: "generate_pattern_chart",
      description: `Draws a candlestick chart of the last ${input.context.patternBars} bars for pattern recognition.`,
      dispatchPrompt: patternDispatchPrompt(input.context),
    },
    visionPrompt: patternVisionPrompt(input.context),
  });
}
