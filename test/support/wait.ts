// Waiting in tests: for a condition to become true (polling, with a deadline), and whether a process still runs.

/**
 * Polls `condition` every 50 ms until it holds; fails after `timeoutMs` with `what` in the message. The deadline only
 * bounds how long a failure takes to show: generous by default, so a busy machine does not fail a test.
 */
export async function waitFor(condition: () => boolean, timeoutMs = 60_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** True while a process with this pid exists: the library's own check. */
export { processExists as isProcessAlive } from "../../src/common/process-exists";
