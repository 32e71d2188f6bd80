// The Decision agent: the three reports (and, with the optional stages, the debate and the lessons) in, a validated
// decision record out, with one repair attempt and no guessing. With `samples` K > 1 (decision_samples), the same
// prompt is asked K times at once, each answer with its own repair; the directive is the majority's (a tie, possible
// only when a sample failed, goes to the first answer), `votes` counts each side, `agreement` is the majority's share,
// and the record's other fields are the first majority answer's, with `confidence` the majority's mean. A sample whose
// answer is still no record after its repair is left out while another sample answered; any other failure (the
// provider's, a refusal, a cancellation) fails the decision, as it would with one sample.
import type { ChatMessage, ChatModel, UserContent } from "../llm/chat-model";
import { DecisionError } from "./agent-errors";
import type { AnalysisContext } from "./analysis-context";
import { type Decision, type DecisionParse, parseDecision } from "./decision-record";
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
  /** The analysts' reports the decision reads; or, for a single agent, `prompt` in their place. */
  reports: DecisionReports;
  /** The system prompt and the user message asked instead of the Decision agent's own (agents "single"). */
  prompt?: { system: string; user: UserContent };
  /** The debate and the lessons, when those stages ran. */
  extras?: DecisionExtras;
  model: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
  /** Answers to ask for (odd, 1 to 9). @default 1 */
  samples?: number;
}

export async function runDecisionAgent(input: DecisionAgentInput): Promise<Decision> {
  const samples = input.samples ?? 1;
  if (samples <= 1) return decideOnce(input, 0);
  // A failure that is not a sample's own bad record stops the other samples at once: they would fail alike.
  const stop = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal;
  const settled = await Promise.allSettled(
    Array.from({ length: samples }, (_, sample) =>
      decideOnce({ ...input, signal }, sample).catch((error: unknown) => {
        if (!(error instanceof DecisionError) && !stop.signal.aborted) stop.abort(error);
        throw error;
      }),
    ),
  );
  if (stop.signal.aborted) throw stop.signal.reason;
  const answers = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  if (answers.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
  return majorityDecision(answers);
}

/** The samples' answers as one decision: the majority's directive, votes, agreement and mean confidence. */
export function majorityDecision(answers: readonly Decision[]): Decision {
  const votes = { LONG: 0, SHORT: 0 };
  for (const answer of answers) votes[answer.decision] += 1;
  const first = answers[0]!;
  const majority = votes.LONG === votes.SHORT ? first.decision : votes.LONG > votes.SHORT ? "LONG" : "SHORT";
  const agreeing = answers.filter((answer) => answer.decision === majority);
  return {
    ...agreeing[0]!,
    confidence: agreeing.reduce((sum, answer) => sum + answer.confidence, 0) / agreeing.length,
    votes,
    agreement: votes[majority] / answers.length,
    samples: answers.map((answer) => ({ decision: answer.decision, confidence: answer.confidence })),
  };
}

async function decideOnce(input: DecisionAgentInput, sample: number): Promise<Decision> {
  const { model, recorder, signal } = input;
  const messages: ChatMessage[] = [
    { role: "system", content: input.prompt?.system ?? decisionSystemPrompt(input.context) },
    { role: "user", content: input.prompt?.user ?? decisionUserPrompt(input.reports, input.extras) },
  ];
  const first = await recorder.chat(model, { messages, responseFormat: "json", sample, signal }, "graph");
  const firstParse = parseDecision(first.text);
  if (firstParse.ok) return accepted(firstParse, recorder);

  messages.push(
    { role: "assistant", content: first.text },
    { role: "user", content: decisionRepairPrompt(firstParse.problem) },
  );
  const second = await recorder.chat(model, { messages, responseFormat: "json", sample, signal }, "graph");
  const secondParse = parseDecision(second.text);
  if (secondParse.ok) return accepted(secondParse, recorder);
  throw new DecisionError({ problem: secondParse.problem, rawText: second.text, firstRawText: first.text });
}

/** A parsed record's decision; a field it did not know becomes a warning, not a repair. */
function accepted(parse: Extract<DecisionParse, { ok: true }>, recorder: StepRecorder): Decision {
  if (parse.ignoredFields.length > 0) {
    const fields = parse.ignoredFields.map((field) => JSON.stringify(field)).join(", ");
    recorder.warn(`The decision record's unknown field${parse.ignoredFields.length > 1 ? "s" : ""} ${fields} ignored.`);
  }
  return parse.decision;
}
