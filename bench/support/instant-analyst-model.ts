// An in-process ChatModel that answers at once like a cooperative analyst: calls the offered tools, then writes a
// report; answers the decision as JSON. It lets a benchmark measure the pipeline's own work with model time at zero.
import type { ProviderId } from "../../src/config/providers";
import type { ChatModel, ChatRequest, ChatResponse } from "../../src/llm/chat-model";

export class InstantAnalystModel implements ChatModel {
  readonly temperature = 0.1;
  constructor(
    readonly provider: ProviderId = "openai",
    readonly model = "instant-analyst",
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const usage = { inputTokens: JSON.stringify(request.messages).length / 4, outputTokens: 50 };
    const last = request.messages[request.messages.length - 1];
    const tools = request.tools ?? [];
    const choice = request.toolChoice;
    if (tools.length > 0 && choice !== "none" && last?.role !== "tool") {
      const names = typeof choice === "object" ? [choice.name] : tools.map((tool) => tool.name);
      const toolCalls = names.map((name, index) => ({ id: `call_${index}`, name, arguments: {}, rawArguments: "{}" }));
      return { text: "", toolCalls, usage, model: this.model, finishReason: "tool_calls" };
    }
    const text =
      request.responseFormat === "json"
        ? JSON.stringify({
            forecast_horizon: "next 3 bars",
            decision: "SHORT",
            justification: "Instant analyst.",
            risk_reward_ratio: 1.4,
            confidence: 0.6,
          })
        : "Instant report: momentum mixed, trend sideways.";
    return { text, toolCalls: [], usage, model: this.model, finishReason: "stop" };
  }
}
