// The memory stage's reflections on scored analyses that have no lesson yet: `history score --reflect`,
// `journal.scoreOutcomes({reflect: true})` and the server's periodic scoring (when SCORE_OUTCOMES_REFLECT is on)
// come here after scoring. One reflection call per analysis, oldest first, at most `limit` per round so a large
// journal is worked through in bounded, paid-for steps. An analysis whose reflection answers nothing usable twice is
// counted as failed and left for a later round; any other error (the provider refuses the key, the network is
// down) stops the round, since every next call would fail the same way.
import { createStepRecorder } from "../agents/model-call";
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { runReflection } from "../agents/reflection-agent";
import { StageError } from "../agents/stage-error";
import type { Journal } from "../journal/journal";
import type { AnalysisAwaitingLesson } from "../journal/lessons";
import type { ChatModel } from "../llm/chat-model";

/** Reflections per round at most, by default. */
export const DEFAULT_REFLECTION_LIMIT = 100;

export interface ReflectionCounts {
  /** Lessons written by this round. */
  written: number;
  /** Analyses whose reflection gave no usable lesson after a repair (tried again next round). */
  failed: number;
}

export interface ReflectOptions {
  /** @default 100 */
  limit?: number;
  signal?: AbortSignal;
}

export async function reflectOnOutcomes(
  journal: Pick<Journal, "analysesAwaitingLessons" | "saveLesson">,
  model: ChatModel,
  options: ReflectOptions = {},
): Promise<ReflectionCounts> {
  const counts: ReflectionCounts = { written: 0, failed: 0 };
  const awaiting = await journal.analysesAwaitingLessons({ limit: options.limit ?? DEFAULT_REFLECTION_LIMIT });
  for (const analysis of awaiting) {
    options.signal?.throwIfAborted();
    const recorder = createStepRecorder("reflection");
    let text: string;
    try {
      text = await runReflection({ subject: subjectOf(analysis), model, recorder, signal: options.signal });
    } catch (error) {
      if (error instanceof StageError) {
        counts.failed += 1;
        continue;
      }
      throw error;
    }
    const usage = recorder.usage();
    const written = await journal.saveLesson({
      analysisId: analysis.id,
      text,
      provider: model.provider,
      model: recorder.calls().at(-1)?.model ?? model.model,
      promptVersion: PROMPT_VERSION,
      usage,
    });
    if (written) counts.written += 1;
  }
  return counts;
}

function subjectOf(analysis: AnalysisAwaitingLesson) {
  return {
    assetName: analysis.asset,
    symbol: analysis.symbol,
    timeframe: analysis.timeframe,
    windowEnd: analysis.windowEnd,
    decision: {
      decision: analysis.decision,
      forecastHorizon: analysis.forecastHorizon,
      justification: analysis.justification,
    },
    reports: analysis.reports,
    outcome: analysis.outcome,
  };
}
