// The chart agent shared by Pattern and Trend. The chart is rendered before any model is called (run-analysis.ts),
// so a step only spends once its image exists. Two ways to hand it to the model (the config's chart_dispatch):
// - "direct": the graph model reads the image with the agent's prompt; one call.
// - "tool-call": the agent model is first offered the chart tool and must call it (a forced tool choice), then the
//   graph model reads the image; one more paid call, and it needs a provider that honours a forced tool choice.
import { z } from "zod";

import type { ChatModel } from "../llm/chat-model";
import { finishedReport } from "./agent-errors";
import { defineTool, toolDefinition } from "./agent-tool";
import type { AnalysisContext } from "./analysis-context";
import type { StepRecorder } from "./model-call";

export type ChartDispatch = "direct" | "tool-call";

/** What the Pattern and Trend agents are each given: the window's context, their chart and the models. */
export interface ChartReaderInput {
  context: AnalysisContext;
  /** The chart's PNG. */
  chart: Buffer;
  dispatch: ChartDispatch;
  agentModel: ChatModel;
  graphModel: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
}

export interface ChartAgentInput extends Omit<ChartReaderInput, "context"> {
  /** The chart tool offered in "tool-call" dispatch, and the system prompt that asks the agent model to call it. */
  tool: { name: string; description: string; dispatchPrompt: string };
  visionPrompt: string;
}

export async function runChartAgent(input: ChartAgentInput): Promise<string> {
  const { graphModel, recorder, signal } = input;
  if (input.dispatch === "tool-call") await dispatchChartTool(input);
  const reportCall = recorder.report.beginCall();
  const vision = await recorder.chat(
    graphModel,
    {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: input.visionPrompt },
            { type: "image", mediaType: "image/png", data: input.chart.toString("base64") },
          ],
        },
      ],
      signal,
      onTextDelta: reportCall.onTextDelta,
    },
    "graph",
  );
  reportCall.finish(vision.text);
  return finishedReport(recorder.report, recorder.step, graphModel);
}

/**
 * The agent model decides to look at the chart. Its answer carries nothing the analysis needs (the tool takes no
 * arguments and the chart is fixed by the window): the call is the design of the system this one replaces.
 */
async function dispatchChartTool(input: ChartAgentInput): Promise<void> {
  const tool = defineTool({
    name: input.tool.name,
    description: input.tool.description,
    argumentsSchema: z.strictObject({}),
    run: () => "The chart is attached to the next message.",
  });
  await input.recorder.chat(
    input.agentModel,
    {
      messages: [
        { role: "system", content: input.tool.dispatchPrompt },
        { role: "user", content: `Call ${tool.name} to see the chart.` },
      ],
      tools: [toolDefinition(tool)],
      toolChoice: { name: tool.name },
      signal: input.signal,
    },
    "agent",
  );
}
