// Folds Anthropic message stream events (message_start, content_block_*, message_delta) into a ChatResponse.
import { z } from "zod";

import { extractJsonObject } from "../../common/extract-json";
import type { ChatRequest, ChatResponse } from "../chat-model";
import { unreadableStreamError } from "../provider-error";
import type { ChatStreamAccumulator } from "../run-chat-stream";
import { StreamedToolCalls } from "../streamed-tool-calls";

const usageSchema = z
  .object({
    input_tokens: z.number().nullish(),
    output_tokens: z.number().nullish(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
  })
  .nullish();

/** One schema for every event type, each member optional: unknown event and block types pass and are ignored. */
export const anthropicEventSchema = z.object({
  type: z.string(),
  /** message_start */
  message: z.object({ model: z.string().nullish(), usage: usageSchema }).nullish(),
  /** content_block_start, content_block_delta, content_block_stop */
  index: z.number().nullish(),
  content_block: z
    .object({
      type: z.string(),
      text: z.string().nullish(),
      id: z.string().nullish(),
      name: z.string().nullish(),
      input: z.unknown().optional(),
    })
    .nullish(),
  /** content_block_delta (text_delta, input_json_delta) and message_delta (stop_reason) */
  delta: z
    .object({
      type: z.string().nullish(),
      text: z.string().nullish(),
      partial_json: z.string().nullish(),
      stop_reason: z.string().nullish(),
    })
    .nullish(),
  /** message_delta: running totals */
  usage: usageSchema,
});

type Usage = NonNullable<z.infer<typeof usageSchema>>;

function finishReason(reason: string | undefined): ChatResponse["finishReason"] {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return "other";
  }
}

export class AnthropicStreamAccumulator implements ChatStreamAccumulator {
  private readonly requestedModel: string;
  private readonly responseFormat: ChatRequest["responseFormat"];
  private answeredModel: string | undefined;
  private started = false;
  private text = "";
  private readonly toolCalls = new StreamedToolCalls();
  private stopReason: string | undefined;
  /** message_start's usage, then message_delta's running totals over it, field by field. */
  private usage: Usage = {};

  constructor(options: { model: string; responseFormat: ChatRequest["responseFormat"] }) {
    this.requestedModel = options.model;
    this.responseFormat = options.responseFormat;
  }

  private mergeUsage(usage: Usage | null | undefined): void {
    if (!usage) return;
    for (const [field, value] of Object.entries(usage)) {
      if (typeof value === "number") this.usage[field as keyof Usage] = value;
    }
  }

  accept(event: unknown): string {
    const parsed = anthropicEventSchema.safeParse(event);
    if (!parsed.success) {
      throw unreadableStreamError(
        "anthropic",
        this.requestedModel,
        "a stream event was not an Anthropic message event",
        parsed.error,
      );
    }
    const { type, message, index, content_block: block, delta, usage } = parsed.data;
    // A plain string switch: Anthropic may add event and block types, which a client is expected to ignore.
    switch (type) {
      case "message_start":
        this.started = true;
        this.answeredModel = message?.model ?? undefined;
        this.mergeUsage(message?.usage);
        return "";
      case "content_block_start":
        if (block?.type === "tool_use") {
          this.toolCalls.add(index ?? 0, {
            id: block.id,
            name: block.name,
            type: "function",
            wholeArguments: block.input,
          });
        }
        // A text block opens empty in practice; any text it opens with is part of the answer all the same.
        if (block?.type !== "text" || !block.text) return "";
        this.text += block.text;
        return block.text;
      case "content_block_delta":
        if (delta?.type === "input_json_delta") {
          this.toolCalls.add(index ?? 0, { argumentsDelta: delta.partial_json });
          return "";
        }
        if (delta?.type !== "text_delta" || !delta.text) return "";
        this.text += delta.text;
        return delta.text;
      case "message_delta":
        this.stopReason = delta?.stop_reason ?? this.stopReason;
        this.mergeUsage(usage);
        return "";
      default:
        return "";
    }
  }

  answerLength(): number {
    return this.text.length + this.toolCalls.argumentsLength;
  }

  finish(): ChatResponse {
    if (!this.started) {
      throw unreadableStreamError("anthropic", this.requestedModel, "the response was not an Anthropic message stream");
    }
    const usage = this.usage;
    return {
      text: this.responseFormat === "json" ? (extractJsonObject(this.text) ?? this.text) : this.text,
      toolCalls: this.toolCalls.toToolCalls("toolu"),
      usage: {
        // Cached prompt tokens are reported apart from input_tokens; all of them were read by the model.
        inputTokens:
          (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
        outputTokens: usage.output_tokens ?? 0,
      },
      model: this.answeredModel ?? this.requestedModel,
      finishReason: finishReason(this.stopReason),
    };
  }
}
