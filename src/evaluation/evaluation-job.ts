// A queued evaluation's kind of job (src/queue/): one decision point per job, analysed in a worker exactly as an
// evaluation in one process analyses it (analyse-point.ts, evaluation-models.ts): the run's models and settings from
// its spec, the keys and base URLs from the worker's own environment, every answer through the shared model-answer
// cache. A failure that may pass is thrown back to the queue (retried, elsewhere if need be); one that would only
// repeat is the point's result, as in one process.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { describeError } from "../common/describe-error";
import { createConfig } from "../config/config-schema";
import { modelSettingsFor } from "../llm/create-chat-model";
import type { ModelCacheCall } from "../llm/model-cache";
import { createPipeline } from "../pipeline/pipeline";
import type { JobKind } from "../queue/job-kind";
import { shouldRetry } from "../queue/point-failure";
import { QueueError } from "../queue/queue-error";
import { databaseAnswerStore } from "../shared-state/database-answer-store";
import { analyseDecisionPoint } from "./analyse-point";
import {
  type EvaluationJobInput,
  evaluationJobInputSchema,
  type EvaluationJobResult,
  evaluationJobResultSchema,
  type EvaluationJobSpec,
  evaluationJobSpecSchema,
} from "./evaluation-job-schemas";
import { evaluationModels } from "./evaluation-models";

export const EVALUATION_JOB_KIND = "evaluation";

/** "evaluation: gpt-4o (openai) on BTC, SPX, 100 windows each, per-horizon" */
export function describeEvaluationSpec(spec: EvaluationJobSpec): string {
  const graph = modelSettingsFor(createConfig(spec.config), "graph");
  const windows =
    spec.windows === null ? "every window" : `${spec.windows} window${spec.windows === 1 ? "" : "s"} each`;
  return `evaluation: ${graph.model} (${graph.provider}) on ${spec.assets.join(", ")}, ${windows}, ${spec.protocol}`;
}

export const evaluationJobKind: JobKind<EvaluationJobSpec, EvaluationJobInput, EvaluationJobResult> = {
  name: EVALUATION_JOB_KIND,
  specSchema: evaluationJobSpecSchema,
  inputSchema: evaluationJobInputSchema,
  describe: describeEvaluationSpec,
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
    return {
      async runPoint(input, signal) {
        // A pipeline per point, so each point counts its own calls: cheap (the renderer, the database and the cache
        // are the worker's, shared), and closed after.
        const made: ModelCacheCall[] = [];
        const pipeline = createPipeline(config, {
          env: context.env,
          renderer: context.renderer,
          database: context.database,
          wrapChatModel: evaluationModels({
            cache: spec.cache ? { store: databaseAnswerStore(context.database) } : null,
            plugins: [],
            onCall: (call) => made.push(call),
          }),
        });
        const started = performance.now();
        try {
          // A worker without the key fails here, before any work: the job goes back to the queue for another worker.
          pipeline.model("agent");
          pipeline.model("graph");
          const analysis = await analyseDecisionPoint(pipeline, input.point, { signal, schedule: spec.schedule });
          return evaluationJobResultSchema.parse({ ...analysis, durationMs: elapsed(started), calls: callsOf(made) });
        } catch (error) {
          if (shouldRetry(error) || signal.aborted) throw error;
          return { error: describeError(error), durationMs: elapsed(started), calls: callsOf(made) };
        } finally {
          await pipeline.close();
        }
      },
      close: async () => undefined,
    };
  },
};

const elapsed = (started: number) => Math.round(performance.now() - started);

function callsOf(calls: readonly ModelCacheCall[]): EvaluationJobResult["calls"] {
  return calls.map((call) => ({
    hit: call.hit,
    provider: call.provider,
    model: call.model,
    inputTokens: call.usage.inputTokens,
    outputTokens: call.usage.outputTokens,
  }));
}
