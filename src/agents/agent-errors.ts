// Errors an agent raises when a model answers but the answer cannot be used. None is ever replaced by a default.
import { QuantAgentError } from "../common/quantagent-error";
import type { StepName as AgentStep } from "./steps";

export class EmptyReportError extends QuantAgentError {
  override name = "EmptyReportError";
  constructor(options: { step: AgentStep; model: string }) {
    super({
      code: "empty_report",
      kind: "provider",
      message: `Empty Report: the ${options.step} agent's model (${options.model}) returned no text. Try again or choose another model.`,
      details: { step: options.step, model: options.model },
    });
  }
}

/** The model declined (OpenAI `refusal`, Anthropic stop reason "refusal", a content filter). */
export class ModelRefusalError extends QuantAgentError {
  override name = "ModelRefusalError";
  constructor(options: { step: AgentStep; model: string; explanation: string }) {
    const said = options.explanation.trim() ? `: "${truncate(options.explanation.trim(), 300)}"` : "";
    super({
      code: "model_refusal",
      kind: "provider",
      message: `Model Refusal: the ${options.step} agent's model (${options.model}) declined to answer${said}. Try again or choose another model.`,
      details: { step: options.step, model: options.model },
    });
  }
}

/** The model failed to produce a valid decision record twice. Carries both raw answers. */
export class DecisionError extends QuantAgentError {
  override name = "DecisionError";
  readonly problem: string;
  readonly rawText: string;
  readonly firstRawText: string;

  constructor(options: { problem: string; rawText: string; firstRawText: string }) {
    super({
      code: "decision_failed",
      kind: "provider",
      message:
        `Decision Error: the model did not return a valid decision record after one repair attempt (${options.problem}). ` +
        `Raw answer: ${truncate(options.rawText, 2000)}`,
    });
    this.problem = options.problem;
    this.rawText = options.rawText;
    this.firstRawText = options.firstRawText;
  }
}

export function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}... (${text.length - limit} more characters)`;
}

/** The step's report as written (the report-delta events joined), or EmptyReportError when the model wrote none. */
export function finishedReport(report: { text(): string }, step: AgentStep, model: { model: string }): string {
  const text = report.text();
  if (text.trim() === "") throw new EmptyReportError({ step, model: model.model });
  return text;
}
