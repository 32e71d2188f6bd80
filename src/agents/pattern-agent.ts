// The Pattern agent: a candlestick chart of the last 40 bars, read by the vision model against classic patterns.
import type { ChatModel } from "../llm/chat-model";
import type { AnalysisContext } from "./analysis-context";
import { type ChartDispatch, runChartAgent } from "./chart-agent";
import type { StepRecorder } from "./model-call";
import { patternDispatchPrompt, patternVisionPrompt } from "./prompts/pattern-prompt";

export interface PatternAgentInput {
  context: AnalysisContext;
  chart: Buffer;
  dispatch: ChartDispatch;
  agentModel: ChatModel;
  graphModel: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
}

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
