// Builds the ChatModel for a model role ("agent" or "graph") from the config record: provider, model, key, base URL;
// an SDK adapter (src/llm/openai, src/llm/anthropic) or the demo provider's scripted answers (demo/).
import { formatZodError } from "../common/format-zod-error";
import { quoteInput } from "../common/quote-input";
import { type Env, resolveApiKey, resolveBaseUrl } from "../config/api-keys";
import { foreignBaseUrl } from "../config/base-url";
import { type Config, ConfigError, modelNameSchema } from "../config/config-schema";
import { AnthropicChatModel } from "../llm/anthropic/anthropic-chat-model";
import type { ChatModel } from "../llm/chat-model";
import { chatModelAtAddress } from "../llm/model-at-address";
import { DEMO_MODEL, type ModelRole, type ModelSettings, modelSettingsFor } from "../llm/model-settings";
import { OpenAIChatModel } from "../llm/openai/openai-chat-model";
import { DemoChatModel } from "./demo/demo-chat-model";

export interface CreateChatModelForOptions extends ModelSettings {
  config: Config;
  env?: Env;
  /** Overrides config.max_retries for this model (key validation makes exactly one request). */
  maxRetries?: number;
  /** The fetch the SDK uses (a proxy agent, a recorder); the global fetch when absent. */
  fetch?: typeof globalThis.fetch;
  /** Names the config field in the error for a bad model name, e.g. "graph_llm_model". */
  modelField?: string;
  /** The token limit of calls that do not name their own; default DEFAULT_MAX_OUTPUT_TOKENS (answer-limits.ts). */
  maxOutputTokens?: number;
}

/** The model name as the provider will receive it, or a ConfigError that names the field and the problem. */
function validModelName(model: unknown, field: string): string {
  const parsed = modelNameSchema.safeParse(model);
  if (parsed.success) return parsed.data;
  throw new ConfigError({
    message: `Invalid model name for ${field} (${quoteInput(model)}): ${formatZodError(parsed.error)}`,
    cause: parsed.error,
  });
}

/**
 * A ChatModel for an explicit provider, model and temperature, with key, base URL, timeout and retries from the
 * config. Throws ConfigError for an empty or malformed model name and MissingApiKeyError when no key is set;
 * whether the provider knows the model is only learnt at the first call. The demo provider needs no key.
 */
export function createChatModelFor(options: CreateChatModelForOptions): ChatModel {
  const { config, provider } = options;
  const env = options.env ?? process.env;
  const model = validModelName(options.model, options.modelField ?? `${provider} model`);
  // Scripted answers made here: no key, no base URL, no network; named demo whatever the config's model field says.
  if (provider === "demo") return new DemoChatModel({ model: DEMO_MODEL, temperature: options.temperature });
  const apiKey = resolveApiKey(config, provider, env);
  const baseUrl = resolveBaseUrl(config, provider, env);
  const foreign = foreignBaseUrl(config, provider, env);
  const common = {
    model,
    temperature: options.temperature,
    apiKey,
    baseUrl,
    timeoutMs: config.request_timeout_ms,
    // Undefined keeps each adapter's default: the SDK's 2, or 4 for qwen (DashScope rate-limits readily).
    maxRetries: options.maxRetries ?? config.max_retries,
    defaultMaxOutputTokens: options.maxOutputTokens,
    fetch: options.fetch,
  };
  switch (provider) {
    case "openai":
    case "qwen":
      return chatModelAtAddress(new OpenAIChatModel({ ...common, provider }), foreign);
    case "anthropic":
      return chatModelAtAddress(new AnthropicChatModel(common), foreign);
    default: {
      const exhaustive: never = provider;
      throw new ConfigError({ message: `Unknown provider: ${String(exhaustive)}` });
    }
  }
}

export interface CreateChatModelOptions {
  config: Config;
  role: ModelRole;
  env?: Env;
  fetch?: typeof globalThis.fetch;
}

/** The ChatModel the config record sets for a role: `createChatModel({ config, role: "graph" })`. */
export function createChatModel(options: CreateChatModelOptions): ChatModel {
  const settings = modelSettingsFor(options.config, options.role);
  return createChatModelFor({
    ...settings,
    config: options.config,
    env: options.env,
    fetch: options.fetch,
    modelField: `${options.role}_llm_model`,
    maxOutputTokens:
      options.role === "agent"
        ? options.config.agent_llm_max_output_tokens
        : options.config.graph_llm_max_output_tokens,
  });
}
