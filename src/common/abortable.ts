// Stop waiting when a signal aborts (the chart renderer, market data, the model cache).

export const ignore = (): undefined => undefined;

/** Rejects as soon as the signal aborts; the abandoned promise's outcome is still consumed (no unhandled rejection). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
