// Errors an agent raises when a model answers but the answer cannot be used. None is ever replaced by a default.
import type { ChatModel } from "../llm/chat-model";
import type { AgentStep } from "./model-call";

export class EmptyReportError extends Error {
  override name = "EmptyReportError";
  constructor(step: AgentStep, model: ChatModel) {
    super(`Empty Report: the ${step} agent's model (${model.model}) returned no text. Try again or choose another model.`);
  }
}

/** The model declined (OpenAI `refusal`, Anthropic stop reason "refusal", a content filter). */
export class ModelRefusalError extends Error {
  override name = "ModelRefusalError";
  constructor(step: AgentStep, model: ChatModel, explanation: string) {
    const said = explanation.trim() ? `: "${truncate(explanation.trim(), 300)}"` : "";
    super(`Model Refusal: the ${step} agent's model (${model.model}) declined to answer${said}. Try again or choose another model.`);
  }
}

/** The model failed to produce a valid decision record twice. Carries both raw answers. */
export class DecisionError extends Error {
  override name = "DecisionError";
  constructor(
    readonly problem: string,
    readonly rawText: string,
    readonly firstRawText: string,
  ) {
    super(
      `Decision Error: the model did not return a valid decision record after one repair attempt (${problem}). ` +
        `Raw answer: ${truncate(rawText, 2000)}`,
    );
  }
}

export function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}... (${text.length - limit} more characters)`;
}

/** The report text of a response, or EmptyReportError. (Refusals are already stopped in recordedChat.) */
export function reportText(response: { text: string }, step: AgentStep, model: ChatModel): string {
  const report = response.text.trim();
  if (!report) throw new EmptyReportError(step, model);
  return report;
}
