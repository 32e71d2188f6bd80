// How an evaluation's models are wrapped, wherever its analyses run: every answer through the model-answer cache
// (a rerun asks the provider nothing), keyed by the prompt version, the plugin set, the optional stages and blind as well as
// the request, and every call counted for tokens and cost. Without a cache each call is fresh and still counted.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import type { ChatModel, ChatRequest } from "../llm/chat-model";
import type { ModelRole } from "../llm/create-chat-model";
import { cachedChatModel, type ModelAnswerStore, type ModelCacheCall } from "../llm/model-cache";
import type { PluginSummary } from "../plugins/plugin-set";
import { hasStages, normaliseStages, type Stages } from "../stages/stages-schema";

export interface EvaluationModelsOptions {
  /** Where answers are cached (a folder, or the shared database's store); null asks the provider every time. */
  cache: { dir: string } | { store: ModelAnswerStore } | null;
  plugins: readonly PluginSummary[];
  /** The optional stages the analyses run with (none when absent). */
  stages?: Stages;
  /** Blind analyses: in the key too (their requests differ anyway), and only when on, so earlier caches stay valid. */
  blind?: boolean;
  /** Told about every call (answered by the cache or not). */
  onCall: (call: ModelCacheCall) => void;
  /** Wraps the cached model (a recorder). */
  wrap?: (model: ChatModel, role: ModelRole) => ChatModel;
}

/**
 * The key context of every cached answer: the prompt version, the plugin set and the stages, so a run under other
 * prompts, with other plugins or stages, asks every agent afresh (model-cache.ts says why the prompt text alone is not
 * enough).
 */
export function evaluationKeyContext(
  plugins: readonly PluginSummary[],
  stages?: Stages,
  blind = false,
): Record<string, unknown> {
  return {
    promptVersion: PROMPT_VERSION,
    ...(plugins.length > 0 ? { plugins } : {}),
    ...(stages && hasStages(stages) ? { stages: normaliseStages(stages) } : {}),
    ...(blind ? { blind: true } : {}),
  };
}

/** A pipeline's wrapChatModel for an evaluation's analyses. */
export function evaluationModels(options: EvaluationModelsOptions): (model: ChatModel, role: ModelRole) => ChatModel {
  const keyContext = evaluationKeyContext(options.plugins, options.stages, options.blind);
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
