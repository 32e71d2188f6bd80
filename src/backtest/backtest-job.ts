// A queued backtest's kind of job (src/queue/): one decision bar per job, analysed in a worker exactly as a backtest
// in one process analyses it: the same window (decisionWindow of the spec's series), the same request (the stages'
// plain request of backtest-stages.ts), the same models from the spec, the keys and base URLs from the worker's own
// environment, every answer through the shared model-answer cache under the backtest's key context. A failure that
// may pass is thrown back to the queue (retried, elsewhere if need be); one that would only repeat is the point's
// result, recorded with its error as in one process, and the run goes on.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { describeError } from "../common/describe-error";
import { createSecretRedactor } from "../common/secret-redactor";
import { createConfig } from "../config/config-schema";
import { modelSettingsFor } from "../llm/create-chat-model";
import { cachedChatModel, type ModelCacheCall } from "../llm/model-cache";
import { createPipeline } from "../pipeline/pipeline";
import type { JobKind } from "../queue/job-kind";
import { shouldRetry } from "../queue/point-failure";
import { QueueError } from "../queue/queue-error";
import { databaseAnswerStore } from "../shared-state/database-answer-store";
import { normaliseStages } from "../stages/stages-schema";
import {
  type BacktestJobInput,
  backtestJobInputSchema,
  type BacktestJobResult,
  type BacktestJobSpec,
  backtestJobSpecSchema,
} from "./backtest-job-schemas";
import { backtestKeyContext, metered } from "./backtest-pipeline";
import { prepareBacktestStages, type StagedSeries } from "./backtest-stages";
import { decisionBars } from "./decision-schedule";
import { toCached } from "./model-decisions";

export const BACKTEST_JOB_KIND = "backtest";

/** The decision bars of a queued backtest, as the one-process backtest schedules them. */
export function queuedDecisionBars(spec: BacktestJobSpec): number[] {
  const config = createConfig(spec.config);
  return decisionBars(spec.series.candles.length, {
    windowBars: config.window_bars,
    step: spec.step,
    horizon: config.decision_horizon_bars,
  });
}

/** "backtest: gpt-4o (openai) on BTC-USD (4h), 120 decisions every 3 bars" */
export function describeBacktestSpec(spec: BacktestJobSpec): string {
  const graph = modelSettingsFor(createConfig(spec.config), "graph");
  const decisions = queuedDecisionBars(spec).length;
  return (
    `backtest: ${graph.model} (${graph.provider}) on ${spec.series.name} (${spec.series.timeframe}), ` +
    `${decisions} decision${decisions === 1 ? "" : "s"} every ${spec.step} bar${spec.step === 1 ? "" : "s"}`
  );
}

export const backtestJobKind: JobKind<BacktestJobSpec, BacktestJobInput, BacktestJobResult> = {
  name: BACKTEST_JOB_KIND,
  specSchema: backtestJobSpecSchema,
  inputSchema: backtestJobInputSchema,
  describe: describeBacktestSpec,
  failureOf: (result) => result.error,
  async openRun(spec, context) {
    if (spec.promptVersion !== PROMPT_VERSION) {
      throw new QueueError({
        reason: "unreadable_run",
        message:
          `This run was queued under prompt version ${spec.promptVersion}; this worker's agents are version ` +
          `${PROMPT_VERSION}. Run its points with workers of the version that queued it, so the run is one version.`,
      });
    }
    const config = createConfig({ ...spec.config, data_dir: context.dataDir, journal: false });
    const stages = normaliseStages(config.stages);
    // Without memory (refused when queued), the stages ask for nothing of their own: no journal, no folder.
    const staged = await prepareBacktestStages({ config, stages, env: context.env, givenPipeline: false });
    const bars = new Set(queuedDecisionBars(spec));
    const series: StagedSeries = {
      candles: spec.series.candles,
      windowBars: config.window_bars,
      timeframe: spec.series.timeframe,
      name: spec.series.name,
      blind: spec.blind,
    };
    const keyContext = backtestKeyContext([], stages);
    const store = spec.cache ? databaseAnswerStore(context.database) : null;
    return {
      async runPoint(input, signal) {
        if (!bars.has(input.bar))
          throw new QueueError({
            reason: "unreadable_run",
            message: `Bar ${input.bar} is not a decision bar of the run.`,
          });
        // A pipeline per point, so each point counts its own calls: cheap (the renderer, the database and the cache
        // are the worker's, shared), and closed after.
        const made: ModelCacheCall[] = [];
        const onCall = (call: ModelCacheCall) => made.push(call);
        const pipeline = createPipeline(staged.config, {
          env: staged.env,
          renderer: context.renderer,
          database: context.database,
          wrapChatModel: (model) =>
            store ? cachedChatModel(model, { store, onCall, keyContext }) : metered(model, onCall),
        });
        const redactor = createSecretRedactor(() => pipeline.secretValues());
        const started = performance.now();
        try {
          // A worker without the key fails here, before any work: the job goes back to the queue for another worker.
          pipeline.model("agent");
          pipeline.model("graph");
          const analysis = await pipeline.analyze(staged.request(series, input.bar), {
            signal,
            schedule: spec.schedule,
            ...staged.options(series),
          });
          return { decision: toCached(analysis), durationMs: elapsed(started), calls: callsOf(made) };
        } catch (error) {
          if (shouldRetry(error) || signal.aborted) throw error;
          // The error goes into the report files and the journal: any key a failing part echoed is removed by value.
          return { error: redactor.redact(describeError(error)), durationMs: elapsed(started), calls: callsOf(made) };
        } finally {
          await pipeline.close();
        }
      },
      close: () => staged.close(),
    };
  },
};

const elapsed = (started: number) => Math.round(performance.now() - started);

function callsOf(calls: readonly ModelCacheCall[]): BacktestJobResult["calls"] {
  return calls.map((call) => ({
    hit: call.hit,
    provider: call.provider,
    model: call.model,
    inputTokens: call.usage.inputTokens,
    outputTokens: call.usage.outputTokens,
  }));
}
