// The Pattern agent: a candlestick chart of the last 40 bars, read by the vision model against classic patterns.
import type { ChatModel } from "../llm/chat-model";
import type { AnalysisContext } from "./analysis-context";
import { runChartAgent } from "./chart-agent";
import type { ModelCallRecord } from "./model-call";
import { patternDispatchPrompt, patternVisionPrompt } from "./prompts/pattern-prompt";

export interface PatternAgentInput {
  context: AnalysisContext;
  chart: Promise<Buffer>;
  agentModel: ChatModel;
  graphModel: ChatModel;
  calls: ModelCallRecord[];
  signal?: AbortSignal;
}

export function runPatternAgent(input: PatternAgentInput): Promise<string> {
  return runChartAgent({
    ...input,
    step: "pattern",
    toolName: "generate_pattern_chart",
    toolDescription: `Draws a candlestick chart of the last ${input.context.patternBars} bars for pattern recognition.`,
    dispatchPrompt: patternDispatchPrompt(input.context),
    visionPrompt: patternVisionPrompt(input.context),
  });
}
