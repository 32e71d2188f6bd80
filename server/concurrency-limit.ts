// A fixed number of slots: at most N analyses at once (MAX_CONCURRENT_ANALYSES), at most M open event streams. Work
// holds a slot from before it starts until it ends, and a request that finds none free is refused at once (429 with
// Retry-After) rather than queued: a queue would hold connections open and spend money later on requests whose
// caller may have left.

export interface ConcurrencyLimit {
  /** A release function when a slot was free, else undefined. Releasing twice is harmless. */
  tryAcquire(): (() => void) | undefined;
  readonly inUse: number;
  readonly capacity: number;
}

export function createConcurrencyLimit(capacity: number): ConcurrencyLimit {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer (got ${capacity})`);
  let inUse = 0;
  return {
    tryAcquire() {
      if (inUse >= capacity) return undefined;
      inUse += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse -= 1;
      };
    },
    get inUse() {
      return inUse;
    },
    capacity,
  };
}
