// The progress steps the optional stages add, with the labels the page, the notebook and the CLI show for them: so a
// progress list drawn before a run can hold a row for each, in the order they run. Memory and the debate run before
// the Decision agent, risk after it; a replay with memory then reflects on its outcome ("reflection").
import type { DebateSide } from "../agents/prompts/researcher-prompt";
import type { Stages } from "../config/stages-schema";
import { debateStepNames } from "./run-debate";

export interface StageStep {
  id: string;
  label: string;
  detail: string;
}

/** What a stage step is, by kind: the debate's turns are "bull" and "bear" with their round appended to the id. */
export const STAGE_STEP_KINDS = {
  memory: { label: "Memory", detail: "lessons of earlier orders on this market, known by the window's end" },
  bull: { label: "Bull researcher", detail: "argues for LONG from the reports" },
  bear: { label: "Bear researcher", detail: "argues for SHORT, answering the bull" },
  risk: { label: "Risk levels", detail: "stop-loss, take-profit and size from the window (no model call)" },
  reflection: { label: "Reflection", detail: "a lesson from this order's known outcome" },
} as const;

/** "Bull researcher, round 2" for "bull-2"; the label of any other stage step; undefined for other steps. */
export function stageStepLabel(step: string): string | undefined {
  const turn = /^(bull|bear)-(\d+)$/.exec(step);
  if (turn) return `${STAGE_STEP_KINDS[turn[1] as DebateSide].label}, round ${turn[2]}`;
  return step in STAGE_STEP_KINDS && !["bull", "bear"].includes(step)
    ? STAGE_STEP_KINDS[step as keyof typeof STAGE_STEP_KINDS].label
    : undefined;
}

/** The steps the stages add, split around the Decision agent. The reflection step is a replay's only, so not here. */
export function stageSteps(stages: Stages): { beforeDecision: StageStep[]; afterDecision: StageStep[] } {
  const kinds = STAGE_STEP_KINDS;
  const beforeDecision: StageStep[] = [
    ...(stages.memory ? [{ id: "memory", ...kinds.memory }] : []),
    ...debateStepNames(stages.debate?.rounds ?? 0).map((id) => {
      const side = id.startsWith("bull") ? "bull" : "bear";
      return { id, label: stageStepLabel(id) ?? id, detail: kinds[side].detail };
    }),
  ];
  const afterDecision: StageStep[] = stages.risk ? [{ id: "risk", ...kinds.risk }] : [];
  return { beforeDecision, afterDecision };
}
