// The paid part of an evaluation: each decision point's history analysed by the pipeline, and with mirror on its
// mirrored twin too, at most `concurrency` analyses at a time. A failed analysis is recorded with its error and the
// run goes on; aborting the signal stops the whole run. Model answers go through the pipeline's wrapped (cached)
// models, so a rerun, or a run restarted after an interruption, asks the provider only for what it has not answered.
import { describeError } from "../common/describe-error";
import type { Pipeline } from "../pipeline/pipeline";
import type { Directive } from "../scoring/directive";
import { forEachWithConcurrency } from "./bounded-concurrency";
import type { DecisionPoint } from "./decision-points";
import type { AnalysedDirective } from "./evaluation-result";

/** One analysis to run: a point (original or mirrored) and the record its directive or error goes into. */
export interface AnalysisTask {
  point: DecisionPoint;
  side: "original" | "mirrored";
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
  tasks: readonly AnalysisTask[],
  options: AnalysePointsOptions,
): Promise<void> {
  const { signal } = options;
  await forEachWithConcurrency(
    tasks,
    options.concurrency,
    async (task) => {
      const { point, record } = task;
      const started = performance.now();
      try {
        const result = await pipeline.analyze(
          // The name is for the journal and the result; a blind run never shows it to the agents.
          { candles: point.history, timeframe: "4h", name: `${point.asset} benchmark window ${point.window}` },
          { signal, schedule: options.schedule },
        );
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
    },
    { signal },
  );
}
