// The provider-neutral chat interface: everything outside src/llm/<provider>/ depends on this file only.
import type { ProviderId } from "../config/providers";

export type { ModelRole } from "./model-settings";

export interface TextPart {
  type: "text";
  text: string;
}

export interface ImagePart {
  type: "image";
  mediaType: "image/png" | "image/jpeg";
  /** Base64 without a data: prefix. */
  data: string;
}

export type UserContent = string | Array<TextPart | ImagePart>;

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments; `undefined` when the model sent arguments that are not valid JSON. */
  arguments: unknown;
  /** The arguments exactly as the model sent them. */
  rawArguments: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: UserContent }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; toolName: string; content: string };

export interface ToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema object describing the arguments. */
  parameters: Record<string, unknown>;
}

export type ToolChoice = "auto" | "required" | "none" | { name: string };

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  /**
   * "json" asks for a JSON object: OpenAI's json_object mode; for Anthropic an instruction in the system prompt and
   * the object taken out of any code fence (see anthropic-messages.ts). The caller still validates the object.
   */
  responseFormat?: "text" | "json";
  maxOutputTokens?: number;
  /**
   * Which of several samples of the same request this is (0, the default, is the first): providers never see it; the
   * model-answer cache keys by it, so each of a decision's samples keeps an answer of its own.
   */
  sample?: number;
  signal?: AbortSignal;
  /**
   * Called with each piece of new answer text as the model writes it (every call streams), before `chat` resolves.
   * Text only, never tool-call arguments; in JSON mode the raw text, fences included. The pieces concatenated are
   * the response's `text` (for Anthropic JSON mode, the text before the object is taken out of its fence).
   * An error thrown here stops the request and is what `chat` rejects with.
   */
  onTextDelta?: (text: string) => void;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  /** The model that answered, as the provider reported it. */
  model: string;
  finishReason: "stop" | "tool_calls" | "length" | "content_filter" | "other";
  /**
   * How the call differed from what was asked, as the Vercel AI SDK reports its call warnings: a setting the model
   * does not take and that was left out (a reasoning model's temperature), JSON mode the server refused. Sentences,
   * each complete; the analysis result gathers them (its `warnings`). Absent when there is nothing to say.
   */
  warnings?: readonly string[];
}

export interface ChatModel {
  readonly provider: ProviderId;
  readonly model: string;
  readonly temperature: number;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

export const zeroUsage: TokenUsage = Object.freeze({ inputTokens: 0, outputTokens: 0 });
