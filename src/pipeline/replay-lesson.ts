// The lesson a replay writes at once (memory on, the caller's bars after the window already known): the pipeline
// stores it with the analysis right after recording the analysis and its outcome. The reflection call's tokens go
// with it, so the journal can say what each lesson cost.
import type { LessonInput } from "../journal/lessons";
import { addUsage, zeroUsage } from "../llm/chat-model";
import type { AnalysisResult } from "./analysis-result";

/** `scope`: the market the lesson is filed under (the analysis's symbol when absent). */
export function replayLesson(result: AnalysisResult, analysisId: string, scope?: string): LessonInput | undefined {
  const text = result.memory?.lesson;
  if (text === undefined) return undefined;
  const calls = result.usage.calls.filter((call) => call.step === "reflection");
  const last = calls[calls.length - 1];
  return {
    analysisId,
    ...(scope === undefined ? {} : { scope }),
    text,
    provider: last?.provider ?? result.models.graph.provider,
    model: last?.model ?? result.models.graph.model,
    promptVersion: result.promptVersion,
    usage: calls.reduce((sum, call) => addUsage(sum, call.usage), zeroUsage),
  };
}
