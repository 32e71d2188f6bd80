// The steps of one analysis and how they fail together: each step announces itself (step-start, then step-end or
// step-error), records its time, and on failure aborts the analysis's shared controller, so every other step stops
// (their in-flight model calls and renders see the aborted signal). Only the first failure is reported as the cause.
import { createStepRecorder, type ModelCallListener, type StepRecorder } from "../agents/model-call";
import type { StepName } from "../agents/steps";
import { type TokenUsage, zeroUsage } from "../llm/chat-model";
import type { ProgressListener, StepId } from "./progress-events";

export interface AnalysisSteps {
  /** The analysis's signal: aborted by the caller, or by the first step that fails (its error is the reason). */
  readonly signal: AbortSignal;
  /** Each step's duration, by step. */
  readonly timings: Partial<Record<StepId, number>>;
  /** The recorders of the agent steps that started, in order. */
  readonly recorders: readonly StepRecorder[];
  /** A step without model calls (drawing the charts): timed and announced like the others, with no usage. */
  run: <T>(name: StepId, work: () => Promise<T>) => Promise<T>;
  /** An agent's step: its model calls go through its own recorder, and its report streams out as report-delta. */
  agent: <T>(name: StepName, work: (recorder: StepRecorder) => Promise<T>) => Promise<T>;
}

export function createAnalysisSteps(options: {
  controller: AbortController;
  emit: ProgressListener;
  timings?: Partial<Record<StepId, number>>;
  /** Hears of each model call as it starts and ends (what a failed or cancelled run spent). */
  calls?: ModelCallListener;
}): AnalysisSteps {
  const { controller, emit } = options;
  const signal = controller.signal;
  const timings: Partial<Record<StepId, number>> = { ...options.timings };
  const recorders: StepRecorder[] = [];

  const timed = async <T>(name: StepId, work: () => Promise<T>, usage: () => TokenUsage): Promise<T> => {
    const started = performance.now();
    emit({ type: "step-start", step: name, at: Date.now() });
    try {
      const value = await work();
      const durationMs = performance.now() - started;
      timings[name] = durationMs;
      emit({ type: "step-end", step: name, at: Date.now(), durationMs, usage: usage() });
      return value;
    } catch (error) {
      const durationMs = performance.now() - started;
      // A step stopped because another failed is not news: only the first failure is reported as the cause.
      if (!signal.aborted) {
        emit({ type: "step-error", step: name, at: Date.now(), durationMs, error: (error as Error).message });
        controller.abort(error);
      }
      throw error;
    }
  };

  return {
    signal,
    timings,
    recorders,
    run: (name, work) => timed(name, work, () => zeroUsage),
    agent: (name, work) => {
      const recorder = createStepRecorder(name, {
        onReportText: (text) => emit({ type: "report-delta", step: name, text }),
        calls: options.calls,
      });
      recorders.push(recorder);
      return timed(
        name,
        () => work(recorder),
        () => recorder.usage(),
      );
    },
  };
}

/**
 * Like Promise.all, but on the first failure it waits for the other steps to stop (they see the aborted signal)
 * before rejecting, so no model call or render outlives the analysis that started it.
 */
export async function settleAll<T extends readonly unknown[]>(
  promises: { [K in keyof T]: Promise<T[K]> },
  signal: AbortSignal,
): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failure) throw signal.reason instanceof Error ? signal.reason : failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
