// The two-step chart agent shared by Pattern and Trend: the agent model dispatches the chart tool, the graph model
// reads the image. The chart is rendered while the dispatch call is in flight, so it is ready when the tool is called.
import type { ChatModel } from "../llm/chat-model";
import { reportText } from "./agent-errors";
import { recordedChat, type AgentStep, type ModelCallRecord } from "./model-call";

export interface ChartAgentInput {
  step: Extract<AgentStep, "pattern" | "trend">;
  toolName: string;
  toolDescription: string;
  dispatchPrompt: string;
  visionPrompt: string;
  /** The chart's PNG, already being rendered. */
  chart: Promise<Buffer>;
  agentModel: ChatModel;
  graphModel: ChatModel;
  calls: ModelCallRecord[];
  signal?: AbortSignal;
}

export async function runChartAgent(input: ChartAgentInput): Promise<string> {
  const { step, agentModel, graphModel, calls, signal } = input;
  // The dispatch answer itself carries nothing we need: the tool takes no arguments and the chart is fixed by the
  // window. It is kept because the agent model deciding to look is part of the design (and of the token account).
  await recordedChat(
    agentModel,
    {
      messages: [
        { role: "system", content: input.dispatchPrompt },
        { role: "user", content: `Call ${input.toolName} to see the chart.` },
      ],
      tools: [{ name: input.toolName, description: input.toolDescription, parameters: { type: "object", properties: {} } }],
      toolChoice: { name: input.toolName },
      signal,
    },
    { step, role: "agent", calls },
  );

  const png = await input.chart;
  const vision = await recordedChat(
    graphModel,
    {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: input.visionPrompt },
            { type: "image", mediaType: "image/png", data: png.toString("base64") },
          ],
        },
      ],
      signal,
    },
    { step, role: "graph", calls },
  );
  return reportText(vision, step, graphModel);
}
