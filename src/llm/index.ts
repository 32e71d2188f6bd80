// quantagent-ts/llm: the provider-neutral chat interface (for wrapping models: caches, recorders, rate limiters),
// building a model from the config, key validation, the provider table, and the known models' training cutoffs.
export {
  type ApiKeyStatus,
  apiKeyStatus,
  type Env,
  findApiKey,
  maskApiKey,
  resolveApiKey,
  resolveBaseUrl,
} from "../config/api-keys";
export {
  type ProviderId,
  providerIds,
  providerIdSchema,
  type ProviderInfo,
  providerInfo,
  providers,
} from "../config/providers";
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
  createChatModel,
  createChatModelFor,
  type ModelRole,
  type ModelSettings,
  modelSettingsFor,
} from "./create-chat-model";
export {
  afterCutoffFrom,
  type CutoffMonth,
  findTrainingCutoff,
  sideOfCutoff,
  TRAINING_CUTOFFS,
  type TrainingCutoff,
} from "./training-cutoffs";
export { type ApiKeyValidation, validateApiKey, type ValidateApiKeyOptions } from "./validate-api-key";
