// The Decision agent: the three reports in, a validated SPEC 6 record out, with one repair attempt and no guessing.
import type { ChatMessage, ChatModel } from "../llm/chat-model";
import type { AnalysisContext } from "./analysis-context";
import { DecisionError } from "./agent-errors";
import { parseDecision, type DecisionRecord } from "./decision-record";
import { recordedChat, type ModelCallRecord } from "./model-call";
import {
  decisionRepairPrompt,
  decisionSystemPrompt,
  decisionUserPrompt,
  type DecisionReports,
} from "./prompts/decision-prompt";

export interface DecisionAgentInput {
  context: AnalysisContext;
  reports: DecisionReports;
  model: ChatModel;
  calls: ModelCallRecord[];
  signal?: AbortSignal;
}

export async function runDecisionAgent(input: DecisionAgentInput): Promise<DecisionRecord> {
  const { model, calls, signal } = input;
  const messages: ChatMessage[] = [
    { role: "system", content: decisionSystemPrompt(input.context) },
    { role: "user", content: decisionUserPrompt(input.reports) },
  ];
  const record = { step: "decision", role: "graph", calls } as const;

  const first = await recordedChat(model, { messages, responseFormat: "json", signal }, record);
  const firstParse = parseDecision(first.text);
  if (firstParse.ok) return firstParse.record;

  messages.push(
    { role: "assistant", content: first.text },
    { role: "user", content: decisionRepairPrompt(firstParse.problem) },
  );
  const second = await recordedChat(model, { messages, responseFormat: "json", signal }, record);
  const secondParse = parseDecision(second.text);
  if (secondParse.ok) return secondParse.record;
  throw new DecisionError(secondParse.problem, second.text, first.text);
}
