// Whether a point whose work failed should run again or be recorded as failed. A failure that may pass (the
// provider's or the shared rate limit, a network or server error, the database, a worker without the key, the job's
// own time limit, Chromium) goes back to the queue, which retries it with backoff, elsewhere if need be; one that
// would only fail again (a refused key, no credit, a model that misbehaves, data that cannot be had) is the point's
// result, as it is in an evaluation run in one process.
import { QuantAgentError } from "../common/quantagent-error";
import { ProviderError } from "../llm/provider-error";

export function shouldRetry(error: unknown): boolean {
  if (!QuantAgentError.isInstance(error)) return true;
  if (error instanceof ProviderError) return error.isRetryable;
  if (error.code === "provider_rate_limit") return true;
  switch (error.kind) {
    case "config":
    case "cancelled":
    case "internal":
      return true;
    case "input":
    case "provider":
    case "data":
      return false;
    default: {
      const exhaustive: never = error.kind;
      return exhaustive;
    }
  }
}
