// The debate stage: after the analysts' reports and before the decision, a bull and a bear researcher argue R rounds,
// bull first in each round, each answering the other's last argument. Every turn is a step of its own ("bull-1",
// "bear-1", ...), so its text streams as `report-delta` events and its calls and time are its own. The turns are
// sequential by design (each reads the one before), so a debate adds 2R calls to the analysis's critical path.
import type { AnalysisContext } from "../agents/analysis-context";
import type { StepRecorder } from "../agents/model-call";
import type { DecisionReports } from "../agents/prompts/decision-reports";
import type { DebateSide, DebateTurn } from "../agents/prompts/researcher-prompt";
import { runResearcherTurn } from "../agents/researcher-agent";
import type { StepName } from "../agents/steps";
import type { ChatModel } from "../llm/chat-model";

/** Runs one step of the analysis (its progress events, timing and recorder); run-analysis.ts provides it. */
export type RunStep = <T>(name: StepName, work: (recorder: StepRecorder) => Promise<T>) => Promise<T>;

/** The step name of a turn: "bull-1", "bear-1", "bull-2", ... */
export function debateStepName(side: DebateSide, round: number): string {
  return `${side}-${round}`;
}

/** The steps a debate of `rounds` rounds runs, in order (for progress lists drawn before the run). */
export function debateStepNames(rounds: number): string[] {
  return Array.from({ length: rounds }, (_, index) => [
    debateStepName("bull", index + 1),
    debateStepName("bear", index + 1),
  ]).flat();
}

export interface DebateInput {
  rounds: number;
  context: AnalysisContext;
  reports: DecisionReports;
  model: ChatModel;
  step: RunStep;
  signal?: AbortSignal;
}

export async function runDebate(input: DebateInput): Promise<DebateTurn[]> {
  const turns: DebateTurn[] = [];
  for (let round = 1; round <= input.rounds; round += 1) {
    for (const side of ["bull", "bear"] as const) {
      const opponentLast = turns.findLast((turn) => turn.side !== side);
      const turn = await input.step(debateStepName(side, round), (recorder) =>
        runResearcherTurn({
          context: input.context,
          side,
          round,
          reports: input.reports,
          opponentLast,
          model: input.model,
          recorder,
          signal: input.signal,
        }),
      );
      turns.push(turn);
    }
  }
  return turns;
}
