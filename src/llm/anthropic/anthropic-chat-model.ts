// ChatModel over @anthropic-ai/sdk's streaming messages.create.
import Anthropic from "@anthropic-ai/sdk";

import {
  answerCharacterLimit,
  createBoundedResponseFetch,
  DEFAULT_MAX_OUTPUT_TOKENS,
  responseByteLimit,
} from "../answer-limits";
import { requestNeeds } from "../capability-refusal";
import type { ChatModel, ChatRequest, ChatResponse, ModelRole } from "../chat-model";
import { createNoRetryOnQuotaFetch } from "../no-retry-on-quota-fetch";
import { runChatStream } from "../run-chat-stream";
import { classifyAnthropicError } from "./anthropic-errors";
import { buildAnthropicRequest } from "./anthropic-messages";
import { AnthropicStreamAccumulator } from "./anthropic-stream";

/** Used when no base URL is configured, so the SDK never falls back to reading ANTHROPIC_BASE_URL by itself. */
const officialAnthropicBaseUrl = "https://api.anthropic.com";

export interface AnthropicChatModelOptions {
  model: string;
  temperature: number;
  apiKey: string;
  baseUrl?: string;
  /** The base URL as errors name it, when it is not Anthropic's own address (a gateway). */
  endpoint?: string;
  /** The role the model plays, named in its capability errors. */
  role?: ModelRole;
  /** Per attempt until the answer starts, then the longest silence within the stream, in milliseconds. */
  timeoutMs?: number;
  /** Retries after a retryable failure; quota errors are never retried whatever this says. */
  maxRetries?: number;
  /** max_tokens when a request does not say (Anthropic requires it). */
  defaultMaxOutputTokens?: number;
  fetch?: typeof globalThis.fetch;
}

export class AnthropicChatModel implements ChatModel {
  readonly provider = "anthropic" as const;
  readonly model: string;
  /** Kept for reports; not sent, since Anthropic's current API version rejects sampling parameters. */
  readonly temperature: number;
  private readonly client: Anthropic;
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;
  private readonly apiKey: string;
  private readonly defaultMaxTokens: number;
  private readonly endpoint: string | undefined;
  private readonly role: ModelRole | undefined;

  constructor(options: AnthropicChatModelOptions) {
    this.model = options.model;
    this.temperature = options.temperature;
    this.baseUrl = options.baseUrl ?? officialAnthropicBaseUrl;
    this.timeoutMs = options.timeoutMs;
    this.apiKey = options.apiKey;
    this.defaultMaxTokens = options.defaultMaxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    this.endpoint = options.endpoint;
    this.role = options.role;
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: this.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      // A request asking for more tokens than the model's default still gets the default's body limit: none does.
      fetch: createNoRetryOnQuotaFetch(
        createBoundedResponseFetch(options.fetch, responseByteLimit(this.defaultMaxTokens)),
      ),
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
      provider: this.provider,
      model: this.model,
      baseUrl: this.baseUrl,
      timeoutMs: this.timeoutMs,
      signal: request.signal,
      apiKey: this.apiKey,
      endpoint: this.endpoint,
      role: this.role,
      // Anthropic has no JSON mode to refuse: JSON is asked for in the prompt (anthropic-messages.ts).
      needs: requestNeeds(request, { jsonModeSent: false }),
    };
    return runChatStream({
      request,
      open: () => this.client.messages.create(params, { signal: request.signal }),
      accumulator: new AnthropicStreamAccumulator({ model: this.model, responseFormat: request.responseFormat }),
      classify: (error) => classifyAnthropicError(error, context),
      idleTimeoutMs: this.timeoutMs,
      maxAnswerCharacters: answerCharacterLimit(request.maxOutputTokens ?? this.defaultMaxTokens),
    });
  }
}
