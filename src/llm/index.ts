// quantagent-ts/llm: the provider-neutral chat interface (for wrapping models: caches, recorders, rate limiters),
// building a model from the config, key validation, and the provider table.
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
export { DEMO_MODEL, DemoChatModel, type DemoChatModelOptions } from "./demo/demo-chat-model";
export {
  type ApiKeyValidation,
  type KeyCheckFailure,
  validateApiKey,
  type ValidateApiKeyOptions,
} from "./validate-api-key";
