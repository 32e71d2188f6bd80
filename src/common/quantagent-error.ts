// The one base of every error the library throws. Each error says what went wrong in plain words (`message`), and
// carries a stable machine-readable `code` (the HTTP API answers it; callers switch on it), a `kind` that says whose
// problem it is, the original error as `cause`, and `details` that are safe to show (no secrets, no stack).
//
// How to read a kind: input (the caller asked for something that cannot be done), config (the setup is incomplete:
// a missing key, a bad config field), provider (the model provider failed or the model misbehaved), data (market
// data could not be had), cancelled (the caller stopped it), internal (this library or its environment failed).

export type ErrorKind = "input" | "config" | "provider" | "data" | "cancelled" | "internal";
export const ERROR_KINDS: readonly ErrorKind[] = ["input", "config", "provider", "data", "cancelled", "internal"];

/** Facts about an error that may be shown to anyone: numbers, names, short strings. Never a key. */
export type ErrorDetails = Readonly<Record<string, string | number | boolean | null>>;

export interface QuantAgentErrorOptions {
  code: string;
  kind: ErrorKind;
  message: string;
  details?: ErrorDetails;
  cause?: unknown;
}

// A registered symbol, so errors from two copies of the package (a notebook's and a plugin's) still recognise each other.
const MARKER = Symbol.for("quantagent-ts.error");

export class QuantAgentError extends Error {
  override name = "QuantAgentError";
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details: ErrorDetails;

  constructor(options: QuantAgentErrorOptions) {
    super(options.message, { cause: options.cause });
    this.code = options.code;
    this.kind = options.kind;
    this.details = options.details ?? {};
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for any error of this library, even one thrown by another copy of it (where instanceof fails). */
  static isInstance(value: unknown): value is QuantAgentError {
    return value !== null && typeof value === "object" && (value as Record<symbol, unknown>)[MARKER] === true;
  }

  /** What may be logged or shown: name, code, kind, message and details; never the cause's text. */
  toJSON(): { name: string; code: string; kind: ErrorKind; message: string; details: ErrorDetails } {
    return { name: this.name, code: this.code, kind: this.kind, message: this.message, details: this.details };
  }
}

/** A broken invariant inside the library: a bug to report, not something the caller can fix. */
export class InternalError extends QuantAgentError {
  override name = "InternalError";
  constructor(options: { message: string; cause?: unknown }) {
    super({ code: "internal", kind: "internal", message: options.message, cause: options.cause });
  }
}
