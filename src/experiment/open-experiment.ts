// An experiment opened for its decisions: the optional stages prepared (memory's own journal), the pipeline it
// analyses with (the caller's as it is, or one built on first use with the experiment's wrapped models: every answer
// cached and every call counted), and `decide` over any points of its schedule. What an evaluation, a backtest and
// the chart-reading probe share; each then scores the decisions its own way. Close it when the run ends (its pipeline, memory's journal).
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { Stages } from "../config/stages-schema";
import type { JournalSource } from "../journal/journal-entry";
import type { UsageMeter } from "../llm/usage-meter";
import { createPipeline, type Pipeline, type PipelineDependencies } from "../pipeline/pipeline";
import type { Plugin } from "../plugins/define-plugin";
import type { PluginSummary } from "../plugins/plugin-set";
import { decide, type DecideInput } from "./decide";
import type { Decision } from "./decision";
import { type AnswerCache, experimentKeyContext, experimentModels } from "./experiment-models";
import type { ExperimentPoint } from "./experiment-point";
import { type ExperimentStageRun, prepareExperimentStages } from "./experiment-stages";

export interface Experiment {
  /** The pipeline (built on first use unless the caller gave one): it also loads a backtest's series. */
  pipeline(): Pipeline;
  /** Both models, or the reason there is none (a missing key): thrown once, before anything is spent. */
  requireModels(): void;
  decide<Unit extends string>(
    points: readonly ExperimentPoint[],
    options: Pick<DecideInput<Unit>, "concurrency" | "schedule" | "cache" | "signal" | "progress" | "keepReports">,
  ): Promise<Decision[]>;
  close(): Promise<void>;
}

export interface OpenExperimentInput {
  /** "evaluation", "backtest", "probe": named in memory's temporary folder. */
  kind: string;
  /** A caller's pipeline, used as it is (its models are not wrapped: calls are counted from the results). */
  given?: Pipeline;
  config: Config;
  stages: Stages;
  blind: boolean;
  env: Env;
  /** Passed to a pipeline built here; a wrapChatModel here goes around the cached model (a recorder). */
  dependencies: PipelineDependencies;
  plugins: readonly Plugin[];
  pluginSummary: readonly PluginSummary[];
  /** Where model answers are cached (a folder, the shared database), or null. */
  answers: AnswerCache;
  /** Counts every call, answered by the cache or not. */
  meter: UsageMeter;
  /**
   * Records each analysis in the journal under this source (the forward test's live record is the journal's), instead
   * of the run whole. Each decision then carries its `journalId`.
   */
  recordEach?: JournalSource;
  /** Answers asked of the Decision agent per analysis, when not the pipeline's (a watchlist entry's own). */
  samples?: number;
}

export async function openExperiment(input: OpenExperimentInput): Promise<Experiment> {
  const stageRun: ExperimentStageRun = await prepareExperimentStages({
    config: input.config,
    stages: input.stages,
    env: input.env,
    blind: input.blind,
    givenPipeline: input.given !== undefined,
    kind: input.kind,
  });
  let own: Pipeline | undefined;
  const pipeline = () => {
    if (input.given) return input.given;
    own ??= createPipeline(stageRun.config, {
      ...input.dependencies,
      env: stageRun.env,
      plugins: input.plugins,
      wrapChatModel: experimentModels({
        cache: input.answers,
        keyContext: experimentKeyContext({
          plugins: input.pluginSummary,
          stages: input.stages,
          blind: input.blind,
          indicatorMode: input.config.indicator_mode,
          agents: input.config.agents,
        }),
        onCall: (call) => input.meter.record(call),
        wrap: input.dependencies.wrapChatModel,
      }),
    });
    return own;
  };
  return {
    pipeline,
    requireModels() {
      pipeline().model("agent");
      pipeline().model("graph");
    },
    decide: (points, options) =>
      decide({
        ...options,
        pipeline: pipeline(),
        points,
        stages: withSamples(input.recordEach ? recordingEach(stageRun, input.recordEach) : stageRun, input.samples),
        keepJournalIds: input.recordEach !== undefined,
        ...(input.given ? { meterResults: input.meter } : {}),
      }),
    async close() {
      await own?.close();
      await stageRun.close();
    },
  };
}

/** The stages' run with each analysis recorded in the journal under `source`. */
function recordingEach(stageRun: ExperimentStageRun, source: JournalSource): ExperimentStageRun {
  return { ...stageRun, options: (point) => ({ ...stageRun.options(point), journal: true, source }) };
}

/** The stages' run with each analysis asking the Decision agent `samples` times (unchanged when undefined). */
function withSamples(stageRun: ExperimentStageRun, samples: number | undefined): ExperimentStageRun {
  if (samples === undefined) return stageRun;
  return { ...stageRun, request: (point) => ({ ...stageRun.request(point), samples }) };
}
