// One turn of the debate: the bull or the bear researcher reads the reports and the other side's last argument and
// writes its own, streamed like any report. An empty answer is asked for once more; a second empty answer fails
// the debate with a StageError naming the turn.
import type { ChatMessage, ChatModel } from "../llm/chat-model";
import type { AnalysisContext } from "./analysis-context";
import type { StepRecorder } from "./model-call";
import type { DecisionReports } from "./prompts/decision-reports";
import {
  type DebateSide,
  type DebateTurn,
  RESEARCHER_MAX_OUTPUT_TOKENS,
  researcherRepairPrompt,
  researcherSystemPrompt,
  researcherUserPrompt,
} from "./prompts/researcher-prompt";
import { StageError } from "./stage-error";

export interface ResearcherTurnInput {
  context: AnalysisContext;
  side: DebateSide;
  round: number;
  reports: DecisionReports;
  /** The other side's last argument; undefined for the opening argument. */
  opponentLast?: DebateTurn;
  model: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
}

export async function runResearcherTurn(input: ResearcherTurnInput): Promise<DebateTurn> {
  const { model, recorder, signal, side } = input;
  const messages: ChatMessage[] = [
    { role: "system", content: researcherSystemPrompt(input.context, side) },
    { role: "user", content: researcherUserPrompt(input.reports, input.opponentLast) },
  ];
  const ask = async () => {
    const call = recorder.report.beginCall();
    const response = await recorder.chat(
      model,
      { messages, maxOutputTokens: RESEARCHER_MAX_OUTPUT_TOKENS, signal, onTextDelta: call.onTextDelta },
      "graph",
    );
    call.finish(response.text);
    return response.text;
  };
  const first = await ask();
  if (first.trim() === "") {
    // No empty assistant turn in the history: Anthropic refuses empty text blocks. The request is asked again.
    messages.push({ role: "user", content: researcherRepairPrompt(side) });
    const second = await ask();
    if (second.trim() === "") {
      throw new StageError({
        stage: "debate",
        step: recorder.step,
        model: model.model,
        problem: "the argument was empty",
        rawText: second,
        firstRawText: first,
      });
    }
  }
  // The report as streamed: an empty first answer wrote nothing, so this is the answer that counts.
  return { side, round: input.round, text: recorder.report.text() };
}
