// The fake's model named as the provider's own gpt-4o, in the request and in the answer: what a model at the
// provider's own address records. Priced at gpt-4o's list price (a model at another address is priced as unknown,
// and a daily cap's arithmetic needs a price), and keyed by the bare name in the answer cache.
import type { ChatModel } from "../../src/llm/chat-model";

export function asProvidersOwnGpt4o(model: ChatModel): ChatModel {
  return {
    provider: model.provider,
    model: "gpt-4o",
    temperature: model.temperature,
    chat: async (request) => ({ ...(await model.chat(request)), model: "gpt-4o" }),
  };
}
