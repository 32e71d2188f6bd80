// Riding out a lost database connection: an action that fails because PostgreSQL cannot be reached (restart,
// failover, a network cut) is tried again with growing pauses until it succeeds or the caller stops, so a worker
// waits for the database and resumes instead of losing the result it was about to store. Other errors pass through.
import { isConnectionFailure } from "../journal/database-unavailable";

/**
 * Connection-level failures: refused, reset, timed out, the server shutting down or not accepting connections yet;
 * also the journal's database_unavailable, which is what such a failure becomes in the shared database's pool.
 */
export const isConnectionError = isConnectionFailure;

export interface ConnectionRetryOptions {
  /** Stops retrying (the last error is thrown). */
  signal?: AbortSignal;
  /** Told before each pause. */
  onRetry?: (error: unknown, pauseMs: number) => void;
  /** @default 500 */
  firstPauseMs?: number;
  /** @default 30000 */
  longestPauseMs?: number;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

export async function retryWhileDisconnected<T>(
  action: () => Promise<T>,
  options: ConnectionRetryOptions = {},
): Promise<T> {
  let pauseMs = options.firstPauseMs ?? 500;
  const longest = options.longestPauseMs ?? 30_000;
  for (;;) {
    try {
      return await action();
    } catch (error) {
      if (!isConnectionError(error) || options.signal?.aborted) throw error;
      const wait = Math.round(pauseMs * (0.75 + Math.random() / 2));
      options.onRetry?.(error, wait);
      await pause(wait, options.signal);
      if (options.signal?.aborted) throw error;
      pauseMs = Math.min(longest, pauseMs * 2);
    }
  }
}
