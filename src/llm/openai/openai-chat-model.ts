// ChatModel over the openai SDK's streaming chat completions: OpenAI itself, and Qwen through DashScope's
// OpenAI-compatible endpoint.
import OpenAI from "openai";

import {
  answerCharacterLimit,
  createBoundedResponseFetch,
  DEFAULT_MAX_OUTPUT_TOKENS,
  responseByteLimit,
} from "../answer-limits";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model";
import { createNoRetryOnQuotaFetch } from "../no-retry-on-quota-fetch";
import { runChatStream } from "../run-chat-stream";
import { classifyOpenAIError } from "./openai-errors";
import { buildOpenAIRequest } from "./openai-messages";
import { OpenAIStreamAccumulator } from "./openai-stream";

/** The providers this adapter speaks for; the id decides the brand in messages and a few defaults. */
export type OpenAICompatibleProviderId = "openai" | "qwen";

/** Used when no base URL is configured, so the SDK never falls back to reading OPENAI_BASE_URL by itself. */
const officialOpenAIBaseUrl = "https://api.openai.com/v1";

/** The qwen client retries up to 4 times; OpenAI keeps the SDK default (2). */
const defaultMaxRetries: Record<OpenAICompatibleProviderId, number | undefined> = { openai: undefined, qwen: 4 };

export interface OpenAIChatModelOptions {
  provider: OpenAICompatibleProviderId;
  model: string;
  temperature: number;
  apiKey: string;
  /** Undefined: OpenAI's official endpoint (callers pass Qwen's DashScope URL from the provider table). */
  baseUrl?: string;
  /** Per attempt until the answer starts, then the longest silence within the stream, in milliseconds. */
  timeoutMs?: number;
  /** Retries after a retryable failure; quota errors are never retried whatever this says. */
  maxRetries?: number;
  /** The token limit sent when a request does not name its own. */
  defaultMaxOutputTokens?: number;
  /** The underlying fetch (a proxy agent, a recorder); wrapped so quota errors are not retried and bodies are bounded. */
  fetch?: typeof globalThis.fetch;
}

export class OpenAIChatModel implements ChatModel {
  readonly provider: OpenAICompatibleProviderId;
  readonly model: string;
  readonly temperature: number;
  private readonly client: OpenAI;
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;
  private readonly apiKey: string;
  private readonly defaultMaxOutputTokens: number;

  constructor(options: OpenAIChatModelOptions) {
    this.provider = options.provider;
    this.model = options.model;
    this.temperature = options.temperature;
    this.baseUrl = options.baseUrl ?? officialOpenAIBaseUrl;
    this.timeoutMs = options.timeoutMs;
    this.apiKey = options.apiKey;
    this.defaultMaxOutputTokens = options.defaultMaxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: this.baseUrl,
      // null keeps the SDK from adding org/project headers from the environment, which DashScope would not expect.
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? defaultMaxRetries[options.provider],
      // A request asking for more tokens than the model's default still gets the default's body limit: none does.
      fetch: createNoRetryOnQuotaFetch(
        createBoundedResponseFetch(options.fetch, responseByteLimit(this.defaultMaxOutputTokens)),
      ),
    });
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const maxOutputTokens = request.maxOutputTokens ?? this.defaultMaxOutputTokens;
    const params = buildOpenAIRequest({
      request: { ...request, maxOutputTokens },
      model: this.model,
      temperature: this.temperature,
      maxTokensField: this.provider === "openai" ? "max_completion_tokens" : "max_tokens",
    });
    const context = {
      provider: this.provider,
      model: this.model,
      baseUrl: this.baseUrl,
      timeoutMs: this.timeoutMs,
      signal: request.signal,
      apiKey: this.apiKey,
    };
    return runChatStream({
      request,
      open: () => this.client.chat.completions.create(params, { signal: request.signal }),
      accumulator: new OpenAIStreamAccumulator({ provider: this.provider, model: this.model }),
      classify: (error) => classifyOpenAIError(error, context),
      idleTimeoutMs: this.timeoutMs,
      maxAnswerCharacters: answerCharacterLimit(maxOutputTokens),
    });
  }
}
