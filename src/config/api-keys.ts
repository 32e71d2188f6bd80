// Key lookup (config, then env, then a clear error), the placeholder rule (a placeholder never hides an env key) and
// the masked form.
import { QuantAgentError } from "../common/quantagent-error";
import type { Config } from "./config-schema";
import { PLACEHOLDER_API_KEY } from "./config-schema";
import { type ProviderId, providerInfo } from "./providers";

export type Env = Record<string, string | undefined>;

/** Raised when no usable key exists for a provider. Its message never contains key text. */
export class MissingApiKeyError extends QuantAgentError {
  override name = "MissingApiKeyError";
  readonly provider: ProviderId;
  constructor(options: { provider: ProviderId; message: string }) {
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

function howToSetKey(provider: ProviderId): string {
  const info = providerInfo(provider);
  return (
    `Please set it using one of these methods: ` +
    `1) set the ${info.keyEnvVar} environment variable; ` +
    `2) set "${info.keyField}" in the config record; ` +
    `3) paste it in the Settings panel of the web page (or call pipeline.updateApiKey(key, { provider: "${provider}" })).`
  );
}

/**
 * The key for a provider: the config field when it holds a real key, else the env var, else MissingApiKeyError.
 * A placeholder in the config never hides a key in the env.
 */
export function resolveApiKey(config: Config, provider: ProviderId, env: Env = process.env): string {
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

/** The key if one is set (config field, else env var), else undefined; never throws. */
export function findApiKey(config: Config, provider: ProviderId, env: Env = process.env): string | undefined {
  const info = providerInfo(provider);
  return realKey(config[info.keyField]) ?? realKey(env[info.keyEnvVar]);
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
}

export function apiKeyStatus(config: Config, provider: ProviderId, env: Env = process.env): ApiKeyStatus {
  const key = findApiKey(config, provider, env);
  return key === undefined ? { hasKey: false, maskedKey: null } : { hasKey: true, maskedKey: maskApiKey(key) };
}

/** The base URL for a provider: config field, else env var, else the provider's own default. */
export function resolveBaseUrl(config: Config, provider: ProviderId, env: Env = process.env): string | undefined {
  const info = providerInfo(provider);
  const fromConfig = config[info.baseUrlField];
  if (fromConfig) return fromConfig;
  const fromEnv = env[info.baseUrlEnvVar]?.trim();
  if (fromEnv) return fromEnv;
  return info.defaultBaseUrl;
}
