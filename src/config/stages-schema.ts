// The optional stages around the four agents, as the config record (`stages`) and an analysis request take them:
// memory of earlier outcomes, a bull/bear debate before the decision, and computed risk levels after it. All off by
// default, so a plain run is the four agents and their five model calls. What ran is recorded with every result,
// journal row and evaluation cache key, so runs with and without a stage compare side by side (an ablation).
import { z } from "zod";

/** Lessons handed to the Decision agent at most: a handful is what a prompt can weigh, and each costs tokens. */
export const MAX_MEMORY_LESSONS = 10;
/** Debate rounds at most: each adds two sequential model calls to the critical path. */
export const MAX_DEBATE_ROUNDS = 5;

/** A stage's count (lessons, rounds): a whole number from 1 (0 is said by leaving the stage out) to `max`. */
function stageCountSchema(unit: string, stage: string, max: number) {
  return z
    .number({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(1, `must be at least 1 (leave ${stage} out to turn it off)`)
    .max(max, `must be at most ${max}`);
}

export const memoryStageSchema = z.strictObject({
  /** How many lessons of the same market and timeframe the Decision agent is given, newest first. */
  lessons: stageCountSchema("lessons", "memory", MAX_MEMORY_LESSONS),
});

export const debateStageSchema = z.strictObject({
  /** Rounds of the debate: a bull then a bear argument each. */
  rounds: stageCountSchema("rounds", "debate", MAX_DEBATE_ROUNDS),
});

/** The risk step takes no settings: its levels follow from the window alone. */
export const riskStageSchema = z.strictObject({});

export const stagesSchema = z
  .strictObject(
    {
      memory: memoryStageSchema.optional(),
      debate: debateStageSchema.optional(),
      risk: riskStageSchema.optional(),
    },
    { error: "must be an object such as {memory: {lessons: 3}, debate: {rounds: 1}, risk: {}}" },
  )
  .meta({
    description:
      "optional stages, all off by default: memory {lessons: K} (lessons of earlier outcomes for the Decision agent; " +
      "needs the journal), debate {rounds: R} (bull and bear researchers before the decision), risk {} (computed " +
      "stop-loss, take-profit and size after it)",
  });

export type Stages = z.infer<typeof stagesSchema>;
export type StagesInput = z.input<typeof stagesSchema>;
export type StageName = keyof Stages;
export const STAGE_NAMES: readonly StageName[] = ["memory", "debate", "risk"];

/** The stages with only the ones that are on, in a fixed order (what results, rows and cache keys record). */
export function normaliseStages(stages: Stages): Stages {
  return {
    ...(stages.memory ? { memory: { lessons: stages.memory.lessons } } : {}),
    ...(stages.debate ? { debate: { rounds: stages.debate.rounds } } : {}),
    ...(stages.risk ? { risk: {} } : {}),
  };
}

export function hasStages(stages: Stages): boolean {
  return STAGE_NAMES.some((name) => stages[name] !== undefined);
}

/** "memory 3, debate 2, risk", or "none": a label for tables, logs and ablation columns. */
export function describeStages(stages: Stages): string {
  const parts = [
    stages.memory ? `memory ${stages.memory.lessons}` : undefined,
    stages.debate ? `debate ${stages.debate.rounds}` : undefined,
    stages.risk ? "risk" : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? "none" : parts.join(", ");
}
