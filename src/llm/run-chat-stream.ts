// The one way both adapters run a streamed chat call: open the stream, feed each event to the provider's
// accumulator, hand new text to the caller as it arrives, stop an answer that grows past its limit, and turn every
// early end into a classified error.
import { AnswerTooLongError } from "./answer-limits";
import type { ChatRequest, ChatResponse } from "./chat-model";

/** Folds one provider's stream events into a ChatResponse; one per call. */
export interface ChatStreamAccumulator {
  /** Takes one event as the SDK yielded it; returns the answer text it adds ("" for none). Throws on nonsense. */
  accept(event: unknown): string;
  /** The response once the stream has ended; throws when the stream never looked like an answer. */
  finish(): ChatResponse;
  /** Characters of answer kept so far: text and tool-call arguments. */
  answerLength(): number;
}

/** What both SDKs' Stream objects offer: events to iterate and the controller that aborts the request. */
export interface SdkEventStream extends AsyncIterable<unknown> {
  controller: AbortController;
}

export interface RunChatStreamOptions {
  request: ChatRequest;
  /** Sends the request; resolves once the provider has answered with a stream (retries happen inside). */
  open(): Promise<SdkEventStream>;
  accumulator: ChatStreamAccumulator;
  /** The provider's classifier: every failure leaves as its ProviderError. */
  classify(error: unknown): Error;
  /**
   * Longest silence allowed between two events once the stream has started (default: the SDKs' own request
   * timeout, 10 minutes). The SDK's timeout stops at the response headers, which a streaming provider sends at
   * once; without this, a stalled stream would hang for ever.
   */
  idleTimeoutMs?: number;
  /** Characters of text and tool-call arguments past which the call is stopped (answer-limits.ts). */
  maxAnswerCharacters: number;
}

const defaultIdleTimeoutMs = 600_000;

export async function runChatStream(options: RunChatStreamOptions): Promise<ChatResponse> {
  const { request, accumulator } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? defaultIdleTimeoutMs;
  let idleTimer: NodeJS.Timeout | undefined;
  let timedOut = false;
  // The caller's own error, thrown from onTextDelta: not the provider's failure, so it leaves unclassified.
  let callerFailure: { error: unknown } | undefined;
  try {
    const stream = await options.open();
    const restartIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        timedOut = true;
        stream.controller.abort();
      }, idleTimeoutMs);
    };
    restartIdleTimer();
    for await (const event of stream) {
      restartIdleTimer();
      const text = accumulator.accept(event);
      // Leaving the loop by a throw returns the SDK's iterator, which aborts the request.
      if (accumulator.answerLength() > options.maxAnswerCharacters)
        throw new AnswerTooLongError(`${options.maxAnswerCharacters} characters`);
      if (text === "" || !request.onTextDelta) continue;
      try {
        request.onTextDelta(text);
      } catch (error) {
        callerFailure = { error };
        // Leaving the loop returns the SDK's iterator, which aborts the request.
        throw error;
      }
    }
    // Both SDKs end a stream quietly when its request is aborted, so how it ended is checked here.
    request.signal?.throwIfAborted();
    if (timedOut) throw new DOMException(`no data for ${idleTimeoutMs} ms`, "TimeoutError");
    return accumulator.finish();
  } catch (error) {
    if (callerFailure) throw callerFailure.error;
    throw options.classify(error);
  } finally {
    clearTimeout(idleTimer);
  }
}
