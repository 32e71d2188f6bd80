// Builds the ChatModel for a model role ("agent" or "graph") from the config record: provider, model, key, base URL;
// an SDK adapter (src/llm/openai, src/llm/anthropic) or the demo provider's scripted answers (demo/).
import { formatZodError } from "../common/format-zod-error";
import { quoteInput } from "../common/quote-input";
import { type Env, resolveApiKey } from "../config/api-keys";
import { baseUrlProblem, baseUrlStatus, endpointLabel, foreignBaseUrl } from "../config/base-url";
import { type Config, ConfigError, modelNameSchema } from "../config/config-schema";
import { providerInfo, type RemoteProviderId } from "../config/providers";
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
  /** The role the model plays, named in its capability errors; absent outside a role (a key check). */
  role?: ModelRole;
}

/**
 * Where the provider's requests go, checked: a base URL from the environment is held to the rules a typed one is
 * (http or https, no credentials), so "localhost:11434/v1" is refused here, with the form expected, instead of
 * failing later as a connection error with no address. `endpoint` names the server in messages when it is not the
 * provider's own address.
 */
function checkedBaseUrl(
  config: Config,
  provider: RemoteProviderId,
  env: Env,
): { baseUrl: string | undefined; endpoint: string | undefined } {
  const { baseUrl, source } = baseUrlStatus(config, provider, env);
  const info = providerInfo(provider);
  if (baseUrl === undefined) return { baseUrl, endpoint: undefined };
  const problem = baseUrlProblem(baseUrl);
  if (problem !== undefined) {
    const where = source === "environment" ? info.baseUrlEnvVar : info.baseUrlField;
    throw new ConfigError({ message: `Invalid base URL in ${where}: ${problem}` });
  }
  return { baseUrl, endpoint: baseUrl === info.defaultBaseUrl ? undefined : endpointLabel(baseUrl) };
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
  const { baseUrl, endpoint } = checkedBaseUrl(config, provider, env);
  const apiKey = resolveApiKey(config, provider, env);
  const foreign = foreignBaseUrl(config, provider, env);
  const common = {
    model,
    temperature: options.temperature,
    apiKey,
    baseUrl,
    endpoint,
    role: options.role,
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
    role: options.role,
    maxOutputTokens:
      options.role === "agent"
        ? options.config.agent_llm_max_output_tokens
        : options.config.graph_llm_max_output_tokens,
  });
}
