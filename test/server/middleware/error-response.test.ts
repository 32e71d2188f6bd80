// The table that turns an error into a status and a JSON body, called directly: the status of every kind and of
// every code with its own row, the fixed sentences, the internal codes that are shown and those answered
// generically, the operator codes (answered with a fixed sentence, logged in full), the details in snake_case, and
// Koa's own errors. The error handler's use of it (logging, headers, an answer under way) is in error-handler.test.ts.
import { describe, expect, it } from "vitest";

import { ClientDisconnectedError } from "../../../server/client-disconnect";
import { HttpProblem } from "../../../server/http-problem";
import {
  errorResponse,
  GENERIC_ERROR_MESSAGE,
  journalErrorForClients,
} from "../../../server/middleware/error-response";
import { type ErrorKind, InternalError, QuantAgentError } from "../../../src/common/index";

function libraryError(code: string, kind: ErrorKind, details: Record<string, string | number> = {}) {
  return new QuantAgentError({ code, kind, message: `The message of ${code}.`, details });
}

const GENERIC = {
  status: 500,
  body: { success: false, error: GENERIC_ERROR_MESSAGE, code: "internal" },
  unexpected: true,
};

describe("errorResponse", () => {
  it("answers the server's own refusals with their status, code, words and headers", () => {
    const problem = new HttpProblem(413, "payload_too_large", "Too large.", { Connection: "close" });
    expect(errorResponse(problem)).toEqual({
      status: 413,
      body: { success: false, error: "Too large.", code: "payload_too_large" },
      headers: { Connection: "close" },
      unexpected: false,
    });
  });

  it("keeps a dropped connection out of the unexpected errors", () => {
    expect(errorResponse(new ClientDisconnectedError())).toEqual({
      status: 499,
      body: {
        success: false,
        error: "The client closed the connection before the response was sent.",
        code: "client_closed",
      },
      unexpected: false,
    });
  });

  it("gives each kind of library error its status, with the error's own message and code", () => {
    const expected: [ErrorKind, number][] = [
      ["input", 400],
      ["config", 400],
      ["provider", 502],
      ["data", 502],
      ["cancelled", 503],
    ];
    for (const [kind, status] of expected) {
      expect(errorResponse(libraryError(`some_${kind}`, kind))).toEqual({
        status,
        body: { success: false, error: `The message of some_${kind}.`, code: `some_${kind}` },
        unexpected: false,
      });
    }
  });

  it("gives the codes with their own row their own status", () => {
    const expected: [string, ErrorKind, number][] = [
      ["no_data", "data", 422],
      ["provider_rate_limit", "provider", 503],
      ["analysis_not_found", "input", 404],
      ["run_not_found", "input", 404],
      ["queued_run_not_found", "input", 404],
      ["watch_entry_not_found", "input", 404],
    ];
    for (const [code, kind, status] of expected) {
      const response = errorResponse(libraryError(code, kind));
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, error: `The message of ${code}.`, code });
      expect(response.unexpected).toBe(false);
    }
  });

  it("answers the codes with a fixed sentence with that sentence", () => {
    const closed = errorResponse(libraryError("renderer_closed", "cancelled"));
    expect(closed.status).toBe(503);
    expect(closed.body.error).toBe("The server is shutting down; try again in a moment.");
    // The code "internal" never shows its message, whatever its kind.
    const internalCode = errorResponse(libraryError("internal", "provider"));
    expect(internalCode.body.error).toBe(GENERIC_ERROR_MESSAGE);
    expect(internalCode.status).toBe(502);
  });

  it("passes the details on in snake_case, without letting them replace the answer's own fields", () => {
    const error = new QuantAgentError({
      code: "date_range_too_long",
      kind: "input",
      message: "Too long.",
      details: { maxDays: 30, currentDays: 45, provider: "openai", code: "forged", success: true, error: "forged" },
    });
    expect(errorResponse(error).body).toEqual({
      success: false,
      error: "Too long.",
      code: "date_range_too_long",
      max_days: 30,
      current_days: 45,
      provider: "openai",
    });
  });

  it("shows the internal errors a user can act on, with advice for the chart's browser", () => {
    for (const code of ["chart_render", "chart_timeout", "asset_store_corrupt", "asset_store_io", "file_lock"]) {
      expect(errorResponse(libraryError(code, "internal"))).toEqual({
        status: 500,
        body: { success: false, error: `The message of ${code}.`, code },
        unexpected: false,
      });
    }
    expect(errorResponse(libraryError("chart_launch", "internal")).body.error).toBe(
      "The message of chart_launch. Check that Chromium is installed (see the README).",
    );
  });

  it("answers any other internal error generically, as unexpected", () => {
    expect(errorResponse(new InternalError({ message: "invariant broken at /srv/secret/path" }))).toEqual(GENERIC);
    expect(errorResponse(libraryError("some_other_internal", "internal"))).toEqual(GENERIC);
    expect(GENERIC_ERROR_MESSAGE).toMatch(/server's log/);
  });

  it("an analysis's journal_error: an operator code's message becomes the fixed sentence, any other stays", () => {
    expect(journalErrorForClients({ code: "journal_unavailable", message: "at 127.0.0.1:5433" })).toBe(
      "The analysis was not recorded in the journal: The analysis journal's database cannot be reached right now " +
        "(the server's log says why). Try again shortly.",
    );
    expect(
      journalErrorForClients({ code: "invalid_journal_input", message: "the entry is too large" }),
    ).toBeUndefined();
  });

  it("answers the journal's operator errors with their code and a fixed sentence, and marks them for the log", () => {
    const expected: [string, number, string][] = [
      ["journal_unavailable", 503, "cannot be reached right now"],
      ["journal_damaged", 500, "is damaged and was left untouched"],
      ["journal_migration_failed", 500, "could not be brought up to date"],
      ["queue_unavailable", 503, "holds the queued runs cannot be reached right now"],
    ];
    for (const [code, status, words] of expected) {
      const response = errorResponse(
        new QuantAgentError({ code, kind: "internal", message: "at /var/lib/journal.db", details: { file: "x" } }),
      );
      expect(response.status).toBe(status);
      expect(response.unexpected).toBe(true);
      expect(Object.keys(response.body).sort()).toEqual(["code", "error", "success"]);
      expect(response.body.code).toBe(code);
      expect(response.body.error).toContain(words);
      expect(response.body.error).not.toContain("/var/lib");
    }
  });

  it("answers Koa's exposed 4xx errors with their status and an http_ code, 405 as method_not_allowed", () => {
    const koaError = (status: number, message: string) => Object.assign(new Error(message), { status, expose: true });
    expect(errorResponse(koaError(404, "Not Found"))).toEqual({
      status: 404,
      body: { success: false, error: "Not Found", code: "http_404" },
      unexpected: false,
    });
    expect(errorResponse(koaError(400, "Bad"))).toMatchObject({ status: 400, body: { code: "http_400" } });
    expect(errorResponse(koaError(499, "Odd"))).toMatchObject({ status: 499, body: { code: "http_499" } });
    expect(errorResponse(koaError(405, "Method Not Allowed"))).toMatchObject({
      status: 405,
      body: { code: "method_not_allowed", error: "Method Not Allowed" },
    });
  });

  it("answers generically whatever is not a known, exposed client error", () => {
    const koaError = (fields: Record<string, unknown>) => Object.assign(new Error("internal detail"), fields);
    for (const error of [
      koaError({ status: 500, expose: true }),
      koaError({ status: 399, expose: true }),
      koaError({ status: 404, expose: false }),
      koaError({ status: 404 }),
      koaError({ status: "404", expose: true }),
      { status: 404, expose: true, message: "not an Error" },
      new Error("plain failure"),
      "a thrown string",
      undefined,
    ]) {
      expect(errorResponse(error)).toEqual(GENERIC);
    }
  });
});
