// quantagent-ts/config: the config record (its schema, defaults and the optional stages' schema), the provider
// table, the API keys and base URLs (read from the record and the environment, never written to it, and only ever
// shown masked), and the rate limits each provider key is given.
export {
  type ApiKeyStatus,
  apiKeyStatus,
  type Env,
  findApiKey,
  maskApiKey,
  MAX_API_KEY_LENGTH,
  MissingApiKeyError,
  resolveApiKey,
  resolveBaseUrl,
} from "./api-keys";
export { type BaseUrlSource, type BaseUrlStatus, baseUrlStatus, MAX_BASE_URL_LENGTH } from "./base-url";
export {
  type AgentsMode,
  agentsModeSchema,
  type Config,
  ConfigError,
  type ConfigInput,
  configSchema,
  createConfig,
  DEFAULT_DECISION_HORIZON_BARS,
  defaultConfig,
  INDICATOR_MODES,
  type IndicatorMode,
  indicatorModeSchema,
  modelNameSchema,
  PLACEHOLDER_API_KEY,
} from "./config-schema";
export { applyProviderSwitch, PROVIDER_SWITCH_VARIABLE, providerFromEnvironment } from "./provider-switch";
export {
  DEMO_LABEL,
  type DemoProviderInfo,
  isRemoteProvider,
  type ProviderId,
  providerIds,
  providerIdSchema,
  type ProviderInfo,
  providerInfo,
  providers,
  type RemoteProviderId,
  remoteProviderIds,
  type RemoteProviderInfo,
} from "./providers";
export {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimitInput,
  type RateLimits,
  type RateLimitsInput,
} from "./rate-limits";
export { parseRateLimits, resolveRateLimits } from "./resolve-rate-limits";
export {
  describeStages,
  hasStages,
  MAX_DEBATE_ROUNDS,
  MAX_MEMORY_LESSONS,
  STAGE_NAMES,
  type StageName,
  type Stages,
  type StagesInput,
  stagesSchema,
} from "./stages-schema";
export { type ModelSelection, switchProvider } from "./switch-provider";
