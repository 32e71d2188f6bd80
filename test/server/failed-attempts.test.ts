// The table that slows token guessing, on its own with a clock the test moves: when an address starts to wait and
// for how long (doubling, capped), that a right token clears it, that an address not seen for a while starts afresh,
// and that the table drops the address seen longest ago when it is full. The gate's use of it (the right token always
// passes, 429 at once) is tested end to end in limits.test.ts.
import { describe, expect, it } from "vitest";

import { createFailedAttempts, type FailedAttemptsOptions } from "../../server/failed-attempts";

function table(options: FailedAttemptsOptions = {}) {
  let time = 1_000_000;
  const attempts = createFailedAttempts({ ...options, now: () => time });
  return {
    attempts,
    advance: (ms: number) => (time += ms),
    fail: (address: string, times = 1) => {
      for (let count = 0; count < times; count++) attempts.recordFailure(address);
    },
  };
}

describe("createFailedAttempts", () => {
  it("lets 4 failures pass, then waits 1 s, doubling with each further failure up to 5 minutes (the defaults)", () => {
    const { attempts, fail } = table();
    fail("a", 4);
    expect(attempts.waitMs("a")).toBe(0);
    const waits: number[] = [];
    for (let failure = 5; failure <= 16; failure++) {
      fail("a");
      waits.push(attempts.waitMs("a"));
    }
    expect(waits).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });

  it("follows its options, counts the wait down with the clock, and keeps addresses apart", () => {
    const { attempts, advance, fail } = table({ maxFailures: 2, baseDelayMs: 100, maxDelayMs: 350 });
    fail("a");
    expect(attempts.waitMs("a")).toBe(0);
    fail("a");
    expect(attempts.waitMs("a")).toBe(100);
    advance(40);
    expect(attempts.waitMs("a")).toBe(60);
    advance(100);
    expect(attempts.waitMs("a")).toBe(0);
    fail("a", 2);
    expect(attempts.waitMs("a")).toBe(350);
    expect(attempts.waitMs("b")).toBe(0);
  });

  it("clears an address on a right token", () => {
    const { attempts, fail } = table({ maxFailures: 2 });
    fail("a", 3);
    expect(attempts.waitMs("a")).toBeGreaterThan(0);
    attempts.recordSuccess("a");
    expect(attempts.waitMs("a")).toBe(0);
    fail("a");
    expect(attempts.waitMs("a")).toBe(0);
  });

  it("forgets an address not seen for longer than forgetAfterMs, not sooner", () => {
    const { attempts, advance, fail } = table({ maxFailures: 2, baseDelayMs: 10, forgetAfterMs: 1_000 });
    fail("a");
    advance(1_000);
    fail("a");
    expect(attempts.waitMs("a")).toBe(10);
    advance(1_001);
    expect(attempts.waitMs("a")).toBe(0);
    fail("a");
    expect(attempts.waitMs("a")).toBe(0);
  });

  it("forgets an hour-old address by default", () => {
    const { attempts, advance, fail } = table({ maxFailures: 1, maxDelayMs: 10_000_000, baseDelayMs: 5_000_000 });
    fail("a");
    advance(3_600_000);
    expect(attempts.waitMs("a")).toBe(1_400_000);
    advance(1);
    expect(attempts.waitMs("a")).toBe(0);
  });

  it("drops the address seen longest ago when full; a failure makes an address the newest", () => {
    const { attempts, fail } = table({ maxFailures: 1, baseDelayMs: 1_000, maxAddresses: 2 });
    fail("a");
    fail("b");
    fail("a");
    fail("c");
    expect(attempts.waitMs("a")).toBeGreaterThan(0);
    expect(attempts.waitMs("b")).toBe(0);
    expect(attempts.waitMs("c")).toBeGreaterThan(0);
  });

  it("holds 10,000 addresses by default", () => {
    const { attempts, fail } = table({ maxFailures: 1 });
    for (let index = 0; index <= 10_000; index++) fail(`10.0.${Math.floor(index / 256)}.${index % 256}`);
    expect(attempts.waitMs("10.0.0.0")).toBe(0);
    expect(attempts.waitMs("10.0.0.1")).toBe(1_000);
  });
});
