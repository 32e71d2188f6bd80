// The demo provider's ChatModel: scripted answers made in-process (demo-answers.ts), behind the same interface as the
// provider adapters, so the agents, the report-delta stream, usage records and the journal treat it like any model.
// No SDK, no key, no network. Text is handed out a few words at a time with a short pause between pieces, so a page
// or notebook shows the reports being written as it would with a model. It spends no tokens: usage is zero.
import type { ChatModel, ChatRequest, ChatResponse } from "../../llm/chat-model";
import { DEMO_MODEL } from "../../llm/model-settings";
import { ProviderError } from "../../llm/provider-error";
import { demoAnswer } from "./demo-answers";

export interface DemoChatModelOptions {
  model?: string;
  temperature?: number;
  /**
   * The pause between two pieces of streamed text, in milliseconds: long enough to watch, short enough that a
   * report of ~150 words is written in under a second. @default 12
   */
  pieceDelayMs?: number;
  /** Words per streamed piece. @default 3 */
  wordsPerPiece?: number;
}

/** The text in pieces of a few words each, whitespace kept with the word it precedes; joined, the text again. */
export function demoTextPieces(text: string, wordsPerPiece: number): string[] {
  const words = text.match(/\s*\S+/g) ?? [];
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerPiece)
    pieces.push(words.slice(index, index + wordsPerPiece).join(""));
  const joined = pieces.join("");
  return joined.length < text.length ? [...pieces, text.slice(joined.length)] : pieces;
}

export class DemoChatModel implements ChatModel {
  readonly provider = "demo" as const;
  readonly model: string;
  readonly temperature: number;
  private readonly pieceDelayMs: number;
  private readonly wordsPerPiece: number;

  constructor(options: DemoChatModelOptions = {}) {
    this.model = options.model ?? DEMO_MODEL;
    this.temperature = options.temperature ?? 0;
    this.pieceDelayMs = options.pieceDelayMs ?? 12;
    this.wordsPerPiece = Math.max(1, options.wordsPerPiece ?? 3);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.throwIfAborted(request.signal);
    const answer = demoAnswer(request);
    if (request.onTextDelta) {
      for (const piece of demoTextPieces(answer.text, this.wordsPerPiece)) {
        await this.pause(request.signal);
        request.onTextDelta(piece);
      }
    }
    this.throwIfAborted(request.signal);
    return {
      text: answer.text,
      toolCalls: answer.toolCalls,
      usage: { inputTokens: 0, outputTokens: 0 },
      model: DEMO_MODEL,
      finishReason: answer.toolCalls.length > 0 ? "tool_calls" : "stop",
    };
  }

  private throwIfAborted(signal: AbortSignal | undefined): void {
    if (signal?.aborted)
      throw new ProviderError({ reason: "aborted", provider: "demo", model: this.model, cause: signal.reason });
  }

  private pause(signal: AbortSignal | undefined): Promise<void> {
    this.throwIfAborted(signal);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new ProviderError({ reason: "aborted", provider: "demo", model: this.model, cause: signal?.reason }));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, this.pieceDelayMs);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
