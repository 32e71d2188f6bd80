// The origin gate on its own, in a bare Koa app (error handler, gate, an answer): which methods it looks at, which
// browser marks it accepts, and how it compares an Origin with the Host. The whole app's routes are checked against
// foreign origins in ../cross-origin.test.ts; this file pins the edges of each rule (a safe method with a foreign
// Origin, a program's request with neither header, the letter case browsers and proxies may use).
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { silentLogger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";
import { sameOrigin } from "../../../server/middleware/same-origin";

let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler({ logger: silentLogger }));
  app.use(sameOrigin());
  app.use((context) => {
    context.body = { reached: context.method };
  });
  const handle = app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  code?: string;
  error?: string;
}

function send(method: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, method, path: "/api/anything", headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const body = text === "" ? {} : (JSON.parse(text) as { code?: string; error?: string });
          resolve({ status: response.statusCode ?? 0, code: body.code, error: body.error });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const foreign = { Origin: "http://evil.example.com", "Sec-Fetch-Site": "cross-site" };

describe("the same-origin gate", () => {
  it("lets GET, HEAD and OPTIONS through even from another site: they change nothing", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect((await send(method, foreign)).status, method).toBe(200);
    }
  });

  it("refuses POST, PUT, PATCH and DELETE from another site, saying which mark gave it away", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const bySite = await send(method, { "Sec-Fetch-Site": "cross-site" });
      expect(bySite.status, method).toBe(403);
      expect(bySite.code).toBe("forbidden_origin");
      expect(bySite.error).toMatch(
        /must come from this server's own page \(the browser marked it as sent from another site\)/,
      );
      const byOrigin = await send(method, { Origin: "http://evil.example.com" });
      expect(byOrigin.status, method).toBe(403);
      expect(byOrigin.error).toMatch(/\(its Origin is not this server's own\)\.$/);
    }
  });

  it("lets a program's request through: neither Sec-Fetch-Site nor Origin", async () => {
    expect(await send("POST")).toEqual({ status: 200 });
  });

  it("accepts the browser's own-page marks, whatever their letter case", async () => {
    for (const site of ["same-origin", "none", "Same-Origin", "NONE"]) {
      expect((await send("POST", { "Sec-Fetch-Site": site })).status, site).toBe(200);
    }
    expect((await send("POST", { "Sec-Fetch-Site": "Cross-Site" })).status).toBe(403);
  });

  it("compares the Origin with this server's address without regard to letter case, on either side", async () => {
    expect((await send("POST", { Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await send("POST", { Origin: `HTTP://127.0.0.1:${port}` })).status).toBe(200);
    const named = { Host: `LocalHost:${port}` };
    expect((await send("POST", { ...named, Origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await send("POST", { ...named, Origin: `http://localhost:${port + 1}` })).status).toBe(403);
  });
});
