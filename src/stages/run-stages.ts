// The optional stages as an analysis runs them, around the Decision agent (run-analysis.ts calls the two functions
// here, so the orchestration of the four agents stays as it was):
// - before the decision: memory recalls the lessons known at the window's end (step "memory", no model call), then
//   the debate runs its rounds (steps "bull-1", "bear-1", ...);
// - after it: risk computes its levels (step "risk", no model call), and in a replay of history (the caller's bars
//   after the window are known) memory reflects on the outcome at once (step "reflection", one call); the pipeline
//   stores that lesson with the analysis once it is recorded.
import type { AnalysisContext } from "../agents/analysis-context";
import type { Decision } from "../agents/decision-record";
import type { DecisionExtras } from "../agents/prompts/decision-prompt";
import type { DecisionReports } from "../agents/prompts/decision-reports";
import type { DebateTurn } from "../agents/prompts/researcher-prompt";
import { runReflection } from "../agents/reflection-agent";
import type { TrendlineSummary } from "../agents/trend-summary";
import type { Stages } from "../config/stages-schema";
import type { RecalledLesson, RecallQuery } from "../journal/lessons";
import { closesAfter, scoreOutcome } from "../journal/outcome";
import type { ChatModel } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import { computeRiskLevels, type RiskLevels } from "./risk-levels";
import { runDebate, type RunStep } from "./run-debate";

/** Reads the lessons known at a window's end; the pipeline answers from its journal. */
export type RecallLessons = (query: RecallQuery) => Promise<RecalledLesson[]>;

export interface StageRunInput {
  stages: Stages;
  step: RunStep;
  context: AnalysisContext;
  symbol: string;
  candles: readonly Candle[];
  model: ChatModel;
  signal?: AbortSignal;
}

export interface BeforeDecision {
  extras: DecisionExtras;
  debate?: DebateTurn[];
  recalled?: RecalledLesson[];
}

export async function runStagesBeforeDecision(
  input: StageRunInput & { reports: DecisionReports; recallLessons?: RecallLessons; memoryScope?: string },
): Promise<BeforeDecision> {
  const { stages } = input;
  const last = input.candles[input.candles.length - 1];
  let recalled: RecalledLesson[] | undefined;
  if (stages.memory && last) {
    const recall = input.recallLessons;
    const limit = stages.memory.lessons;
    recalled = await input.step("memory", async () =>
      recall
        ? recall({
            symbol: input.memoryScope ?? input.symbol,
            timeframe: input.context.timeframe,
            knownBy: new Date(last.time).toISOString(),
            limit,
          })
        : [],
    );
  }
  const debate = stages.debate
    ? await runDebate({
        rounds: stages.debate.rounds,
        context: input.context,
        reports: input.reports,
        model: input.model,
        step: input.step,
        signal: input.signal,
      })
    : undefined;
  return {
    extras: {
      ...(debate ? { debate } : {}),
      ...(recalled ? { lessons: recalled } : {}),
    },
    ...(debate ? { debate } : {}),
    ...(recalled ? { recalled } : {}),
  };
}

export interface AfterDecision {
  risk?: RiskLevels;
  /** The lesson about this analysis, written at once in a replay whose outcome the caller's bars already hold. */
  lesson?: string;
}

export async function runStagesAfterDecision(
  input: StageRunInput & {
    decision: Decision;
    trendlines: TrendlineSummary;
    reports: { indicator: string; pattern: string; trend: string };
    assetName: string;
    laterCandles?: readonly Candle[];
  },
): Promise<AfterDecision> {
  const { stages, decision } = input;
  const risk = stages.risk
    ? await input.step("risk", async () =>
        computeRiskLevels({
          candles: input.candles,
          directive: decision.decision,
          riskRewardRatio: decision.riskRewardRatio,
          trendlines: input.trendlines,
        }),
      )
    : undefined;
  const last = input.candles[input.candles.length - 1];
  const windowEnd = last ? new Date(last.time).toISOString() : undefined;
  const outcome =
    stages.memory && windowEnd && input.laterCandles && input.laterCandles.length > 0
      ? scoreOutcome({
          directive: decision.decision,
          entryClose: last?.close ?? 0,
          laterCloses: closesAfter(windowEnd, input.laterCandles),
        })
      : null;
  const lesson =
    outcome && windowEnd
      ? await input.step("reflection", (recorder) =>
          runReflection({
            subject: {
              assetName: input.assetName,
              symbol: input.symbol,
              timeframe: input.context.timeframe,
              windowEnd,
              decision,
              reports: input.reports,
              outcome,
            },
            model: input.model,
            recorder,
            signal: input.signal,
          }),
        )
      : undefined;
  return { ...(risk ? { risk } : {}), ...(lesson === undefined ? {} : { lesson }) };
}
