// Admission to paid work on its own: a free slot is handed out, a full limit is refused with 429, the stable code,
// Retry-After and a sentence naming the limit, and `withSlot` gives its slot back however the work ends. The routes
// that use it (analyze, validate-api-key) are tested end to end in concurrency-slots.test.ts.
import { describe, expect, it } from "vitest";

import { admit, PAID_WORK, RETRY_AFTER_SECONDS, withSlot } from "../../server/admission";
import { createConcurrencyLimit } from "../../server/concurrency-limit";
import { HttpProblem } from "../../server/http-problem";

function refusal(action: () => unknown): HttpProblem {
  try {
    action();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("admit", () => {
  it("hands out a slot while one is free, and refuses with 429 and Retry-After once none is", () => {
    const limit = createConcurrencyLimit(2);
    admit(limit, PAID_WORK);
    const release = admit(limit, PAID_WORK);
    expect(limit.inUse).toBe(2);
    const problem = refusal(() => admit(limit, PAID_WORK));
    expect(problem.status).toBe(429);
    expect(problem.code).toBe("too_many_analyses");
    expect(problem.headers).toEqual({ "Retry-After": "15" });
    expect(RETRY_AFTER_SECONDS).toBe(15);
    expect(problem.message).toBe(
      "The server is busy: 2 analyses and key checks are running at once already. Try again in a few seconds.",
    );
    release();
    expect(() => admit(limit, PAID_WORK)).not.toThrow();
  });
});

describe("withSlot", () => {
  it("holds a slot while the work runs and gives it back when the work is done", async () => {
    const limit = createConcurrencyLimit(1);
    let inUseDuring = -1;
    const answer = await withSlot(limit, PAID_WORK, async () => {
      inUseDuring = limit.inUse;
      return "answered";
    });
    expect(answer).toBe("answered");
    expect(inUseDuring).toBe(1);
    expect(limit.inUse).toBe(0);
  });

  it("gives the slot back when the work fails, and passes the failure on", async () => {
    const limit = createConcurrencyLimit(1);
    await expect(
      withSlot(limit, PAID_WORK, async () => {
        throw new Error("provider down");
      }),
    ).rejects.toThrow("provider down");
    expect(limit.inUse).toBe(0);
  });

  it("refuses before starting the work when no slot is free", async () => {
    const limit = createConcurrencyLimit(1);
    limit.tryAcquire();
    let started = false;
    await expect(
      withSlot(limit, PAID_WORK, async () => {
        started = true;
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(started).toBe(false);
    expect(limit.inUse).toBe(1);
  });
});
