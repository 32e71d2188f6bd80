// The access-token gate on its own, in a bare Koa app (error handler, gate, an answer) with a small failed-attempts
// table: the header forms it accepts and the near misses it refuses, the exact refusals (401 with how to send the
// token, 429 with when to come back), and that the right token clears an address's failures. The whole app's use of
// it (every route, 40 wrong tokens then the right one) is in ../route-gate.test.ts and ../limits.test.ts.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createFailedAttempts, type FailedAttempts } from "../../../server/failed-attempts";
import { silentLogger } from "../../../server/logger";
import { accessTokenCheck } from "../../../server/middleware/access-token";
import { errorHandler } from "../../../server/middleware/error-handler";
import { testAccessToken } from "../../support/access-token";

const TOKEN = testAccessToken("right-token");
let server: Server;
let port: number;
let attempts: FailedAttempts;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler({ logger: silentLogger }));
  app.use(
    accessTokenCheck({
      token: TOKEN,
      isPublicFile: (path) => path === "/index.html",
      failedAttempts: {
        waitMs: (a) => attempts.waitMs(a),
        recordFailure: (a) => attempts.recordFailure(a),
        recordSuccess: (a) => attempts.recordSuccess(a),
      },
    }),
  );
  app.use((context) => {
    context.body = { reached: true };
  });
  const handle = app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  attempts = createFailedAttempts({ maxFailures: 2, baseDelayMs: 60_000 });
});

interface Answer {
  status: number;
  code?: string;
  error?: string;
  retryAfter?: string;
}

function send(authorization?: string, path = "/api/anything", method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = authorization === undefined ? {} : { Authorization: authorization };
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        const body = JSON.parse(text) as { code?: string; error?: string };
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, code: body.code, error: body.error, retryAfter });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the access-token gate", () => {
  it("accepts the token as Bearer or Jupyter's token form, in any case, with any spaces between", async () => {
    for (const header of [
      `Bearer ${TOKEN}`,
      `token ${TOKEN}`,
      `BEARER ${TOKEN}`,
      `Bearer   ${TOKEN}`,
      `Bearer\t${TOKEN}`,
    ])
      expect((await send(header)).status, header).toBe(200);
  });

  it("refuses near misses of the header: another scheme, a word before or after, another token", async () => {
    for (const header of [`XBearer ${TOKEN}`, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`, `Bearer ${TOKEN}x`, TOKEN]) {
      attempts = createFailedAttempts();
      expect((await send(header)).status, header).toBe(401);
    }
  });

  it("says how to send the token when it is missing or wrong", async () => {
    const missing = await send();
    expect(missing).toMatchObject({ status: 401, code: "unauthorized" });
    expect(missing.error).toBe(
      "This server requires an access token. Open the page as /?token=<your token> (the ACCESS_TOKEN the server was started with), or send the header Authorization: Bearer <token>.",
    );
    expect((await send("Bearer wrong")).error).toMatch(/^The access token is not correct\. Open the page as/);
  });

  it("lets the page's own files through without a token, for GET and HEAD only", async () => {
    expect((await send(undefined, "/index.html")).status).toBe(200);
    expect((await send(undefined, "/index.html", "POST")).status).toBe(401);
  });

  it("answers 429 with Retry-After once an address has failed too often, and still lets the right token in", async () => {
    await send("Bearer wrong-1");
    await send("Bearer wrong-2");
    const held = await send("Bearer wrong-3");
    expect(held).toMatchObject({ status: 429, code: "too_many_attempts", retryAfter: "60" });
    expect(held.error).toBe("Too many wrong access tokens from this address: try again in 60 s.");
    expect((await send(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it("clears an address's failures when the right token comes", async () => {
    await send("Bearer wrong-1");
    expect((await send(`Bearer ${TOKEN}`)).status).toBe(200);
    // Counted afresh: one failure after the right token is below the limit of two.
    await send("Bearer wrong-2");
    expect((await send("Bearer wrong-3")).status).toBe(401);
  });
});
