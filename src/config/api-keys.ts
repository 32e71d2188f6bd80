// Key lookup (config, then env, then a clear error), the placeholder rule (a placeholder never hides an env key) and
// the masked form.
import { QuantAgentError } from "../common/quantagent-error";
import { type BaseUrlSource, baseUrlStatus, displayBaseUrl } from "./base-url";
import type { Config } from "./config-schema";
import { PLACEHOLDER_API_KEY } from "./config-schema";
import { PROVIDER_SWITCH_VARIABLE } from "./provider-switch";
import { isRemoteProvider, type ProviderId, providerInfo, type RemoteProviderId } from "./providers";

export type Env = Record<string, string | undefined>;

/** Raised when no usable key exists for a provider. Its message never contains key text. */
export class MissingApiKeyError extends QuantAgentError {
  override name = "MissingApiKeyError";
  readonly provider: RemoteProviderId;
  constructor(options: { provider: RemoteProviderId; message: string }) {
    super({
      code: "missing_api_key",
      kind: "config",
      message: options.message,
      details: { provider: options.provider },
    });
    this.provider = options.provider;
  }
}

/** The trimmed key when the value is a real key (not empty, not the placeholder), else undefined. */
function realKey(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed !== PLACEHOLDER_API_KEY ? trimmed : undefined;
}

function howToSetKey(provider: RemoteProviderId): string {
  const info = providerInfo(provider);
  return (
    `Please set it using one of these methods: ` +
    `1) set the ${info.keyEnvVar} environment variable; ` +
    `2) set "${info.keyField}" in the config record; ` +
    `3) paste it in the Settings panel of the web page (or call pipeline.updateApiKey(key, { provider: "${provider}" })). ` +
    `To try it without a key, set ${PROVIDER_SWITCH_VARIABLE}=demo (the CLI's --provider demo, ` +
    `pipeline.updateProvider("demo")): scripted answers, not a model.`
  );
}

/**
 * The key for a provider: the config field when it holds a real key, else the env var, else MissingApiKeyError.
 * A placeholder in the config never hides a key in the env.
 */
export function resolveApiKey(config: Config, provider: RemoteProviderId, env: Env = process.env): string {
  const key = findApiKey(config, provider, env);
  if (key) return key;

  const info = providerInfo(provider);
  if (provider === "openai" && config[info.keyField]?.trim() === PLACEHOLDER_API_KEY) {
    throw new MissingApiKeyError({
      provider,
      message: `Please replace the placeholder API key with your actual OpenAI API key. ${howToSetKey(provider)}`,
    });
  }
  throw new MissingApiKeyError({
    provider,
    message: `${info.displayName} API key not found. ${howToSetKey(provider)}`,
  });
}

/** Where a provider's key comes from: the config record (or Settings), the environment, or nowhere. */
export type ApiKeySource = "config" | "environment";

/**
 * The key if one is set (config field, else env var), else undefined (always for the demo, which needs none). A
 * provider whose base URL was changed at run time (config runtime_base_url_providers) has only the config's key: one
 * set after the change. Its environment key stays for the address the operator started with.
 */
export function findApiKey(config: Config, provider: ProviderId, env: Env = process.env): string | undefined {
  return findApiKeyWithSource(config, provider, env)?.key;
}

function findApiKeyWithSource(
  config: Config,
  provider: ProviderId,
  env: Env,
): { key: string; source: ApiKeySource } | undefined {
  if (!isRemoteProvider(provider)) return undefined;
  const info = providerInfo(provider);
  const fromConfig = realKey(config[info.keyField]);
  if (fromConfig) return { key: fromConfig, source: "config" };
  if (config.runtime_base_url_providers?.includes(provider)) return undefined;
  const fromEnv = realKey(env[info.keyEnvVar]);
  return fromEnv ? { key: fromEnv, source: "environment" } : undefined;
}

/** First 3 characters, "...", last 3; keys of 12 characters or fewer mask as "***". */
/** The longest key accepted (after trimming): providers' keys are a few hundred characters at most. */
export const MAX_API_KEY_LENGTH = 500;

export function maskApiKey(key: string): string {
  if (key.length <= 12) return "***";
  return `${key.slice(0, 3)}...${key.slice(-3)}`;
}

export interface ApiKeyStatus {
  hasKey: boolean;
  /** First 3 characters, "...", last 3; null when there is no key. */
  maskedKey: string | null;
  /** Where the key in use comes from; null when there is none. */
  keySource: ApiKeySource | null;
  /** False for the demo provider, which answers without a key. */
  needsKey: boolean;
  /** Where the provider's requests go (any password masked); undefined for the SDK's own default and the demo. */
  baseUrl: string | undefined;
  baseUrlSource: BaseUrlSource;
}

export function apiKeyStatus(config: Config, provider: ProviderId, env: Env = process.env): ApiKeyStatus {
  const found = findApiKeyWithSource(config, provider, env);
  const { baseUrl, source } = baseUrlStatus(config, provider, env);
  const connection = { needsKey: isRemoteProvider(provider), baseUrl: displayBaseUrl(baseUrl), baseUrlSource: source };
  return found === undefined
    ? { hasKey: false, maskedKey: null, keySource: null, ...connection }
    : { hasKey: true, maskedKey: maskApiKey(found.key), keySource: found.source, ...connection };
}

/** The base URL for a provider: config field, else env var, else the provider's own default; none for the demo. */
export function resolveBaseUrl(config: Config, provider: ProviderId, env: Env = process.env): string | undefined {
  return baseUrlStatus(config, provider, env).baseUrl;
}
