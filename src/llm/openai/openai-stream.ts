// Folds chat.completion.chunk events (OpenAI, DashScope and other compatible servers) into a ChatResponse.
import { z } from "zod";

import type { ProviderId } from "../../config/providers";
import type { ChatResponse } from "../chat-model";
import { unreadableStreamError } from "../provider-error";
import type { ChatStreamAccumulator } from "../run-chat-stream";
import { StreamedToolCalls } from "../streamed-tool-calls";

// Lenient on purpose: compatible servers (DashScope, Ollama, vLLM) omit or null fields OpenAI always sends.
const toolCallDeltaSchema = z.object({
  index: z.number().nullish(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

export const openaiChunkSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        index: z.number().nullish(),
        delta: z
          .object({
            content: z.union([z.string(), z.array(z.object({ text: z.string().nullish() }))]).nullish(),
            refusal: z.string().nullish(),
            tool_calls: z.array(toolCallDeltaSchema).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

function finishReason(reason: string | undefined): ChatResponse["finishReason"] {
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
function finishReasonWithTools(reason: string | undefined, toolCallCount: number): ChatResponse["finishReason"] {
  const mapped = finishReason(reason);
  return mapped === "stop" && toolCallCount > 0 ? "tool_calls" : mapped;
}

function contentText(content: string | Array<{ text?: string | null }> | null | undefined): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

export class OpenAIStreamAccumulator implements ChatStreamAccumulator {
  private readonly provider: ProviderId;
  private readonly requestedModel: string;
  private answeredModel: string | undefined;
  /** Content and refusal pieces in arrival order: the text handed to the caller, and the response's text. */
  private text = "";
  private contentSeen = false;
  private refusalSeen = false;
  private readonly toolCalls = new StreamedToolCalls();
  private finishReason: string | undefined;
  private inputTokens = 0;
  private outputTokens = 0;
  /** A stream that never carried a `choices` member was not a chat completion stream (e.g. a JSON error page). */
  private choicesSeen = false;

  constructor(options: { provider: ProviderId; model: string }) {
    this.provider = options.provider;
    this.requestedModel = options.model;
  }

  accept(event: unknown): string {
    const parsed = openaiChunkSchema.safeParse(event);
    if (!parsed.success) {
      throw unreadableStreamError(
        this.provider,
        this.requestedModel,
        "a stream chunk was not a chat completion chunk",
        parsed.error,
      );
    }
    const chunk = parsed.data;
    this.answeredModel ||= chunk.model ?? undefined;
    // With include_usage the usage comes in a last chunk with no choices; servers that repeat it keep it cumulative.
    if (chunk.usage) {
      this.inputTokens = chunk.usage.prompt_tokens ?? this.inputTokens;
      this.outputTokens = chunk.usage.completion_tokens ?? this.outputTokens;
    }
    if (!chunk.choices) return "";
    this.choicesSeen = true;
    // One answer is asked for (no `n`), so only the first choice counts.
    const choice = chunk.choices.find((candidate) => (candidate.index ?? 0) === 0);
    if (!choice) return "";
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (!delta) return "";
    for (const call of delta.tool_calls ?? []) {
      const position = call.index ?? this.toolCalls.positionFor(call.id);
      this.toolCalls.add(position, {
        id: call.id,
        name: call.function?.name,
        type: call.type,
        argumentsDelta: call.function?.arguments,
      });
    }
    const content = contentText(delta.content);
    const refusal = delta.refusal ?? "";
    if (content !== "") this.contentSeen = true;
    if (refusal !== "") this.refusalSeen = true;
    // A refusal is what the model wrote instead of an answer: it is shown, and becomes the text, like content.
    const piece = content + refusal;
    this.text += piece;
    return piece;
  }

  answerLength(): number {
    return this.text.length + this.toolCalls.argumentsLength;
  }

  finish(): ChatResponse {
    if (!this.choicesSeen) {
      throw unreadableStreamError(this.provider, this.requestedModel, "the response was not a chat completion stream");
    }
    const toolCalls = this.toolCalls.toToolCalls("call");
    const refused = this.refusalSeen && !this.contentSeen && toolCalls.length === 0;
    return {
      text: this.text,
      toolCalls,
      // Servers that ignore stream_options send no usage at all: counted as 0 rather than failing the call.
      usage: { inputTokens: this.inputTokens, outputTokens: this.outputTokens },
      model: this.answeredModel ?? this.requestedModel,
      finishReason: refused ? "content_filter" : finishReasonWithTools(this.finishReason, toolCalls.length),
    };
  }
}
