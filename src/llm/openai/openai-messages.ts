// Converts neutral chat requests to OpenAI chat.completions params, and completions back to ChatResponse.
import type OpenAI from "openai";
import { z } from "zod";
import type { ProviderId } from "../../config/providers";
import type { ChatMessage, ChatRequest, ChatResponse, ToolCall, ToolChoice, UserContent } from "../chat-model";
import { ProviderError } from "../provider-error";
import { parseJsonSafely } from "../../common/parse-json-safely";

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.Completions.ChatCompletionContentPart;
type ToolChoiceOption = OpenAI.Chat.Completions.ChatCompletionToolChoiceOption;
export type OpenAIRequestParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;

export interface BuildOpenAIRequestOptions {
  request: ChatRequest;
  model: string;
  temperature: number;
  /**
   * OpenAI's current name is `max_completion_tokens` (its reasoning models reject `max_tokens`); DashScope and
   * most OpenAI-compatible servers know `max_tokens`.
   */
  maxTokensField: "max_completion_tokens" | "max_tokens";
}

function userContent(content: UserContent): string | ContentPart[] {
  if (typeof content === "string") return content;
  return content.map((part): ContentPart => {
    switch (part.type) {
      case "text":
        return { type: "text", text: part.text };
      case "image":
        return { type: "image_url", image_url: { url: `data:${part.mediaType};base64,${part.data}` } };
      default: {
        const exhaustive: never = part;
        return exhaustive;
      }
    }
  });
}

function messageParam(message: ChatMessage): MessageParam {
  switch (message.role) {
    case "system":
      return { role: "system", content: message.content };
    case "user":
      return { role: "user", content: userContent(message.content) };
    case "assistant": {
      const toolCalls = message.toolCalls ?? [];
      if (toolCalls.length === 0) return { role: "assistant", content: message.content };
      return {
        role: "assistant",
        // OpenAI wants null, not "", next to tool calls when the model said nothing.
        content: message.content === "" ? null : message.content,
        tool_calls: toolCalls.map((call) => ({
          id: call.id,
          type: "function" as const,
          function: { name: call.name, arguments: call.rawArguments },
        })),
      };
    }
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
    default: {
      const exhaustive: never = message;
      return exhaustive;
    }
  }
}

function toolChoiceParam(choice: ToolChoice): ToolChoiceOption {
  if (typeof choice === "object") return { type: "function", function: { name: choice.name } };
  return choice;
}

function mentionsJson(messages: ChatMessage[]): boolean {
  return messages.some((message) => {
    if (typeof message.content === "string") return /json/i.test(message.content);
    return message.content.some((part) => part.type === "text" && /json/i.test(part.text));
  });
}

export function buildOpenAIRequest(options: BuildOpenAIRequestOptions): OpenAIRequestParams {
  const { request } = options;
  const messages = request.messages.map(messageParam);
  const wantsJson = request.responseFormat === "json";
  // json_object mode is refused (400) unless a message mentions JSON; a short system line keeps callers safe.
  if (wantsJson && !mentionsJson(request.messages)) {
    messages.unshift({ role: "system", content: "Answer with a single JSON object." });
  }
  const params: OpenAIRequestParams = { model: options.model, messages, temperature: options.temperature };
  if (request.tools && request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    if (request.toolChoice) params.tool_choice = toolChoiceParam(request.toolChoice);
  }
  if (wantsJson) params.response_format = { type: "json_object" };
  if (request.maxOutputTokens !== undefined) params[options.maxTokensField] = request.maxOutputTokens;
  return params;
}

/** Parsed tool arguments: an empty string counts as no arguments, text that is not JSON as undefined. */
export function parseToolArguments(raw: string): unknown {
  return raw.trim() === "" ? {} : parseJsonSafely(raw);
}

// Lenient on purpose: OpenAI-compatible servers (DashScope, Ollama, vLLM) omit or null fields OpenAI always sends.
const toolCallSchema = z.object({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }).nullish(),
});
const completionSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.union([z.string(), z.array(z.object({ text: z.string().nullish() }))]).nullish(),
          refusal: z.string().nullish(),
          tool_calls: z.array(toolCallSchema).nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

function finishReason(reason: string | null | undefined): ChatResponse["finishReason"] {
  switch (reason) {
    case "stop":
      return "stop";
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "length":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return "other";
  }
}

/** Some compatible servers (Ollama among them) report "stop" next to tool calls; the calls are what matters. */
function finishReasonWithTools(reason: string | null | undefined, toolCallCount: number): ChatResponse["finishReason"] {
  const mapped = finishReason(reason);
  return mapped === "stop" && toolCallCount > 0 ? "tool_calls" : mapped;
}

export function parseOpenAIResponse(options: { completion: unknown; provider: ProviderId; model: string }): ChatResponse {
  const parsed = completionSchema.safeParse(options.completion);
  if (!parsed.success) {
    throw new ProviderError({
      kind: "unknown",
      provider: options.provider,
      model: options.model,
      detail: "the response was not a chat completion",
      cause: parsed.error,
    });
  }
  const choice = parsed.data.choices[0];
  const content = choice.message.content;
  const text = typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join("");
  const toolCalls: ToolCall[] = (choice.message.tool_calls ?? [])
    .filter((call) => call.function && (call.type ?? "function") === "function")
    .map((call, index) => {
      const rawArguments = call.function?.arguments ?? "";
      return {
        id: call.id ?? `call_${index}`,
        name: call.function?.name ?? "",
        arguments: parseToolArguments(rawArguments),
        rawArguments,
      };
    });
  const refused = text === "" && toolCalls.length === 0 && Boolean(choice.message.refusal);
  return {
    text: refused ? (choice.message.refusal ?? "") : text,
    toolCalls,
    usage: {
      inputTokens: parsed.data.usage?.prompt_tokens ?? 0,
      outputTokens: parsed.data.usage?.completion_tokens ?? 0,
    },
    model: parsed.data.model ?? options.model,
    finishReason: refused ? "content_filter" : finishReasonWithTools(choice.finish_reason, toolCalls.length),
  };
}
