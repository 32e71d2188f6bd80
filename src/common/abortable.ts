// Small helpers for async plumbing (the chart renderer, the model cache): stop waiting when a signal aborts, and
// describe an unknown error.

export const ignore = (): undefined => undefined;

/** Rejects as soon as the signal aborts; the abandoned promise's outcome is still consumed (no unhandled rejection). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
