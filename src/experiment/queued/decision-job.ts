// The one kind of queued job (src/queue/): one decision of an experiment, analysed in a worker exactly as the same
// experiment in one process analyses it: the point's window, the same request (experiment-stages.ts), the run's
// models and stages from its spec, the keys and base URLs from the worker's own environment, and every answer through
// the shared model-answer cache under the same key context. Each experiment (an evaluation, a backtest) registers it
// under its own name, with its own spec and how a job's input becomes a point. A failure that may pass is thrown
// back to the queue (retried, elsewhere if need be); one that would only repeat is the point's result, recorded
// with its error as in one process, and the run goes on.
import type { z } from "zod";

import { PROMPT_VERSION } from "../../agents/prompts/prompt-version";
import { describeError } from "../../common/describe-error";
import { createSecretRedactor } from "../../common/secret-redactor";
import { createConfig } from "../../config/config-schema";
import type { ModelCacheCall } from "../../llm/model-cache";
import { createPipeline } from "../../pipeline/pipeline";
import type { JobKind } from "../../queue/job-kind";
import { shouldRetry } from "../../queue/point-failure";
import { QueueError } from "../../queue/queue-error";
import { databaseAnswerStore } from "../../shared-state/database-answer-store";
import { storedDecisionOf } from "../decision";
import { experimentKeyContext, experimentModels } from "../experiment-models";
import type { ExperimentPoint } from "../experiment-point";
import { prepareExperimentStages } from "../experiment-stages";
import type { DecisionJobResult, QueuedExperimentSpec } from "./queued-schemas";
import { decisionJobResultSchema } from "./queued-schemas";

export interface ExperimentJobDefinition<Spec extends QueuedExperimentSpec, Input> {
  /** Stored with the run ("evaluation", "backtest"). */
  name: string;
  specSchema: z.ZodType<Spec>;
  inputSchema: z.ZodType<Input>;
  describe: (spec: Spec) => string;
  /** The point a job's input stands for; an error when it is not one of the run's. */
  pointOf: (spec: Spec, input: Input) => ExperimentPoint;
}

export function experimentJobKind<Spec extends QueuedExperimentSpec, Input>(
  definition: ExperimentJobDefinition<Spec, Input>,
): JobKind<Spec, Input, DecisionJobResult> {
  return {
    name: definition.name,
    specSchema: definition.specSchema,
    inputSchema: definition.inputSchema,
    describe: definition.describe,
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
      // Without memory (refused when queued), the stages ask for nothing of their own: no journal, no folder.
      const stages = await prepareExperimentStages({
        config,
        stages: config.stages,
        env: context.env,
        blind: spec.blind,
        kind: definition.name,
      });
      const keyContext = experimentKeyContext({
        plugins: [],
        stages: config.stages,
        blind: spec.blind,
        indicatorMode: config.indicator_mode,
        agents: config.agents,
      });
      const answers = spec.cache ? { store: databaseAnswerStore(context.database) } : null;
      return {
        async runPoint(input, signal) {
          const point = definition.pointOf(spec, input);
          // A pipeline per point, so each point counts its own calls: cheap (the renderer, the database and the
          // cache are the worker's, shared), and closed after.
          const made: ModelCacheCall[] = [];
          const pipeline = createPipeline(stages.config, {
            env: stages.env,
            renderer: context.renderer,
            database: context.database,
            wrapChatModel: experimentModels({ cache: answers, keyContext, onCall: (call) => made.push(call) }),
          });
          const redactor = createSecretRedactor(() => pipeline.secretValues());
          const started = performance.now();
          const finished = (outcome: Pick<DecisionJobResult, "decision" | "error">) =>
            decisionJobResultSchema.parse({
              ...outcome,
              durationMs: Math.round(performance.now() - started),
              calls: made.map((call) => ({
                hit: call.hit,
                provider: call.provider,
                model: call.model,
                inputTokens: call.usage.inputTokens,
                outputTokens: call.usage.outputTokens,
              })),
            });
          try {
            // A worker without the key fails here, before any work: the job goes back to the queue for another.
            pipeline.model("agent");
            pipeline.model("graph");
            const analysis = await pipeline.analyze(stages.request(point), {
              signal,
              schedule: spec.schedule,
              ...stages.options(point),
            });
            return finished({ decision: storedDecisionOf(analysis) });
          } catch (error) {
            if (shouldRetry(error) || signal.aborted) throw error;
            // The error goes into the report files and the journal: any key a failing part echoed is removed by value.
            return finished({ error: redactor.redact(describeError(error)) });
          } finally {
            await pipeline.close();
          }
        },
        close: () => stages.close(),
      };
    },
  };
}
