// The replies a fake provider can give, builders for them, and provider-shaped bodies (OpenAI and Anthropic).
import type { EndlessWhat } from "./fake-endless-stream";
import type { FakeApi, FakeRequest } from "./fake-request";

export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface FakeToolCall {
  name: string;
  /** An object (sent as JSON) or a string sent exactly as the model's raw arguments (to test invalid JSON). */
  arguments: unknown;
  id?: string;
}

/**
 * How a content reply is streamed to a request that asked for `stream: true`; ignored for other requests.
 * Faults count chunks: OpenAI `data:` lines, Anthropic events (message_start and ping included).
 */
export interface FakeStreamOptions {
  /** Waits this long before each chunk after the first, so a test can watch text arrive before the end. */
  chunkDelayMs?: number;
  /** Leaves usage out even when the request asks for it, like servers that ignore `stream_options`. */
  omitUsage?: boolean;
  fault?: FakeStreamFault;
}

/** What goes wrong after `afterChunks` chunks have been written. */
export type FakeStreamFault =
  /** The socket is destroyed: the connection drops mid-stream. */
  | { kind: "drop"; afterChunks: number }
  /** One more chunk whose JSON is cut off, then the stream ends. */
  | { kind: "malformed"; afterChunks: number }
  /** Nothing more is written and the connection stays open (a stalled model). */
  | { kind: "stall"; afterChunks: number }
  /**
   * An error inside the stream, then the end: Anthropic `event: error` with `{type: "error", error: {type, message}}`,
   * OpenAI `data: {"error": {...}}`. The error's type follows `status` as for HTTP errors unless given.
   */
  | {
      kind: "error";
      afterChunks: number;
      status: number;
      message: string;
      anthropicType?: string;
      openaiType?: string;
    };

/** A reply with model output; each is rendered as a whole body, or as a stream when the request asks for one. */
export type FakeContentReply =
  | {
      kind: "text";
      text: string;
      model?: string;
      usage?: FakeUsage;
      finishReason?: "stop" | "length";
      stream?: FakeStreamOptions;
    }
  | {
      kind: "tool_calls";
      calls: FakeToolCall[];
      text?: string;
      model?: string;
      usage?: FakeUsage;
      stream?: FakeStreamOptions;
    }
  /** The model declines: OpenAI `refusal` (content null), Anthropic the text with stop_reason "refusal". */
  | { kind: "refusal"; refusal: string; model?: string; usage?: FakeUsage; stream?: FakeStreamOptions };

/**
 * A reply is provider-neutral where it can be: content replies and `error` are rendered in the shape of the API
 * the request hit, so one script serves OpenAI, Qwen and Anthropic alike. `raw` sends an exact body.
 */
export type FakeReply =
  | FakeContentReply
  | {
      kind: "error";
      /** One status for both APIs, or one each (OpenAI's quota error is a 429, Anthropic's a 402). */
      status: number | { openai: number; anthropic: number };
      message: string;
      /** OpenAI `error.type` / `error.code`; defaults follow the status. */
      openaiType?: string;
      openaiCode?: string | null;
      /** Anthropic `error.type`; defaults follow the status. */
      anthropicType?: string;
      /** Extra headers; 408/409/429/5xx replies carry `retry-after-ms: 1` unless this sets it (or retry-after). */
      headers?: Record<string, string>;
    }
  | { kind: "raw"; status: number; body: unknown; headers?: Record<string, string> }
  /** A 200 (or the given status) whose JSON body is cut off; for a streamed request, a first chunk cut off. */
  | { kind: "malformed"; status?: number }
  /** Never answers; the connection stays open until the client gives up or the server closes. */
  | { kind: "hang" }
  /** Answers for ever (fake-endless-stream.ts): text, tool-call arguments, or one event line that never ends. */
  | { kind: "endless"; what: EndlessWhat }
  /** Sends 200 headers and the start of a body, then destroys the socket. */
  | { kind: "reset" }
  /** Destroys the socket without answering at all (a connection error, which the SDKs retry). */
  | { kind: "drop" }
  /** Waits, then answers `then`; a pending reply (a handler's promise) is awaited after the wait. */
  | { kind: "delay"; ms: number; then: FakeReply | Promise<FakeReply> };

const retryableStatuses = new Set([408, 409, 429]);

/** Builders for the common replies; tests read better with `fakeReply.unauthorized()` than with status codes. */
export const fakeReply = {
  text: (text: string, options: { model?: string; usage?: FakeUsage } = {}): FakeContentReply => ({
    kind: "text",
    text,
    ...options,
  }),
  json: (value: unknown, options: { model?: string; usage?: FakeUsage } = {}): FakeContentReply => ({
    kind: "text",
    text: JSON.stringify(value),
    ...options,
  }),
  toolCall: (name: string, args: unknown, options: { id?: string } = {}): FakeContentReply => ({
    kind: "tool_calls",
    calls: [{ name, arguments: args, id: options.id }],
  }),
  toolCalls: (calls: FakeToolCall[], options: { text?: string } = {}): FakeContentReply => ({
    kind: "tool_calls",
    calls,
    ...options,
  }),
  refusal: (refusal: string, options: { model?: string } = {}): FakeContentReply => ({
    kind: "refusal",
    refusal,
    ...options,
  }),
  /** The same reply with stream options (chunk delay, missing usage, a fault); merged over any it already has. */
  streamed: (reply: FakeContentReply, stream: FakeStreamOptions): FakeContentReply => ({
    ...reply,
    stream: { ...reply.stream, ...stream },
  }),
  error: (
    status: number,
    message: string,
    options: Omit<Extract<FakeReply, { kind: "error" }>, "kind" | "status" | "message"> = {},
  ): FakeReply => ({
    kind: "error",
    status,
    message,
    ...options,
  }),
  unauthorized: (): FakeReply => ({
    kind: "error",
    status: 401,
    message: "Incorrect API key provided. You can find your API key in your dashboard.",
  }),
  rateLimited: (options: { retryAfterMs?: number } = {}): FakeReply => ({
    kind: "error",
    status: 429,
    message: "Rate limit reached for requests per min. Please try again shortly.",
    headers: { "retry-after-ms": String(options.retryAfterMs ?? 1) },
  }),
  /** OpenAI: 429 insufficient_quota. Anthropic: 402 billing_error. */
  quotaExceeded: (): FakeReply => ({
    kind: "error",
    status: { openai: 429, anthropic: 402 },
    message: "You exceeded your current quota, please check your plan and billing details.",
    openaiType: "insufficient_quota",
    openaiCode: "insufficient_quota",
    anthropicType: "billing_error",
  }),
  /** Anthropic's older quota answer: a 400 invalid_request_error about the credit balance. */
  creditBalanceTooLow: (): FakeReply => ({
    kind: "error",
    status: 400,
    message:
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
  }),
  modelNotFound: (model: string): FakeReply => ({
    kind: "error",
    status: 404,
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    openaiCode: "model_not_found",
  }),
  serverError: (status = 500): FakeReply => ({
    kind: "error",
    status,
    message: "The server had an error while processing your request.",
  }),
  overloaded: (): FakeReply => ({ kind: "error", status: 529, message: "Overloaded" }),
  raw: (status: number, body: unknown, headers?: Record<string, string>): FakeReply => ({
    kind: "raw",
    status,
    body,
    headers,
  }),
  malformed: (status = 200): FakeReply => ({ kind: "malformed", status }),
  hang: (): FakeReply => ({ kind: "hang" }),
  endless: (what: EndlessWhat = "text"): FakeReply => ({ kind: "endless", what }),
  reset: (): FakeReply => ({ kind: "reset" }),
  drop: (): FakeReply => ({ kind: "drop" }),
  delay: (ms: number, then: FakeReply | Promise<FakeReply>): FakeReply => ({ kind: "delay", ms, then }),
};

/** A deterministic, roughly proportional token count, so usage totals in tests are stable. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function usageFor(reply: { usage?: FakeUsage }, request: FakeRequest, output: string): FakeUsage {
  return reply.usage ?? { inputTokens: estimateTokens(request.rawBody), outputTokens: estimateTokens(output) };
}

/** The arguments as the model "sent" them: a string as is, anything else as JSON. */
export function rawArguments(call: FakeToolCall): string {
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {});
}

/** Anthropic's whole message carries tool input as an object: arguments that are not JSON become {}. */
function objectArguments(call: FakeToolCall): unknown {
  if (typeof call.arguments !== "string") return call.arguments ?? {};
  try {
    return JSON.parse(call.arguments);
  } catch {
    return {};
  }
}

/** What a content reply says, in neutral terms, shared by the whole-body and the streamed renderings. */
export interface FakeContent {
  text: string;
  refusal: string;
  calls: Array<{ id: string; name: string; rawArguments: string; call: FakeToolCall }>;
  usage: FakeUsage;
  model: string;
  finish: "stop" | "length" | "tool_calls" | "refusal";
}

export function contentOf(reply: FakeContentReply, request: FakeRequest, api: FakeApi): FakeContent {
  const text = reply.kind === "text" ? reply.text : reply.kind === "tool_calls" ? (reply.text ?? "") : "";
  const refusal = reply.kind === "refusal" ? reply.refusal : "";
  const prefix = api === "openai" ? "call_fake" : "toolu_fake";
  const calls = (reply.kind === "tool_calls" ? reply.calls : []).map((call, position) => ({
    id: call.id ?? `${prefix}_${request.index}_${position}`,
    name: call.name,
    rawArguments: rawArguments(call),
    call,
  }));
  const finish =
    reply.kind === "refusal"
      ? "refusal"
      : calls.length > 0
        ? "tool_calls"
        : reply.kind === "text" && reply.finishReason === "length"
          ? "length"
          : "stop";
  return {
    text,
    refusal,
    calls,
    usage: usageFor(reply, request, text + refusal + calls.map((call) => call.rawArguments).join("")),
    model: reply.model ?? request.summary.model ?? "fake-model",
    finish,
  };
}

export const openaiFinishReasons: Record<FakeContent["finish"], string> = {
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  // OpenAI reports a refusal in the message's `refusal` field and finishes normally.
  refusal: "stop",
};

export const anthropicStopReasons: Record<FakeContent["finish"], string> = {
  stop: "end_turn",
  length: "max_tokens",
  tool_calls: "tool_use",
  refusal: "refusal",
};

export function openaiCompletionBody(reply: FakeContentReply, request: FakeRequest): unknown {
  const content = contentOf(reply, request, "openai");
  const { text, calls, usage } = content;
  return {
    id: `chatcmpl-fake-${request.index}`,
    object: "chat.completion",
    created: Math.floor(request.receivedAt / 1000),
    model: content.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: (calls.length > 0 || content.refusal !== "") && text === "" ? null : text,
          refusal: content.refusal === "" ? null : content.refusal,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.id,
                  type: "function",
                  function: { name: call.name, arguments: call.rawArguments },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: openaiFinishReasons[content.finish],
      },
    ],
    usage: {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
    },
  };
}

export function anthropicMessageBody(reply: FakeContentReply, request: FakeRequest): unknown {
  const content = contentOf(reply, request, "anthropic");
  // Claude's refusal is ordinary text with stop_reason "refusal".
  const text = content.text + content.refusal;
  return {
    id: `msg_fake_${request.index}`,
    type: "message",
    role: "assistant",
    model: content.model,
    content: [
      ...(text !== "" ? [{ type: "text", text }] : []),
      ...content.calls.map((call) => ({
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: objectArguments(call.call),
      })),
    ],
    stop_reason: anthropicStopReasons[content.finish],
    stop_sequence: null,
    usage: { input_tokens: content.usage.inputTokens, output_tokens: content.usage.outputTokens },
  };
}

const openaiDefaults: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  403: { type: "invalid_request_error", code: "unsupported_country_region_territory" },
  404: { type: "invalid_request_error", code: null },
  429: { type: "requests", code: "rate_limit_exceeded" },
};

const anthropicDefaults: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

export function openaiErrorBody(options: {
  status: number;
  message: string;
  type?: string;
  code?: string | null;
}): unknown {
  const defaults = openaiDefaults[options.status] ?? {
    type: options.status >= 500 ? "server_error" : "invalid_request_error",
    code: null,
  };
  return {
    error: {
      message: options.message,
      type: options.type ?? defaults.type,
      param: null,
      code: options.code ?? defaults.code,
    },
  };
}

export function anthropicErrorBody(options: { status: number; message: string; type?: string }): unknown {
  const type =
    options.type ??
    anthropicDefaults[options.status] ??
    (options.status >= 500 ? "api_error" : "invalid_request_error");
  return { type: "error", error: { type, message: options.message } };
}

export interface RenderedError {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export function renderError(reply: Extract<FakeReply, { kind: "error" }>, api: FakeApi): RenderedError {
  const status = typeof reply.status === "number" ? reply.status : reply.status[api];
  const body =
    api === "openai"
      ? openaiErrorBody({ status, message: reply.message, type: reply.openaiType, code: reply.openaiCode })
      : anthropicErrorBody({ status, message: reply.message, type: reply.anthropicType });
  const headers = { ...(reply.headers ?? {}) };
  const saysWhen = "retry-after-ms" in headers || "retry-after" in headers;
  // The SDKs back off 0.5 s or more between retries unless told otherwise; tests want retries, not waits.
  if (!saysWhen && (retryableStatuses.has(status) || status >= 500)) headers["retry-after-ms"] = "1";
  return { status, body, headers };
}
