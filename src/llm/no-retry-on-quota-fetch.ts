// A fetch wrapper that stops both SDKs from retrying a quota error: they retry every 429 unless the response says not to.
import { parseJsonSafely } from "../common/parse-json-safely";
import { isQuotaError } from "./quota-error";

type Fetch = typeof globalThis.fetch;

/**
 * Both SDKs decide in `shouldRetry(response)` (openai and @anthropic-ai/sdk, src/client.ts), which obeys an
 * `x-should-retry: false` header before it looks at the status. A 429 whose body is a quota or billing error is
 * handed to the SDK with that header added, so the SDK raises its RateLimitError at once: retrying cannot help
 * an empty account, and only delays the message the user needs (a quota error is never retried). Other responses pass
 * through untouched.
 */
export function createNoRetryOnQuotaFetch(baseFetch?: Fetch): Fetch {
  return async (input, init) => {
    // Looked up per call, so a fetch stubbed after the client was built is still used.
    const response = await (baseFetch ?? globalThis.fetch)(input, init);
    if (response.status !== 429) return response;

    const text = await response.clone().text();
    if (!isQuotaError({ status: response.status, body: parseJsonSafely(text) })) return response;

    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    // The body is already decoded text now; stale length or encoding headers would describe the old bytes.
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}
