// How an experiment's models are wrapped, wherever its analyses run (one process, a queue's worker): every answer
// through the model-answer cache (a rerun asks the provider nothing; a decision cut off half-way is not paid twice),
// keyed by what shapes the prompts beside the request itself, and every call counted for tokens and cost. Without a
// cache each call is fresh and still counted.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import type { AgentsMode, IndicatorMode } from "../config/config-schema";
import { hasStages, normaliseStages, type Stages } from "../config/stages-schema";
import type { ChatModel, ChatRequest } from "../llm/chat-model";
import { cachedChatModel, type ModelAnswerStore, type ModelCacheCall } from "../llm/model-cache";
import type { ModelRole } from "../llm/model-settings";
import type { PluginSummary } from "../plugins/plugin-set";

/** Where answers are cached: a folder, or a shared database's store; null asks the provider every time. */
export type AnswerCache = { dir: string } | { store: ModelAnswerStore } | null;

/**
 * What cached answers are keyed by beside the request: the prompt version, the plugin set, the stages that shape the
 * prompts (memory's lessons, debate's turns) and blind, so a run under other prompts, plugins or stages asks every
 * agent afresh (model-cache.ts says why the prompt text alone is not enough). Risk asks nothing and changes no
 * prompt, so runs with it and without share their answers: the same decisions, whose positions then differ only by
 * the levels (what an ablation of risk compares). Blind is there only when on, so the caches of plain runs stay valid.
 * The indicator mode is always there: a team's answer under one mode is never taken for a run under the other. A
 * single agent ("agents" single) is there when it decides, so the team's caches stay as they were.
 */
export function experimentKeyContext(input: {
  plugins: readonly PluginSummary[];
  stages?: Stages;
  blind?: boolean;
  indicatorMode: IndicatorMode;
  agents?: AgentsMode;
}): Record<string, unknown> {
  const { risk: _risk, ...promptStages } = input.stages ?? {};
  return {
    promptVersion: PROMPT_VERSION,
    indicatorMode: input.indicatorMode,
    ...(input.plugins.length > 0 ? { plugins: input.plugins } : {}),
    ...(hasStages(promptStages) ? { stages: normaliseStages(promptStages) } : {}),
    ...(input.blind ? { blind: true } : {}),
    ...(input.agents === "single" ? { agents: "single" } : {}),
  };
}

/** A pipeline's wrapChatModel for an experiment's analyses; `wrap` (a recorder) goes around the cached model. */
export function experimentModels(options: {
  cache: AnswerCache;
  keyContext: Record<string, unknown>;
  /** Told about every call (answered by the cache or not). */
  onCall: (call: ModelCacheCall) => void;
  wrap?: (model: ChatModel, role: ModelRole) => ChatModel;
}): (model: ChatModel, role: ModelRole) => ChatModel {
  return (model, role) => {
    const counted = options.cache
      ? cachedChatModel(model, { ...options.cache, onCall: options.onCall, keyContext: options.keyContext })
      : metered(model, options.onCall);
    return options.wrap?.(counted, role) ?? counted;
  };
}

/** Without a cache every call is fresh; it is still counted for tokens and cost. */
function metered(model: ChatModel, onCall: (call: ModelCacheCall) => void): ChatModel {
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
