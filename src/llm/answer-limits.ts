// How much one model call may bring back. Every call sends a token limit (max_tokens / max_completion_tokens), but a
// server is free to ignore it: one that streamed for ever once took a process from 194 MB to 3.4 GB and ended in a
// RangeError. So the answer kept is bounded here too, whatever the server does: its text and tool-call arguments by
// characters (a generous multiple of the token limit), and the whole response body by bytes (events that carry no
// text, a line that never ends, a body that is not an event stream at all), also in proportion to the token limit.
// Past either, the call is stopped and
// fails as a provider error, `provider_answer_too_long`.

/** The token limit a call sends when neither its request nor its model's settings name one. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
/** Characters kept per token asked for: tokens average about 4 characters; 16 leaves room for any tokenizer. */
const CHARACTERS_PER_TOKEN = 16;
/** The least kept, however small the token limit: a short answer is never cut for its formatting. */
const MIN_ANSWER_CHARACTERS = 16 * 1024;
/** Bytes of response body allowed per token: a streamed token comes in an event of about 200 bytes of JSON. */
const BYTES_PER_TOKEN = 1024;
/** The least body allowed, however small the token limit. */
const MIN_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The characters of text and tool-call arguments kept for a call that asked for at most `maxOutputTokens`. */
export function answerCharacterLimit(maxOutputTokens: number): number {
  return Math.max(MIN_ANSWER_CHARACTERS, maxOutputTokens * CHARACTERS_PER_TOKEN);
}

/** The bytes of response body read for a model whose calls ask for at most `maxOutputTokens` (4 MiB at 4096). */
export function responseByteLimit(maxOutputTokens: number): number {
  return Math.max(MIN_RESPONSE_BYTES, maxOutputTokens * BYTES_PER_TOKEN);
}

/** Raised inside a call when its answer passes a limit; the adapters' classifiers turn it into a ProviderError. */
export class AnswerTooLongError extends Error {
  override name = "AnswerTooLongError";
  constructor(readonly limit: string) {
    super(`the answer passed ${limit}`);
  }
}

type Fetch = typeof globalThis.fetch;

/**
 * A fetch whose response bodies end in an AnswerTooLongError past `maxBytes`: the connection is closed then, so the
 * server stops sending. The fetch is looked up per call, so one stubbed after the client was built is still used.
 */
export function createBoundedResponseFetch(baseFetch: Fetch | undefined, maxBytes: number): Fetch {
  return async (input, init) => {
    const response = await (baseFetch ?? globalThis.fetch)(input, init);
    if (!response.body) return response;
    let received = 0;
    const bounded = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > maxBytes) controller.error(new AnswerTooLongError(`${maxBytes} bytes`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(bounded, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
