// Converts neutral chat requests to streaming Anthropic messages.create params (anthropic-stream.ts reads the answer).
import type Anthropic from "@anthropic-ai/sdk";

import type { ChatMessage, ChatRequest, ToolCall, ToolChoice, UserContent } from "../chat-model";

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;
export type AnthropicRequestParams = Anthropic.Messages.MessageCreateParamsStreaming;

/**
 * JSON mode: Anthropic has no schema-less JSON switch. Prefilling the assistant turn with "{" is the classic trick,
 * but newer Claude models answer a prefill with a 400 ("prefill not supported"), so this adapter asks in the system
 * prompt instead and, on the way back (anthropic-stream.ts), takes the JSON object out of any code fence or prose.
 * The caller still validates the object against the decision record and asks once more if it is wrong.
 */
export const jsonInstruction =
  "Respond with a single JSON object only: no prose before or after it, no Markdown code fences.";

export interface BuildAnthropicRequestOptions {
  request: ChatRequest;
  model: string;
  /** Anthropic requires max_tokens on every call. */
  defaultMaxTokens: number;
}

function userBlocks(content: UserContent): ContentBlockParam[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return content.map((part): ContentBlockParam => {
    switch (part.type) {
      case "text":
        return { type: "text", text: part.text };
      case "image":
        return { type: "image", source: { type: "base64", media_type: part.mediaType, data: part.data } };
      default: {
        const exhaustive: never = part;
        return exhaustive;
      }
    }
  });
}

/** Anthropic wants tool input as an object; arguments the model sent as broken JSON go back as an empty one. */
function toolInput(call: ToolCall): Record<string, unknown> {
  const input = call.arguments;
  return input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** One neutral message as Anthropic role + blocks; system messages are lifted into `system` elsewhere. */
function turn(message: Exclude<ChatMessage, { role: "system" }>): {
  role: "user" | "assistant";
  blocks: ContentBlockParam[];
} {
  switch (message.role) {
    case "user":
      return { role: "user", blocks: userBlocks(message.content) };
    case "assistant": {
      // Empty text blocks are rejected by the API, so a tool-call-only turn carries tool_use blocks alone.
      const text: ContentBlockParam[] = message.content === "" ? [] : [{ type: "text", text: message.content }];
      const toolUses = (message.toolCalls ?? []).map((call): ContentBlockParam => ({
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: toolInput(call),
      }));
      return { role: "assistant", blocks: [...text, ...toolUses] };
    }
    case "tool":
      return {
        role: "user",
        blocks: [{ type: "tool_result", tool_use_id: message.toolCallId, content: message.content }],
      };
    default: {
      const exhaustive: never = message;
      return exhaustive;
    }
  }
}

/** Consecutive turns of one role become one message, so several tool results answer one assistant turn together. */
export function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const merged: Array<{ role: "user" | "assistant"; content: ContentBlockParam[] }> = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    const { role, blocks } = turn(message);
    if (blocks.length === 0) continue;
    const previous = merged[merged.length - 1];
    if (previous && previous.role === role) previous.content.push(...blocks);
    else merged.push({ role, content: blocks });
  }
  return merged;
}

function toolChoiceParam(choice: ToolChoice): Anthropic.Messages.ToolChoice {
  if (typeof choice === "object") return { type: "tool", name: choice.name };
  switch (choice) {
    case "auto":
      return { type: "auto" };
    case "required":
      return { type: "any" };
    case "none":
      return { type: "none" };
    default: {
      const exhaustive: never = choice;
      return exhaustive;
    }
  }
}

export function buildAnthropicRequest(options: BuildAnthropicRequestOptions): AnthropicRequestParams {
  const { request } = options;
  const systemTexts = request.messages.flatMap((message) => (message.role === "system" ? [message.content] : []));
  if (request.responseFormat === "json") systemTexts.push(jsonInstruction);
  const params: AnthropicRequestParams = {
    model: options.model,
    max_tokens: request.maxOutputTokens ?? options.defaultMaxTokens,
    // No temperature: API version 2026-10-21, which this SDK sends, answers 400 to any sampling parameter
    // (temperature, top_p, top_k), even at its default value, so the configured temperature is not sent.
    messages: toAnthropicMessages(request.messages),
    stream: true,
  };
  if (systemTexts.length > 0) params.system = systemTexts.join("\n\n");
  if (request.tools && request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { type: "object" as const, ...tool.parameters },
    }));
    if (request.toolChoice) params.tool_choice = toolChoiceParam(request.toolChoice);
  }
  return params;
}
