// ChatModel over @anthropic-ai/sdk's streaming messages.create.
import Anthropic from "@anthropic-ai/sdk";

import { type AdapterOptions, adapterSetup, type CallIdentity } from "../adapter-options";
import { answerCharacterLimit } from "../answer-limits";
import { requestNeeds } from "../capability-refusal";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model";
import { runChatStream } from "../run-chat-stream";
import { classifyAnthropicError } from "./anthropic-errors";
import { buildAnthropicRequest } from "./anthropic-messages";
import { AnthropicStreamAccumulator } from "./anthropic-stream";

/** Used when no base URL is configured, so the SDK never falls back to reading ANTHROPIC_BASE_URL by itself. */
const officialAnthropicBaseUrl = "https://api.anthropic.com";

export type AnthropicChatModelOptions = AdapterOptions;

export class AnthropicChatModel implements ChatModel {
  readonly provider = "anthropic" as const;
  readonly model: string;
  /** Kept for reports; not sent, since Anthropic's current API version rejects sampling parameters. */
  readonly temperature: number;
  private readonly client: Anthropic;
  private readonly identity: CallIdentity;
  private readonly defaultMaxTokens: number;

  constructor(options: AnthropicChatModelOptions) {
    this.model = options.model;
    this.temperature = options.temperature;
    const setup = adapterSetup(this.provider, options, officialAnthropicBaseUrl);
    this.identity = setup.identity;
    this.defaultMaxTokens = setup.defaultMaxOutputTokens;
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: this.identity.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      fetch: setup.fetch,
      // No spans and no trace headers: this library does not set up OpenTelemetry, and prompts stay out of traces.
      openTelemetry: false,
    });
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const params = buildAnthropicRequest({
      request,
      model: this.model,
      defaultMaxTokens: this.defaultMaxTokens,
    });
    const context = {
      ...this.identity,
      signal: request.signal,
      // Anthropic has no JSON mode to refuse: JSON is asked for in the prompt (anthropic-messages.ts).
      needs: requestNeeds(request, { jsonModeSent: false }),
    };
    return runChatStream({
      request,
      open: () => this.client.messages.create(params, { signal: request.signal }),
      accumulator: new AnthropicStreamAccumulator({ model: this.model, responseFormat: request.responseFormat }),
      classify: (error) => classifyAnthropicError(error, context),
      idleTimeoutMs: this.identity.timeoutMs,
      maxAnswerCharacters: answerCharacterLimit(request.maxOutputTokens ?? this.defaultMaxTokens),
    });
  }
}
