// quantagent-ts/llm: the provider-neutral chat interface (for wrapping models: caches, recorders, rate limiters),
// building a model from the config, key validation, the provider table, the model-answer cache, the usage meter
// with its list prices (estimates, not bills), and the known models' training cutoffs.
export {
  type ApiKeyStatus,
  apiKeyStatus,
  type Env,
  findApiKey,
  maskApiKey,
  MAX_API_KEY_LENGTH,
  resolveApiKey,
  resolveBaseUrl,
} from "../config/api-keys";
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
} from "../config/providers";
export {
  createChatModel,
  createChatModelFor,
  type ModelRole,
  type ModelSettings,
  modelSettingsFor,
} from "../models/create-chat-model";
export { DEMO_MODEL, DemoChatModel, type DemoChatModelOptions } from "../models/demo/demo-chat-model";
export {
  type ApiKeyValidation,
  type KeyCheckFailure,
  validateApiKey,
  type ValidateApiKeyOptions,
} from "../models/validate-api-key";
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ImagePart,
  TextPart,
  TokenUsage,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from "./chat-model";
export { addUsage, zeroUsage } from "./chat-model";
export {
  cachedChatModel,
  folderAnswerStore,
  type ModelAnswerStore,
  type ModelCacheCall,
  modelCacheEntryPath,
  modelCacheKey,
  type ModelCacheOptions,
} from "./model-cache";
export { estimateCostUsd, findModelPrice, MODEL_PRICES, MODEL_PRICES_AS_OF, type ModelPrice } from "./model-prices";
export {
  afterCutoffFrom,
  type CutoffMonth,
  findTrainingCutoff,
  sideOfCutoff,
  TRAINING_CUTOFFS,
  type TrainingCutoff,
} from "./training-cutoffs";
export { createUsageMeter, type UsageMeter, type UsageSummary } from "./usage-meter";
