// The slot counter behind the analyses and event-stream limits, on its own: only a positive whole capacity is
// accepted, no more than the capacity is handed out, a slot given back can be taken again, and giving the same slot
// back twice frees it once (a second release must not make room for one more than the limit).
import { describe, expect, it } from "vitest";

import { createConcurrencyLimit } from "../../server/concurrency-limit";

describe("createConcurrencyLimit", () => {
  it("refuses a capacity that is not a positive whole number, naming it", () => {
    for (const capacity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createConcurrencyLimit(capacity), String(capacity)).toThrow(
        new RangeError(`capacity must be a positive integer (got ${capacity})`),
      );
    }
    expect(createConcurrencyLimit(1).capacity).toBe(1);
  });

  it("hands out exactly `capacity` slots, then none, and counts them", () => {
    const limit = createConcurrencyLimit(2);
    expect(limit.inUse).toBe(0);
    expect(limit.tryAcquire()).toBeTypeOf("function");
    expect(limit.inUse).toBe(1);
    expect(limit.tryAcquire()).toBeTypeOf("function");
    expect(limit.inUse).toBe(2);
    expect(limit.tryAcquire()).toBeUndefined();
    expect(limit.inUse).toBe(2);
  });

  it("takes a slot back once however often it is released", () => {
    const limit = createConcurrencyLimit(2);
    const first = limit.tryAcquire()!;
    limit.tryAcquire();
    first();
    expect(limit.inUse).toBe(1);
    first();
    expect(limit.inUse).toBe(1);
    expect(limit.tryAcquire()).toBeTypeOf("function");
    expect(limit.tryAcquire()).toBeUndefined();
    expect(limit.inUse).toBe(2);
  });
});
