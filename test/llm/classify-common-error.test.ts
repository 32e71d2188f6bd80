// The classification both provider adapters share, called directly with the errors undici and the SDKs throw: the
// provider's text cleaned (the key removed, whitespace collapsed, capped), the endpoint named by host only, each
// connection code in words wherever it sits in the cause chain, and the order of the checks (the caller's abort
// first, the timeout class before the connection class it extends, HTTP answers by their status rules).
import { describe, expect, it } from "vitest";

import {
  classifyAfterSdk,
  classifyBeforeSdk,
  type ClassifyContext,
  classifySdkError,
  networkError,
  notFoundDetail,
  providerDetail,
  timeoutReason,
} from "../../src/llm/classify-common-error";
import { ProviderError } from "../../src/llm/provider-error";

// Not shaped like any provider's key, so only the removal by value can catch it.
const KEY = "zz-Classify-Key-0123456789abcdef";
const context: ClassifyContext = { provider: "openai", model: "gpt-test", apiKey: KEY };

function nested(code: string, depth: number): Error {
  let error: Error = Object.assign(new Error("innermost"), { code });
  for (let level = 0; level < depth; level += 1) error = new TypeError("fetch failed", { cause: error });
  return error;
}

describe("providerDetail", () => {
  it("removes the call's key, collapses whitespace, drops trailing periods and caps the length", () => {
    expect(providerDetail(`bad key ${KEY}\n\n  try   again...  `, 200, KEY)).toBe("bad key [redacted] try again");
    expect(providerDetail("  \t leading and trailing  ")).toBe("leading and trailing");
    expect(providerDetail("x".repeat(201))).toBe(`${"x".repeat(200)}...`);
    expect(providerDetail("x".repeat(200))).toBe("x".repeat(200));
    expect(providerDetail("abcdef", 3)).toBe("abc...");
    for (const text of [undefined, null, 42, "", "   \n"]) expect(providerDetail(text), String(text)).toBeUndefined();
  });

  it("ends a 404's detail with the base URL hint", () => {
    expect(notFoundDetail("Not found.", KEY)).toBe("Not found; check the base URL");
    expect(notFoundDetail(undefined)).toBe("check the base URL");
  });

  it("says how long a timeout was when it is known", () => {
    expect(timeoutReason({ ...context, timeoutMs: 1500 })).toBe("timed out after 1500 ms");
    expect(timeoutReason(context)).toBe("timed out");
  });
});

describe("networkError", () => {
  it("names each connection code in words, found down the cause chain", () => {
    const words: Record<string, string> = {
      ECONNREFUSED: "connection refused",
      ECONNRESET: "connection reset",
      ENOTFOUND: "host not found",
      EAI_AGAIN: "DNS lookup failed",
      ETIMEDOUT: "connection timed out",
      EHOSTUNREACH: "host unreachable",
      ENETUNREACH: "network unreachable",
      UND_ERR_SOCKET: "connection closed by the server",
      UND_ERR_CONNECT_TIMEOUT: "connection timed out",
      UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
      UND_ERR_BODY_TIMEOUT: "response body timed out",
      CERT_HAS_EXPIRED: "TLS certificate expired",
      DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed TLS certificate",
    };
    for (const [code, text] of Object.entries(words)) {
      const error = networkError(nested(code, 2), context);
      expect(error.message, code).toMatch(new RegExp(`base URL \\(${text}\\)\\.$`));
    }
  });

  it("looks six errors deep, no deeper, and ignores codes it does not know", () => {
    expect(networkError(nested("ECONNREFUSED", 5), context).message).toContain("(connection refused)");
    expect(networkError(nested("ECONNREFUSED", 6), context).message).not.toContain("connection refused");
    expect(networkError(nested("EWHATEVER", 1), context).message).toMatch(/base URL\.$/);
    expect(networkError(nested("toString", 1), context).message).toMatch(/base URL\.$/);
    // Only a text code counts; a chain that ends in null is walked to its end without a crash.
    const listCode = Object.assign(new Error("x"), { code: ["ECONNREFUSED"] });
    expect(networkError(listCode, context).message).toMatch(/base URL\.$/);
    expect(networkError(new Error("x", { cause: null }), context).message).toMatch(/base URL\.$/);
  });

  it("names the endpoint by host and port only, never its path or credentials", () => {
    const error = networkError(nested("ECONNREFUSED", 1), {
      ...context,
      baseUrl: "http://user:token-in-url@127.0.0.1:9/v1/secret-path",
    });
    expect(error.message).toContain("(connection refused at 127.0.0.1:9)");
    expect(error.message).not.toMatch(/token-in-url|secret-path/);
    expect(networkError(new Error("x"), { ...context, baseUrl: "not a url" }, "timed out").message).toMatch(
      /base URL \(timed out\)\.$/,
    );
    expect(networkError(new Error("x"), { ...context, baseUrl: "http://h.example:8080" }).message).toMatch(
      /base URL \(at h\.example:8080\)\.$/,
    );
    const cause = new Error("x");
    expect(networkError(cause, context)).toMatchObject({ reason: "network", model: "gpt-test", cause });
  });
});

describe("classifyBeforeSdk", () => {
  it("passes an already classified error through, and leaves the rest alone while the caller has not aborted", () => {
    const classified = new ProviderError({ reason: "quota", provider: "openai" });
    expect(classifyBeforeSdk(classified, context)).toBe(classified);
    expect(classifyBeforeSdk(new Error("x"), context)).toBeUndefined();
    expect(classifyBeforeSdk(new Error("x"), { ...context, signal: new AbortController().signal })).toBeUndefined();
  });

  it("calls the caller's abort a cancellation, and the caller's timeout signal a network timeout", () => {
    const cancelled = classifyBeforeSdk(new Error("x"), { ...context, signal: AbortSignal.abort() });
    expect(cancelled).toMatchObject({ reason: "aborted", kind: "cancelled", model: "gpt-test" });
    const timeout = new DOMException("signal timed out", "TimeoutError");
    const timedOut = classifyBeforeSdk(new Error("x"), { ...context, signal: AbortSignal.abort(timeout) });
    expect(timedOut).toMatchObject({ reason: "network" });
    expect(timedOut?.message).toMatch(/\(timed out\)\.$/);
  });
});

describe("classifyAfterSdk", () => {
  it("sorts the errors thrown outside the SDK's classes", () => {
    expect(classifyAfterSdk(new DOMException("aborted", "AbortError"), context)).toMatchObject({ reason: "aborted" });
    expect(classifyAfterSdk(new DOMException("t", "TimeoutError"), { ...context, timeoutMs: 50 }).message).toMatch(
      /\(timed out after 50 ms\)\.$/,
    );
    expect(classifyAfterSdk(new TypeError("fetch failed"), context).message).toMatch(
      /\(connection lost while reading the response\)\.$/,
    );
    expect(classifyAfterSdk(new TypeError("terminated"), context).reason).toBe("network");
    expect(classifyAfterSdk(nested("ECONNRESET", 1), context).message).toMatch(/\(connection reset\)\.$/);
    const bodyCut = Object.assign(new TypeError("other words"), { cause: { code: "UND_ERR_SOCKET" } });
    expect(classifyAfterSdk(bodyCut, context).message).toMatch(/\(connection closed by the server\)\.$/);
    expect(classifyAfterSdk(new TypeError("x is not a function"), context).reason).toBe("unknown");
    expect(classifyAfterSdk(new SyntaxError("Unexpected token"), context).message).toBe(
      "Provider Error: the OpenAI request failed (the response was not valid JSON).",
    );
    const other = classifyAfterSdk(new Error(`odd failure with ${KEY}`), context);
    expect(other.message).toBe("Provider Error: the OpenAI request failed (odd failure with [redacted]).");
    expect(classifyAfterSdk({ name: "NotAnError" }, context).reason).toBe("unknown");
  });
});

class ApiError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: string,
  ) {
    super(body);
  }
}
class UserAbortError extends Error {}
class ConnectionError extends Error {}
class ConnectionTimeoutError extends ConnectionError {}
const rules = {
  classes: {
    APIError: ApiError,
    APIUserAbortError: UserAbortError,
    APIConnectionError: ConnectionError,
    APIConnectionTimeoutError: ConnectionTimeoutError,
  },
  reasonOf: (error: ApiError) =>
    error.status === 401
      ? ("auth" as const)
      : error.body.startsWith("server:")
        ? ("server" as const)
        : ("bad_request" as const),
  messageOf: (error: ApiError) => error.body,
};

describe("classifySdkError", () => {
  it("checks the caller's abort first, then the SDK's abort, timeout and connection classes, then HTTP answers", () => {
    const aborted = { ...context, signal: AbortSignal.abort() };
    expect(classifySdkError(new ApiError(401, "x"), aborted, rules)).toMatchObject({ reason: "aborted" });
    expect(classifySdkError(new UserAbortError("x"), context, rules)).toMatchObject({ reason: "aborted" });
    expect(classifySdkError(new ConnectionTimeoutError("x"), { ...context, timeoutMs: 9 }, rules).message).toMatch(
      /\(timed out after 9 ms\)\.$/,
    );
    expect(classifySdkError(new ConnectionError("x"), context, rules).message).toMatch(/base URL\.$/);
    const auth = classifySdkError(new ApiError(401, "no"), context, rules);
    expect(auth).toMatchObject({ reason: "auth", statusCode: 401, model: "gpt-test" });
    expect(classifySdkError(new SyntaxError("x"), context, rules).message).toMatch(/not valid JSON/);
  });

  it("gives a 404 the base URL hint and other answers the provider's cleaned words", () => {
    expect(classifySdkError(new ApiError(404, "No such route."), context, rules).message).toBe(
      "Request Error: OpenAI rejected the request (HTTP 404) (No such route; check the base URL).",
    );
    expect(classifySdkError(new ApiError(400, `bad ${KEY}.`), context, rules).message).toBe(
      "Request Error: OpenAI rejected the request (HTTP 400) (bad [redacted]).",
    );
    expect(classifySdkError(new ApiError(401, "Unknown route"), context, rules).message).not.toContain("base URL");
    // Only a 404 the rules call a bad request gets the hint.
    expect(classifySdkError(new ApiError(404, "server: gone"), context, rules).message).toBe(
      "Provider Error: OpenAI had a server error (HTTP 404) (server: gone). Try again later.",
    );
  });
});
