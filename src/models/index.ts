// quantagent-ts/models: the models a config names: a role's ChatModel built from the config record (an SDK adapter
// of quantagent-ts/llm, or the demo provider's scripted answers, made in-process), and a provider's key checked with
// one cheap request.
export {
  createChatModel,
  createChatModelFor,
  type CreateChatModelForOptions,
  type CreateChatModelOptions,
} from "./create-chat-model";
export { DemoChatModel, type DemoChatModelOptions } from "./demo/demo-chat-model";
export {
  type ApiKeyValidation,
  type KeyCheckFailure,
  validateApiKey,
  type ValidateApiKeyOptions,
} from "./validate-api-key";
