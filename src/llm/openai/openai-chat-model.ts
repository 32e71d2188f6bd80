// ChatModel over the openai SDK's streaming chat completions: OpenAI itself, Qwen through DashScope's
// OpenAI-compatible endpoint, and any OpenAI-compatible server at a base URL (Ollama, LM Studio, vLLM, a gateway).
// What such a server lacks is learnt from what it answers, never assumed from its address: a refusal of JSON mode
// (model_capability "json") is answered by sending the same request without `response_format` and taking the JSON
// object out of the answer's text, once per model, with a warning in every response that went without it. A
// reasoning model's temperature is left out, with a warning too (reasoning-models.ts).
import OpenAI from "openai";

import { extractJsonObject } from "../../common/extract-json";
import { type AdapterOptions, adapterSetup, type CallIdentity } from "../adapter-options";
import { answerCharacterLimit } from "../answer-limits";
import { requestNeeds } from "../capability-refusal";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model";
import { ModelCapabilityError } from "../model-capability-error";
import { runChatStream } from "../run-chat-stream";
import { classifyOpenAIError } from "./openai-errors";
import { buildOpenAIRequest } from "./openai-messages";
import { OpenAIStreamAccumulator } from "./openai-stream";
import { isReasoningModel, temperatureNotSentWarning } from "./reasoning-models";

/** The providers this adapter speaks for; the id decides the brand in messages and a few defaults. */
export type OpenAICompatibleProviderId = "openai" | "qwen";

/** Used when no base URL is configured, so the SDK never falls back to reading OPENAI_BASE_URL by itself. */
const officialOpenAIBaseUrl = "https://api.openai.com/v1";

/** The qwen client retries up to 4 times; OpenAI keeps the SDK default (2). */
const defaultMaxRetries: Record<OpenAICompatibleProviderId, number | undefined> = { openai: undefined, qwen: 4 };

export interface OpenAIChatModelOptions extends AdapterOptions {
  provider: OpenAICompatibleProviderId;
}

export class OpenAIChatModel implements ChatModel {
  readonly provider: OpenAICompatibleProviderId;
  readonly model: string;
  readonly temperature: number;
  private readonly client: OpenAI;
  private readonly identity: CallIdentity;
  private readonly defaultMaxOutputTokens: number;
  /** The temperature sent: none to a reasoning model. */
  private readonly sentTemperature: number | undefined;
  /** The server refused JSON mode once: requests for JSON go without it from then on. */
  private jsonModeRefused = false;

  constructor(options: OpenAIChatModelOptions) {
    this.provider = options.provider;
    this.model = options.model;
    this.temperature = options.temperature;
    const setup = adapterSetup(options.provider, options, officialOpenAIBaseUrl);
    this.identity = setup.identity;
    this.defaultMaxOutputTokens = setup.defaultMaxOutputTokens;
    this.sentTemperature = isReasoningModel(options.model) ? undefined : options.temperature;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: this.identity.baseUrl,
      // null keeps the SDK from adding org/project headers from the environment, which DashScope would not expect.
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? defaultMaxRetries[options.provider],
      fetch: setup.fetch,
    });
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const wantsJson = request.responseFormat === "json";
    if (!wantsJson || !this.jsonModeRefused) {
      try {
        return this.withWarnings(await this.send(request, { jsonMode: wantsJson }), { jsonFallback: false });
      } catch (error) {
        // Nothing of the answer reached the caller: the server refused the request before it began.
        if (!(error instanceof ModelCapabilityError && error.capability === "json")) throw error;
        this.jsonModeRefused = true;
      }
    }
    const response = await this.send(request, { jsonMode: false });
    // The object as JSON mode would have given it, out of any fence or sentence around it (as for Anthropic).
    const text = extractJsonObject(response.text) ?? response.text;
    return this.withWarnings({ ...response, text }, { jsonFallback: true });
  }

  private withWarnings(response: ChatResponse, options: { jsonFallback: boolean }): ChatResponse {
    const warnings = [
      ...(response.warnings ?? []),
      ...(this.sentTemperature === undefined ? [temperatureNotSentWarning(this.model, this.temperature)] : []),
      ...(options.jsonFallback
        ? [
            `${this.identity.endpoint ?? this.provider} refused JSON mode for ${this.model}: the prompt alone asked for the JSON ` +
              "object, which was taken from the answer's text.",
          ]
        : []),
    ];
    return warnings.length === 0 ? response : { ...response, warnings };
  }

  private send(request: ChatRequest, options: { jsonMode: boolean }): Promise<ChatResponse> {
    const maxOutputTokens = request.maxOutputTokens ?? this.defaultMaxOutputTokens;
    const params = buildOpenAIRequest({
      request: { ...request, maxOutputTokens },
      model: this.model,
      temperature: this.sentTemperature,
      jsonMode: options.jsonMode,
      maxTokensField: this.provider === "openai" ? "max_completion_tokens" : "max_tokens",
    });
    const context = {
      ...this.identity,
      signal: request.signal,
      needs: requestNeeds(request, { jsonModeSent: params.response_format !== undefined }),
    };
    return runChatStream({
      request,
      open: () => this.client.chat.completions.create(params, { signal: request.signal }),
      accumulator: new OpenAIStreamAccumulator({ provider: this.provider, model: this.model }),
      classify: (error) => classifyOpenAIError(error, context),
      idleTimeoutMs: this.identity.timeoutMs,
      maxAnswerCharacters: answerCharacterLimit(maxOutputTokens),
    });
  }
}
