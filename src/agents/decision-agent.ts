// The Decision agent: the three reports (and, with the optional stages, the debate and the lessons) in, a validated
// decision record out, with one repair attempt and no guessing.
import type { ChatMessage, ChatModel } from "../llm/chat-model";
import { DecisionError } from "./agent-errors";
import type { AnalysisContext } from "./analysis-context";
import { type Decision, parseDecision } from "./decision-record";
import type { StepRecorder } from "./model-call";
import {
  type DecisionExtras,
  decisionRepairPrompt,
  decisionSystemPrompt,
  decisionUserPrompt,
} from "./prompts/decision-prompt";
import type { DecisionReports } from "./prompts/decision-reports";

export interface DecisionAgentInput {
  context: AnalysisContext;
  reports: DecisionReports;
  /** The debate and the lessons, when those stages ran. */
  extras?: DecisionExtras;
  model: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
}

export async function runDecisionAgent(input: DecisionAgentInput): Promise<Decision> {
  const { model, recorder, signal } = input;
  const messages: ChatMessage[] = [
    { role: "system", content: decisionSystemPrompt(input.context) },
    { role: "user", content: decisionUserPrompt(input.reports, input.extras) },
  ];
  const first = await recorder.chat(model, { messages, responseFormat: "json", signal }, "graph");
  const firstParse = parseDecision(first.text);
  if (firstParse.ok) return firstParse.decision;

  messages.push(
    { role: "assistant", content: first.text },
    { role: "user", content: decisionRepairPrompt(firstParse.problem) },
  );
  const second = await recorder.chat(model, { messages, responseFormat: "json", signal }, "graph");
  const secondParse = parseDecision(second.text);
  if (secondParse.ok) return secondParse.decision;
  throw new DecisionError({ problem: secondParse.problem, rawText: second.text, firstRawText: first.text });
}
