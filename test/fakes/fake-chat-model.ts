// An in-process ChatModel for unit tests of agents and the pipeline: scripted replies, every call recorded, no HTTP.
// For tests that must go through the real SDKs, use fake-provider-server.ts instead.
import type { ProviderId } from "../../src/config/providers";
import type { ChatModel, ChatRequest, ChatResponse, ToolCall } from "../../src/llm/chat-model";
import { ProviderError } from "../../src/llm/provider-error";
import { textPieces } from "./fake-stream-events";

/** A reply: a (partial) response, an error to throw, or a function of the request. */
export type FakeChatStep =
  Partial<ChatResponse> | Error | ((request: ChatRequest, callIndex: number) => Partial<ChatResponse> | Error);

export interface FakeChatModelOptions {
  provider?: ProviderId;
  model?: string;
  temperature?: number;
  /** Used in order, one per call; when they run out, `fallback` answers (default: text "ok"). */
  steps?: FakeChatStep[];
  fallback?: FakeChatStep;
}

/** A text reply. */
export function textStep(text: string): Partial<ChatResponse> {
  return { text, finishReason: "stop" };
}

/** A reply that calls tools; ids are generated when absent. */
export function toolCallStep(calls: Array<{ name: string; arguments: unknown; id?: string }>): Partial<ChatResponse> {
  const toolCalls: ToolCall[] = calls.map((call, index) => ({
    id: call.id ?? `call_${index}`,
    name: call.name,
    arguments: call.arguments,
    rawArguments: JSON.stringify(call.arguments),
  }));
  return { text: "", toolCalls, finishReason: "tool_calls" };
}

export class FakeChatModel implements ChatModel {
  readonly provider: ProviderId;
  readonly model: string;
  readonly temperature: number;
  /** Every request, in call order. */
  readonly calls: ChatRequest[] = [];
  private readonly steps: FakeChatStep[];
  private readonly fallback: FakeChatStep;

  constructor(options: FakeChatModelOptions = {}) {
    this.provider = options.provider ?? "openai";
    this.model = options.model ?? "fake-model";
    this.temperature = options.temperature ?? 0.1;
    this.steps = [...(options.steps ?? [])];
    this.fallback = options.fallback ?? textStep("ok");
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const callIndex = this.calls.length;
    this.calls.push(request);
    if (request.signal?.aborted) {
      throw new ProviderError({
        reason: "aborted",
        provider: this.provider,
        model: this.model,
        cause: request.signal.reason,
      });
    }
    const step = this.steps.shift() ?? this.fallback;
    const outcome = typeof step === "function" ? step(request, callIndex) : step;
    if (outcome instanceof Error) throw outcome;
    const text = outcome.text ?? "";
    // As the real adapters do: the text goes to onTextDelta in pieces (a word each) before the call resolves.
    for (const piece of textPieces(text)) request.onTextDelta?.(piece);
    return {
      text,
      toolCalls: outcome.toolCalls ?? [],
      usage: outcome.usage ?? { inputTokens: 10, outputTokens: 5 },
      model: outcome.model ?? this.model,
      finishReason: outcome.finishReason ?? ((outcome.toolCalls?.length ?? 0) > 0 ? "tool_calls" : "stop"),
    };
  }
}
