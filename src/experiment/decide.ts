// The paid part of every experiment: each point analysed by the pipeline, at most `concurrency` at a time, in lanes
// (a lane's points one after another: memory's time order; lanes side by side). Decisions already in the decision
// cache are taken from it and cost nothing; each new one is stored there as soon as it is made, so a run stopped
// half-way (Ctrl-C, a crash) keeps every completed decision and a rerun resumes. A point whose analysis fails is
// recorded with its error (any key a failing part echoed removed by value) and the run goes on; aborting the signal
// stops the whole run. Progress is told after each decision, and once before the first. With `keepReports` each
// decision keeps the Pattern and Trend agents' reports too (in the cache as well), and a cached decision without them
// is analysed again.
import { forEachWithConcurrency } from "../common/bounded-concurrency";
import { describeError } from "../common/describe-error";
import { itemAt } from "../common/item-at";
import { createSecretRedactor } from "../common/secret-redactor";
import type { UsageMeter } from "../llm/usage-meter";
import type { Pipeline } from "../pipeline/pipeline";
import type { RunProgress } from "../reports/progress-bar";
import { type Decision, decisionOf, type StoredDecision, storedDecisionOf } from "./decision";
import type { DecisionCache } from "./decision-cache";
import type { ExperimentPoint } from "./experiment-point";
import type { ExperimentStageRun } from "./experiment-stages";

export interface DecideInput<Unit extends string = string> {
  pipeline: Pipeline;
  points: readonly ExperimentPoint[];
  /** The request and options of each point, and its lanes (experiment-stages.ts). */
  stages: Pick<ExperimentStageRun, "lanes" | "request" | "options">;
  concurrency: number;
  schedule?: "concurrent" | "sequential";
  /** The decision cache, the key of each point and what it already held for it (looked up before any estimate). */
  cache?: { decisions: DecisionCache; keys: readonly string[]; found: readonly (StoredDecision | undefined)[] };
  /** Counts the calls of each new analysis from its result (when the models are not metered as they are called). */
  meterResults?: UsageMeter;
  /** Keep the Pattern and Trend agents' reports with each decision (the chart-reading probe scores them). */
  keepReports?: boolean;
  signal?: AbortSignal;
  /** What `done` counts ("windows", "decisions"), the meter the snapshots read, and who is told. */
  progress?: { unit: Unit; meter: UsageMeter; onProgress?: (progress: RunProgress & { unit: Unit }) => void };
}

/** One decision per point, in the points' order. */
export async function decide<Unit extends string>(input: DecideInput<Unit>): Promise<Decision[]> {
  const { points, signal, cache } = input;
  const redactor = createSecretRedactor(() => input.pipeline.secretValues());
  const started = performance.now();
  const decisions: Decision[] = points.map((_, index) => {
    const hit = cache?.found[index];
    const usable = hit && (!input.keepReports || hit.reports !== undefined);
    return usable ? { ...decisionOf(hit), cached: true } : { risk: null, cached: false };
  });
  const resumed = decisions.filter((decision) => decision.cached).length;
  let done = resumed;
  let errors = 0;
  const progress = (last?: RunProgress["last"]) =>
    input.progress?.onProgress?.({
      unit: input.progress.unit,
      done,
      total: points.length,
      errors,
      usage: input.progress.meter.summary(),
      elapsedMs: performance.now() - started,
      ...(cache ? { resumed } : {}),
      last,
    });
  const analyse = async (index: number) => {
    const point = itemAt(points, index);
    const decision = itemAt(decisions, index);
    const pointStarted = performance.now();
    try {
      const result = await input.pipeline.analyze(input.stages.request(point), {
        signal,
        schedule: input.schedule,
        ...input.stages.options(point),
      });
      for (const call of result.usage.calls)
        input.meterResults?.record({
          hit: false,
          key: "",
          provider: call.provider,
          model: call.model,
          usage: call.usage,
        });
      const stored = storedDecisionOf(result, { keepReports: input.keepReports });
      Object.assign(decision, decisionOf(stored));
      if (cache) await cache.decisions.put(itemAt(cache.keys, index), stored);
    } catch (error) {
      if (signal?.aborted) throw error;
      // The error goes into the report files and the journal: any key a failing part echoed is removed by value.
      decision.error = redactor.redact(describeError(error));
      errors += 1;
    }
    decision.durationMs = Math.round(performance.now() - pointStarted);
    done += 1;
    progress({ id: point.label, decision: decision.directive, error: decision.error });
  };
  progress();
  const lanes = input.stages
    .lanes(points)
    .map((lane) => lane.filter((index) => !itemAt(decisions, index).cached))
    .filter((lane) => lane.length > 0);
  await forEachWithConcurrency(
    lanes,
    input.concurrency,
    async (lane) => {
      for (const index of lane) await analyse(index);
    },
    { signal },
  );
  return decisions;
}
