// The server's shutdown as the routes see it: a signal that aborts when the server starts to stop (SIGINT, SIGTERM),
// so that open analyses end with their own clear answer ("the server is shutting down") instead of a dropped
// connection, and new ones are refused before anything is spent. run-server.ts aborts it, then waits for the
// analyses to finish answering before it closes the connections.
import { HttpProblem } from "./http-problem";

export const SHUTTING_DOWN_MESSAGE =
  "The server is shutting down, so this analysis was stopped. Start the server again, then run the analysis again.";

/** The answer to an analysis the shutdown stopped or refused: 503, code server_shutting_down. */
export function shuttingDownProblem(): HttpProblem {
  return new HttpProblem(503, "server_shutting_down", SHUTTING_DOWN_MESSAGE, { "Retry-After": "30" });
}

/** Resolves once `inUse()` is 0 or `timeoutMs` has passed, whichever is first; answers whether all had ended. */
export async function whenIdle(inUse: () => number, timeoutMs: number, pollMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (inUse() > 0) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
