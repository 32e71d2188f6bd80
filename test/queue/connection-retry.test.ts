// Riding out a lost database connection, each path once: an action that fails once with a lost connection runs
// exactly twice and its result is kept; one that fails for another reason runs once and its error passes as it is;
// a database_unavailable (what the shared pool turns a lost connection into) is retried like the raw error; the
// caller's signal stops the retries; the pauses grow, up to their cap.
import { describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { retryWhileDisconnected } from "../../src/queue/connection-retry";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** An action that fails with each of `failures` in turn, then answers "stored"; counts its runs. */
function flaky(failures: Error[]) {
  let runs = 0;
  return {
    action: async () => {
      runs += 1;
      const failure = failures[runs - 1];
      if (failure !== undefined) throw failure;
      return "stored";
    },
    runs: () => runs,
  };
}

describe("retryWhileDisconnected", () => {
  it("a connection lost once: the action runs exactly twice, and its result is what the caller gets", async () => {
    const step = flaky([refused()]);
    const pauses: number[] = [];
    await expect(
      retryWhileDisconnected(step.action, { firstPauseMs: 1, onRetry: (_error, pause) => pauses.push(pause) }),
    ).resolves.toBe("stored");
    expect(step.runs()).toBe(2);
    expect(pauses).toHaveLength(1);
  });

  it("the journal's database_unavailable is retried like the driver's own error", async () => {
    const step = flaky([new JournalError({ reason: "database_unavailable", message: "down" })]);
    await expect(retryWhileDisconnected(step.action, { firstPauseMs: 1 })).resolves.toBe("stored");
    expect(step.runs()).toBe(2);
  });

  it("any other failure runs once and passes as it is: a constraint, the journal's other errors", async () => {
    for (const failure of [
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      new JournalError({ reason: "not_found", message: "no such analysis" }),
    ]) {
      const step = flaky([failure]);
      await expect(retryWhileDisconnected(step.action, { firstPauseMs: 1 })).rejects.toBe(failure);
      expect(step.runs()).toBe(1);
    }
  });

  it("stops when the caller's signal aborts, with the last error", async () => {
    const controller = new AbortController();
    const failure = refused();
    let runs = 0;
    const retried = retryWhileDisconnected(
      async () => {
        runs += 1;
        throw failure;
      },
      { firstPauseMs: 1, onRetry: () => (runs >= 3 ? controller.abort() : undefined), signal: controller.signal },
    );
    await expect(retried).rejects.toBe(failure);
    expect(runs).toBe(3);
  });

  it("waits its pause before trying again, and the caller's abort cuts a long pause short", async () => {
    const step = flaky([refused()]);
    const started = performance.now();
    await retryWhileDisconnected(step.action, { firstPauseMs: 40 });
    // At least three quarters of the pause (its jitter) passed: a lower bound, which a busy machine only lengthens.
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);

    const controller = new AbortController();
    const failure = refused();
    const waiting = retryWhileDisconnected(
      async () => {
        throw failure;
      },
      { firstPauseMs: 600_000, signal: controller.signal, onRetry: () => setTimeout(() => controller.abort(), 10) },
    );
    // Without the abort this would wait ten minutes; the test's own timeout would fail it long before.
    await expect(waiting).rejects.toBe(failure);
  }, 60_000);

  it("doubles the pause after each failure, up to the longest", async () => {
    const step = flaky([refused(), refused(), refused(), refused()]);
    const pauses: number[] = [];
    await retryWhileDisconnected(step.action, {
      firstPauseMs: 4,
      longestPauseMs: 10,
      onRetry: (_error, pause) => pauses.push(pause),
    });
    // Each pause is within a quarter of its nominal 4, 8, 10, 10 ms (the jitter).
    const nominal = [4, 8, 10, 10];
    pauses.forEach((pause, index) => {
      expect(pause).toBeGreaterThanOrEqual(Math.floor(nominal[index]! * 0.75));
      expect(pause).toBeLessThanOrEqual(Math.ceil(nominal[index]! * 1.25));
    });
    expect(step.runs()).toBe(5);
  });
});
