// What the routers leave without a body, on its own in a bare Koa app: an unknown path is 404 (with the API's own
// sentence under /api/), a known path with another method is 405 with the Allow header, an unknown method is 501, all
// as JSON errors that do not repeat the path; an answer with a body, or an empty answer of another status, passes as
// it is.
import type Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";

import { unansweredRequests } from "../../../server/middleware/unanswered";
import { type BareApp, sendRequest, startBareApp } from "./bare-app";

let app: BareApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A stand-in for the routers: the test's headers say what status, Allow header and body they leave. */
const router: Koa.Middleware = (context) => {
  const status = context.get("X-Test-Status");
  if (status !== "") context.status = Number(status);
  const allow = context.get("X-Test-Allow");
  if (allow !== "") context.set("Allow", allow);
  if (context.get("X-Test-Body") !== "") context.body = { own: true };
};

async function send(path: string, headers: Record<string, string> = {}) {
  app ??= await startBareApp([unansweredRequests(), router]);
  const answer = await sendRequest(app.port, { path, headers });
  return { ...answer, body: answer.text === "" ? undefined : (JSON.parse(answer.text) as Record<string, unknown>) };
}

describe("unansweredRequests", () => {
  it("answers an unknown API path with 404 and where the routes are listed", async () => {
    const answer = await send("/api/nothing-here");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      code: "not_found",
      error: "No such API endpoint: the routes are listed at GET /api/openapi.json.",
    });
  });

  it("answers any other unknown path with 404 and a page's sentence, without repeating the path", async () => {
    for (const path of ["/nothing-here", "/apix/thing", "/x/api/thing"]) {
      const answer = await send(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, code: "not_found", error: "No such page or file." });
    }
  });

  it("answers a known path with another method with 405, naming the allowed methods", async () => {
    const answer = await send("/api/x", { "X-Test-Status": "405", "X-Test-Allow": "GET, HEAD" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    expect(answer.body).toEqual({
      success: false,
      code: "method_not_allowed",
      error: "This method is not allowed here; use GET, HEAD.",
    });
  });

  it("says 'another' method when the router named none", async () => {
    const answer = await send("/api/x", { "X-Test-Status": "405" });
    expect(answer.status).toBe(405);
    expect(answer.body?.error).toBe("This method is not allowed here; use another.");
  });

  it("answers an unknown method with 501", async () => {
    const answer = await send("/api/x", { "X-Test-Status": "501" });
    expect(answer.status).toBe(501);
    expect(answer.body).toEqual({
      success: false,
      code: "not_implemented",
      error: "This server does not implement this method.",
    });
  });

  it("leaves an answer with a body as it is, whatever its status", async () => {
    for (const status of ["404", "405", "501", "200"]) {
      const answer = await send("/api/x", { "X-Test-Status": status, "X-Test-Body": "yes" });
      expect(answer.status).toBe(Number(status));
      expect(answer.body).toEqual({ own: true });
    }
  });

  it("leaves an empty answer of another status as it is", async () => {
    const answer = await send("/api/x", { "X-Test-Status": "204" });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });
});
