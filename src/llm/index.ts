// quantagent-ts/llm: the provider-neutral chat interface (for wrapping models: caches, recorders, rate limiters), the
// provider and model each role is set to, the model-answer cache, the usage meter with its list prices (estimates,
// not bills), and the known models' training cutoffs. Building a model from the config: quantagent-ts/models; the
// provider table and keys: quantagent-ts/config.
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
export { DEMO_MODEL, type ModelRole, type ModelSettings, modelSettingsFor } from "./model-settings";
export {
  afterCutoffFrom,
  type CutoffMonth,
  findTrainingCutoff,
  sideOfCutoff,
  TRAINING_CUTOFFS,
  type TrainingCutoff,
} from "./training-cutoffs";
export { createUsageMeter, type UsageMeter, type UsageSummary } from "./usage-meter";
