// The debate's prompts: a bull and a bear researcher, each making the strongest honest case for one side of the
// desk's next order from the analysts' reports, and answering the other side's last argument. They argue; they do not
// decide: the Decision agent reads the debate beside the reports (decision-prompt.ts).
import { describeBarSpan } from "../../market/bar-span";
import type { AnalysisContext } from "../analysis-context";
import { type DecisionReports, reportsText } from "./decision-reports";

export type DebateSide = "bull" | "bear";

/** One argument of the debate. */
export interface DebateTurn {
  side: DebateSide;
  /** 1 for the opening round. */
  round: number;
  text: string;
}

const SIDES = {
  bull: { direction: "LONG", moves: "rise", opponent: "bear" },
  bear: { direction: "SHORT", moves: "fall", opponent: "bull" },
} as const;

/** Tokens a researcher may write: about 200 words, so a round stays a short read for the Decision agent. */
export const RESEARCHER_MAX_OUTPUT_TOKENS = 400;

export function researcherSystemPrompt(context: AnalysisContext, side: DebateSide): string {
  const { direction, moves, opponent } = SIDES[side];
  const bars = context.horizonBars;
  return `You are the ${side} researcher of a high-frequency trading desk working the ${context.timeframe} chart of ${context.assetLabel}.
The desk will take an order, LONG or SHORT, for the next ${bars} bar${bars === 1 ? "" : "s"} (${describeBarSpan(context.timeframe, bars)}). Your task is to argue for ${direction}:
make the strongest honest case that price will ${moves} over that horizon, using only what the analysts' reports say.
- Lead with the signals that favour ${direction}, strongest first, and say how confirmed each one is.
- When the ${opponent} researcher has argued, answer their points directly: which of them are weak, early or
  already priced in, and why.
- Concede what you cannot dispute; an argument that ignores the evidence against it persuades nobody.
- Never invent a number, a pattern or a level that the reports do not give.
Write plain text, at most about 180 words, and end with one line "${side === "bull" ? "Bull" : "Bear"} case: " followed by your
single strongest reason.`;
}

export function researcherUserPrompt(reports: DecisionReports, opponentLast: DebateTurn | undefined): string {
  const rebuttal =
    opponentLast === undefined
      ? "You open the debate: make your case from the reports."
      : `The ${opponentLast.side} researcher's last argument (round ${opponentLast.round}):
${opponentLast.text}

Answer it, then make your case.`;
  return `${reportsText(reports)}
${rebuttal}`;
}

export function researcherRepairPrompt(side: DebateSide): string {
  return `Your answer was empty. Write your ${side} argument now, in plain text, ending with the "${side === "bull" ? "Bull" : "Bear"} case:" line.`;
}

/** The debate as the Decision agent reads it, in the order it was held. */
export function debateSection(turns: readonly DebateTurn[]): string {
  if (turns.length === 0) return "";
  const body = turns
    .map((turn) => `${turn.side === "bull" ? "Bull" : "Bear"} researcher, round ${turn.round}:\n${turn.text}`)
    .join("\n\n");
  return `
Debate between the desk's bull and bear researchers (arguments drawn from the reports above, not new evidence: weigh
them against the reports and the rules):
${body}
`;
}
