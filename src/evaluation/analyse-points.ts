// The paid part of an evaluation: each decision point's history analysed by the pipeline, and with mirror on its
// mirrored twin too. Tasks come in lanes: a lane's tasks run one after another (memory's time order), lanes side by
// side, at most `concurrency` at a time. A failed analysis is recorded with its error and the run goes on; aborting
// the signal stops the whole run. Model answers go through the pipeline's wrapped (cached) models, so a rerun, or a
// run restarted after an interruption, asks the provider only for what it has not answered.
import { forEachWithConcurrency } from "../common/bounded-concurrency";
import { describeError } from "../common/describe-error";
import type { AnalyzeOptions, AnalyzeRequest } from "../pipeline/analyze-request";
import type { Pipeline } from "../pipeline/pipeline";
import type { Directive } from "../scoring/directive";
import type { DecisionPoint } from "./decision-points";
import type { AnalysedDirective } from "./evaluation-result";

/** One analysis to run: a point (original or mirrored), what the pipeline is asked, and the record it fills. */
export interface AnalysisTask {
  point: DecisionPoint;
  side: "original" | "mirrored";
  request: AnalyzeRequest;
  options?: Pick<AnalyzeOptions, "memoryScope">;
  record: AnalysedDirective;
}

export interface AnalysePointsOptions {
  concurrency: number;
  schedule: "concurrent" | "sequential";
  signal?: AbortSignal;
  /** After each analysis, with the point's id and what it gave. */
  onDone?: (task: AnalysisTask, last: { id: string; decision?: Directive; error?: string }) => void;
}

export async function analysePoints(
  pipeline: Pipeline,
  lanes: readonly (readonly AnalysisTask[])[],
  options: AnalysePointsOptions,
): Promise<void> {
  const { signal } = options;
  const analyse = async (task: AnalysisTask) => {
    const { point, record } = task;
    const started = performance.now();
    try {
      const result = await pipeline.analyze(task.request, { signal, schedule: options.schedule, ...task.options });
      record.decision = result.decision.decision;
      record.forecastHorizon = result.decision.forecastHorizon;
      record.riskRewardRatio = result.decision.riskRewardRatio;
    } catch (error) {
      if (signal?.aborted) throw error;
      record.error = describeError(error);
    }
    record.durationMs = Math.round(performance.now() - started);
    options.onDone?.(task, {
      id: task.side === "mirrored" ? `${point.id} (mirrored)` : point.id,
      decision: record.decision,
      error: record.error,
    });
  };
  await forEachWithConcurrency(
    lanes,
    options.concurrency,
    async (lane) => {
      for (const task of lane) await analyse(task);
    },
    { signal },
  );
}
