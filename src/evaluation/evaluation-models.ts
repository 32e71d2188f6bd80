// How an evaluation's models are wrapped, wherever its analyses run: every answer through the model-answer cache
// (a rerun asks the provider nothing), keyed by the prompt version and the plugin set as well as the request, and
// every call counted for tokens and cost. Without a cache each call is fresh and still counted.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import type { ChatModel, ChatRequest } from "../llm/chat-model";
import type { ModelRole } from "../llm/create-chat-model";
import type { PluginSummary } from "../plugins/plugin-set";
import { cachedChatModel, type ModelAnswerStore, type ModelCacheCall } from "./model-cache";

export interface EvaluationModelsOptions {
  /** Where answers are cached (a folder, or the shared database's store); null asks the provider every time. */
  cache: { dir: string } | { store: ModelAnswerStore } | null;
  plugins: readonly PluginSummary[];
  /** Told about every call (answered by the cache or not). */
  onCall: (call: ModelCacheCall) => void;
  /** Wraps the cached model (a recorder). */
  wrap?: (model: ChatModel, role: ModelRole) => ChatModel;
}

/**
 * The key context of every cached answer: the prompt version and the plugin set, so a run under other prompts, or
 * with other plugins, asks every agent afresh (model-cache.ts says why the prompt text alone is not enough).
 */
export function evaluationKeyContext(plugins: readonly PluginSummary[]): Record<string, unknown> {
  return { promptVersion: PROMPT_VERSION, ...(plugins.length > 0 ? { plugins } : {}) };
}

/** A pipeline's wrapChatModel for an evaluation's analyses. */
export function evaluationModels(options: EvaluationModelsOptions): (model: ChatModel, role: ModelRole) => ChatModel {
  const keyContext = evaluationKeyContext(options.plugins);
  return (model, role) => {
    const counted = options.cache
      ? cachedChatModel(model, { ...options.cache, onCall: options.onCall, keyContext })
      : meteredOnly(model, options.onCall);
    return options.wrap?.(counted, role) ?? counted;
  };
}

function meteredOnly(model: ChatModel, onCall: (call: ModelCacheCall) => void): ChatModel {
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
