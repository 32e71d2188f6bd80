// Slowing down token guessing: failed access-token attempts are counted per client address, and past a few of them
// that address waits, longer after each further failure, before its next attempt is even looked at. A correct token
// clears the count. The table is bounded, so a flood of addresses cannot grow it without limit.

export interface FailedAttemptsOptions {
  /** Failures allowed before an address has to wait. Default 5. */
  maxFailures?: number;
  /** The first wait, in ms; it doubles with each further failure. Default 1 s. */
  baseDelayMs?: number;
  /** The longest wait, in ms. Default 5 minutes. */
  maxDelayMs?: number;
  /** An address not seen for this long starts afresh. Default 1 hour. */
  forgetAfterMs?: number;
  /** Addresses remembered at most (the oldest is dropped). Default 10,000. */
  maxAddresses?: number;
  now?: () => number;
}

interface Record_ {
  failures: number;
  blockedUntil: number;
  lastSeen: number;
}

export interface FailedAttempts {
  /** Milliseconds this address must still wait before an attempt is looked at; 0 when it may try now. */
  waitMs(address: string): number;
  recordFailure(address: string): void;
  recordSuccess(address: string): void;
}

export function createFailedAttempts(options: FailedAttemptsOptions = {}): FailedAttempts {
  const maxFailures = options.maxFailures ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 300_000;
  const forgetAfterMs = options.forgetAfterMs ?? 3_600_000;
  const maxAddresses = options.maxAddresses ?? 10_000;
  const now = options.now ?? Date.now;
  const records = new Map<string, Record_>();

  const current = (address: string): Record_ | undefined => {
    const record = records.get(address);
    if (record && now() - record.lastSeen > forgetAfterMs) {
      records.delete(address);
      return undefined;
    }
    return record;
  };

  return {
    waitMs(address) {
      const record = current(address);
      return record ? Math.max(0, record.blockedUntil - now()) : 0;
    },
    recordFailure(address) {
      const record = current(address) ?? { failures: 0, blockedUntil: 0, lastSeen: now() };
      record.failures += 1;
      record.lastSeen = now();
      if (record.failures >= maxFailures) {
        const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (record.failures - maxFailures));
        record.blockedUntil = now() + delay;
      }
      records.delete(address); // re-inserted last: the Map's order is then oldest-seen first
      records.set(address, record);
      while (records.size > maxAddresses) {
        const oldest = records.keys().next().value;
        if (oldest === undefined) break;
        records.delete(oldest);
      }
    },
    recordSuccess(address) {
      records.delete(address);
    },
  };
}
