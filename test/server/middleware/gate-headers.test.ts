// Two small gates on their own, in a bare Koa app: the Host check (loopback names and the allowed hosts pass, in any
// letter case; any other name is 403 forbidden_host before the route runs) and the security headers on every answer
// (the exact Content-Security-Policy, no caching, HSTS only over TLS). The whole app is checked in
// ../security.test.ts; this file pins each rule's edges.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";

import { silentLogger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";
import { hostCheck, type HostCheckOptions } from "../../../server/middleware/host-check";
import { CONTENT_SECURITY_POLICY, securityHeaders } from "../../../server/middleware/security-headers";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(...middleware: Koa.Middleware[]): Promise<number> {
  const app = new Koa();
  app.use(errorHandler({ logger: silentLogger }));
  for (const one of middleware) app.use(one);
  let reached = 0;
  app.use((context) => {
    reached += 1;
    context.body = { reached };
  });
  const handle = app.callback();
  const running = createServer((request, response) => void handle(request, response));
  server = running;
  await new Promise<void>((resolve) => running.listen(0, "127.0.0.1", resolve));
  return (running.address() as AddressInfo).port;
}

function get(port: number, host: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: "/", headers: { Host: host } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

describe("the Host check", () => {
  const startWith = (options?: HostCheckOptions) => start(hostCheck(options));

  it("passes loopback names in any letter case, with or without a port", async () => {
    const port = await startWith();
    for (const host of [
      "localhost",
      "LOCALHOST",
      "app.localhost",
      "127.0.0.1",
      "127.1.2.3",
      "[::1]",
      `localhost:${port}`,
    ])
      expect((await get(port, host)).status, host).toBe(200);
  });

  it("refuses any other name with 403 forbidden_host, before the route runs", async () => {
    const port = await startWith();
    for (const host of [
      "evil.example",
      "localhost.evil.example",
      "128.0.0.1",
      "10.0.0.1",
      "0.0.0.0",
      "127.0.0.1.evil",
    ]) {
      const answer = await get(port, host);
      expect(answer.status, host).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: "forbidden_host" });
      expect(answer.body.error).toMatch(/only answers requests addressed to localhost or 127\.0\.0\.1/);
      expect(answer.body.error).toMatch(/start it with an ACCESS_TOKEN/);
    }
    // Nothing reached the route: the next loopback request is the first.
    expect((await get(port, "localhost")).body).toEqual({ reached: 1 });
  });

  it("passes the allowed hosts, compared without letter case on either side", async () => {
    const port = await startWith({ allowedHosts: ["Quant.Example"] });
    expect((await get(port, "quant.example")).status).toBe(200);
    expect((await get(port, "QUANT.EXAMPLE:8000")).status).toBe(200);
    expect((await get(port, "other.example")).status).toBe(403);
  });
});

describe("the security headers", () => {
  it("set the exact policy and headers on every answer, and no caching", async () => {
    const port = await start(securityHeaders());
    const { headers } = await get(port, "localhost");
    expect(headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "no-store",
    });
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  it("add Strict-Transport-Security only when served over TLS", async () => {
    const port = await start(securityHeaders({ tls: true }));
    expect((await get(port, "localhost")).headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("are set even on an answer the route fails with", async () => {
    const port = await start(securityHeaders(), () => {
      throw new Error("boom");
    });
    const answer = await get(port, "localhost");
    expect(answer.status).toBe(500);
    expect(answer.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
  });
});
