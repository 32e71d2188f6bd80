// quantagent-ts/llm: the provider-neutral chat interface (for wrapping models: caches, recorders, rate limiters),
// building a model from the config, key validation, and the provider table.
export type {
  ChatModel,
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ToolCall,
  ToolDefinition,
  ToolChoice,
  TokenUsage,
  ImagePart,
  TextPart,
} from "./chat-model";
export { addUsage, zeroUsage } from "./chat-model";
export {
  createChatModel,
  createChatModelFor,
  modelSettingsFor,
  type ModelRole,
  type ModelSettings,
} from "./create-chat-model";
export { validateApiKey, type ApiKeyValidation, type ValidateApiKeyOptions } from "./validate-api-key";
export {
  providers,
  providerIds,
  providerIdSchema,
  providerInfo,
  type ProviderId,
  type ProviderInfo,
} from "../config/providers";
export {
  findApiKey,
  resolveApiKey,
  resolveBaseUrl,
  apiKeyStatus,
  maskApiKey,
  type ApiKeyStatus,
  type Env,
} from "../config/api-keys";
