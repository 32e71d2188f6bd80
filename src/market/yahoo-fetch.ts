// The fetch handed to yahoo-finance2: enforces the abort signal, and turns HTTP and transport failures into typed
// values at the one place they enter, before the library prints them or flattens them into plain Errors.
import { abortable } from "../common/abortable";
import { QuantAgentError } from "../common/quantagent-error";

/** Yahoo answered, but with an error status or an error object in the body. */
export class YahooHttpFailure extends QuantAgentError {
  override name = "YahooHttpFailure";
  readonly status: number;
  /** Yahoo's own explanation (`chart.error.description`) or the HTTP status text. */
  readonly description: string;
  constructor(options: { status: number; description: string }) {
    super({ code: "market_data", kind: "data", message: `HTTP ${options.status}: ${options.description}` });
    this.status = options.status;
    this.description = options.description;
  }
}

/** The request never got an answer: DNS, refused connection, reset, TLS, a body that broke off. */
export class YahooTransportFailure extends QuantAgentError {
  override name = "YahooTransportFailure";
  constructor(options: { cause: unknown }) {
    super({ code: "market_data", kind: "data", message: transportDetail(options.cause), cause: options.cause });
  }
}

function transportDetail(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici puts the useful part (ECONNREFUSED, ENOTFOUND ...) in error.cause.
  const inner = cause.cause instanceof Error ? cause.cause : undefined;
  const code = (inner as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  return typeof code === "string" ? `${cause.message}: ${code}` : cause.message;
}

function yahooErrorDescription(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, { error?: { description?: unknown; code?: unknown } | null }>;
    const values = parsed && typeof parsed === "object" ? Object.values(parsed) : [];
    const error = values.length === 1 ? values[0]?.error : undefined;
    if (!error) return undefined;
    const text = error.description ?? error.code;
    return typeof text === "string" || typeof text === "number" ? String(text) : "error";
  } catch {
    return undefined;
  }
}

/**
 * Wraps `baseFetch` so that (1) every call is bound to `signal` and gives up when it aborts even if the fetch
 * ignores signals: yahoo-finance2 runs requests through a shared queue, and a hung request would block it;
 * (2) the body is read here, under the same signal; (3) error answers become YahooHttpFailure and transport
 * errors YahooTransportFailure, which yahoo-finance2 passes through unchanged.
 */
export function guardedFetch(baseFetch: typeof fetch, signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    let response: Response;
    let body: string;
    signal.throwIfAborted();
    try {
      response = await abortable(baseFetch(input, { ...init, signal }), signal);
      body = await abortable(response.text(), signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new YahooTransportFailure({ cause: error });
    }
    // Only a failed answer, or one that carries an error object, is worth a parse here (yahoo-finance2 parses the
    // body itself; a successful chart says "error":null).
    const description = !response.ok || /"error"\s*:\s*\{/.test(body) ? yahooErrorDescription(body) : undefined;
    if (!response.ok || description !== undefined) {
      const fallback = response.statusText || body.slice(0, 200) || "no explanation";
      throw new YahooHttpFailure({ status: response.status, description: (description ?? fallback).slice(0, 300) });
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
