// Converts neutral chat requests to streaming OpenAI chat.completions params (openai-stream.ts reads the answer).
import type OpenAI from "openai";

import type { ChatMessage, ChatRequest, ToolChoice, UserContent } from "../chat-model";

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.Completions.ChatCompletionContentPart;
type ToolChoiceOption = OpenAI.Chat.Completions.ChatCompletionToolChoiceOption;
export type OpenAIRequestParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;

export interface BuildOpenAIRequestOptions {
  request: ChatRequest;
  model: string;
  /** Undefined: none is sent (a reasoning model takes only its default). */
  temperature: number | undefined;
  /**
   * false: a request for JSON is sent without `response_format` (a server that refused JSON mode); the prompt still
   * asks for the object, and the answer's JSON is taken from its text. @default true
   */
  jsonMode?: boolean;
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
  const params: OpenAIRequestParams = {
    model: options.model,
    messages,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    stream: true,
    // Without this a stream carries no usage; servers that ignore it send none, which is counted as 0.
    stream_options: { include_usage: true },
  };
  if (request.tools && request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    if (request.toolChoice) params.tool_choice = toolChoiceParam(request.toolChoice);
  }
  if (wantsJson && options.jsonMode !== false) params.response_format = { type: "json_object" };
  if (request.maxOutputTokens !== undefined) params[options.maxTokensField] = request.maxOutputTokens;
  return params;
}
