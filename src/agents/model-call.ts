// One recorded model call: which step and role made it, which model answered, how long it took, tokens used.
import type { ChatModel, ChatRequest, ChatResponse, TokenUsage } from "../llm/chat-model";
import type { ProviderId } from "../config/providers";
import { ModelRefusalError } from "./agent-errors";

export type AgentStep = "indicator" | "pattern" | "trend" | "decision";
export type { ModelRole } from "../llm/create-chat-model";
import type { ModelRole } from "../llm/create-chat-model";

export interface ModelCallRecord {
  step: AgentStep;
  role: ModelRole;
  provider: ProviderId;
  model: string;
  usage: TokenUsage;
  durationMs: number;
}

/**
 * Calls the model and appends a record of the call to `calls`. A refusal fails the step here, for every call of
 * every agent (a refused decision is not malformed JSON to repair).
 */
export async function recordedChat(
  model: ChatModel,
  request: ChatRequest,
  record: { step: AgentStep; role: ModelRole; calls: ModelCallRecord[] },
): Promise<ChatResponse> {
  const started = performance.now();
  const response = await model.chat(request);
  record.calls.push({
    step: record.step,
    role: record.role,
    provider: model.provider,
    model: response.model || model.model,
    usage: response.usage,
    durationMs: performance.now() - started,
  });
  if (response.finishReason === "content_filter") throw new ModelRefusalError(record.step, model, response.text);
  return response;
}
