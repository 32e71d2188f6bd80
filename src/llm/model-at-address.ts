// A model reached at an address that is not its provider's own (a local server, a gateway, a fake): the same adapter,
// named "gpt-4o @ http://127.0.0.1:11434/v1" wherever it is recorded (results, the journal, reports, the answer
// cache) and so priced as unknown, never at the provider's list price for a model of the same name. The name sent to
// the server stays the adapter's own.
import { modelAtAddress } from "../config/base-url";
import type { ChatModel, ChatRequest } from "./chat-model";

export function chatModelAtAddress(model: ChatModel, foreignUrl: string | undefined): ChatModel {
  if (foreignUrl === undefined) return model;
  return {
    provider: model.provider,
    model: modelAtAddress(model.model, foreignUrl),
    temperature: model.temperature,
    async chat(request: ChatRequest) {
      const response = await model.chat(request);
      return { ...response, model: modelAtAddress(response.model, foreignUrl) };
    },
  };
}
