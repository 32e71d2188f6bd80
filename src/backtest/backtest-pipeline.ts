// The pipeline a backtest analyses with: the caller's, used as it is, or one built from the config, whose models are
// wrapped once in the model-answer cache (every call kept, so a decision cut off half-way is not paid twice) and
// metered (fresh and cached calls, tokens, estimated cost). A built pipeline records nothing in the journal itself
// (the run is recorded whole; memory's own journal aside: backtest-stages.ts) and is closed by its owner, the run.
import path from "node:path";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import type { Config } from "../config/config-schema";
import type { ChatModel, ChatRequest } from "../llm/chat-model";
import { cachedChatModel, type ModelCacheCall } from "../llm/model-cache";
import type { UsageMeter } from "../llm/usage-meter";
import { createPipeline, type Pipeline, type PipelineDependencies } from "../pipeline/pipeline";
import type { Plugin } from "../plugins/define-plugin";
import type { PluginSummary } from "../plugins/plugin-set";
import { hasStages, normaliseStages, type Stages } from "../stages/stages-schema";

export interface BacktestPipelineOptions {
  given: Pipeline | undefined;
  config: Config;
  dependencies: PipelineDependencies;
  plugins: readonly Plugin[];
  pluginSummary: readonly PluginSummary[];
  /** The backtest's cache folder; model answers go to <cacheDir>/answers. Null: no cache, calls only metered. */
  cacheDir: string | null;
  meter: UsageMeter;
}

/** The pipeline, built on first use; `close` closes it when it was built here. */
export function backtestPipeline(options: BacktestPipelineOptions): { get(): Pipeline; close(): Promise<void> } {
  let own: Pipeline | undefined;
  const { meter, cacheDir, dependencies, pluginSummary } = options;
  const wrap = (model: ChatModel): ChatModel => {
    if (cacheDir === null) return metered(model, (call) => meter.record(call));
    return cachedChatModel(model, {
      dir: path.join(cacheDir, "answers"),
      onCall: (call) => meter.record(call),
      keyContext: backtestKeyContext(pluginSummary, options.config.stages),
    });
  };
  return {
    get() {
      if (options.given) return options.given;
      own ??= createPipeline(options.config, {
        ...dependencies,
        plugins: options.plugins,
        wrapChatModel: (model, role) => {
          const wrapped = wrap(model);
          return dependencies.wrapChatModel?.(wrapped, role) ?? wrapped;
        },
      });
      return own;
    },
    async close() {
      await own?.close();
    },
  };
}

/** What a backtest's cached model answers are keyed by beside the request (here and in a queued backtest's workers). */
export function backtestKeyContext(pluginSummary: readonly PluginSummary[], stages: Stages): Record<string, unknown> {
  const { risk: _risk, ...promptStages } = stages;
  return {
    promptVersion: PROMPT_VERSION,
    ...(pluginSummary.length > 0 ? { plugins: pluginSummary } : {}),
    // Memory and debate shape the prompts (lessons, turns): a run with other ones asks afresh. Risk asks nothing
    // and changes no prompt, so a run with it and one without share their answers: the same decisions, whose
    // positions then differ only by the levels (what an ablation of risk compares).
    ...(hasStages(promptStages) ? { stages: normaliseStages(promptStages) } : {}),
  };
}

/** Without a cache every call is fresh; it is still counted for tokens and cost. */
export function metered(model: ChatModel, onCall: (call: ModelCacheCall) => void): ChatModel {
  return {
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    async chat(request: ChatRequest) {
      const response = await model.chat(request);
      onCall({ hit: false, key: "", provider: model.provider, model: model.model, usage: response.usage });
      return response;
    },
  };
}
