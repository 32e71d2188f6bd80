// Admission to work that spends the owner's money: an analysis and a key check (each a provider call) take a slot of
// the same limit (MAX_CONCURRENT_ANALYSES) before anything is spent, and give it back however they end: answered,
// failed, or dropped by the client. A request that finds no slot free is refused at once with 429 and Retry-After,
// never queued (concurrency-limit.ts says why).
import type { ConcurrencyLimit } from "./concurrency-limit";
import { HttpProblem } from "./http-problem";

/** How the analyses limit is named when it is full: analyses and key checks share it. */
export const PAID_WORK = "analyses and key checks are running";

/** What a refused client is told to wait: about the length of a short analysis. */
export const RETRY_AFTER_SECONDS = 15;

/** A slot of `limit` (call the answer to give it back), or 429 with Retry-After when none is free. */
export function admit(limit: ConcurrencyLimit, what: string): () => void {
  const release = limit.tryAcquire();
  if (release) return release;
  throw new HttpProblem(
    429,
    "too_many_analyses",
    `The server is busy: ${limit.capacity} ${what} at once already. Try again in a few seconds.`,
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );
}

/** Runs `work` holding a slot of `limit`; the slot is given back when the work settles, whichever way. */
export async function withSlot<T>(limit: ConcurrencyLimit, what: string, work: () => Promise<T>): Promise<T> {
  const release = admit(limit, what);
  try {
    return await work();
  } finally {
    release();
  }
}
