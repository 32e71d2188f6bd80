// The request log on its own, in a bare Koa app with a logger that keeps its lines: one line per answered request with
// the method, the path (never the query, which may hold a key), the status, a whole number of milliseconds, the
// caller's address and, for an error, its code; API calls at info, the page's files at debug; a failed request is
// logged too.
import type Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";

import type { Logger } from "../../../server/logger";
import { requestLog } from "../../../server/middleware/request-log";
import { type BareApp, sendRequest, startBareApp } from "./bare-app";

interface Line {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

let lines: Line[] = [];
let app: BareApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  lines = [];
});

const logger: Logger = {
  debug: (message, fields) => lines.push({ level: "debug", message, fields }),
  info: (message, fields) => lines.push({ level: "info", message, fields }),
  warn: (message, fields) => lines.push({ level: "warn", message, fields }),
  error: (message, fields) => lines.push({ level: "error", message, fields }),
};

/** The request log outside the error handler, as in server/app.ts, so it sees the error's answer. */
async function send(handler: Koa.Middleware, path: string, method = "GET") {
  app = await startBareApp([handler], { outer: [requestLog({ logger })] });
  await sendRequest(app.port, { path, method });
  // The line is written after the answer's body is set, before it is sent: it is there once the answer arrived.
  expect(lines).toHaveLength(1);
  return lines[0] as Line;
}

describe("requestLog", () => {
  it("logs an API call at info with its method, path, status, duration and address, never its query", async () => {
    const line = await send(
      async (context) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        context.body = { ok: true, code: "not_an_error" };
      },
      "/api/thing?key=qa-test-secret-in-query",
      "POST",
    );
    expect(line.level).toBe("info");
    expect(line.message).toBe("request");
    expect(Object.keys(line.fields ?? {}).sort()).toEqual(["address", "method", "ms", "path", "status"]);
    expect(line.fields).toMatchObject({ method: "POST", path: "/api/thing", status: 200, address: "127.0.0.1" });
    const ms = line.fields?.ms as number;
    expect(Number.isInteger(ms)).toBe(true);
    // At least the handler's wait (timers may fire a little early), and far less than a clock's epoch.
    expect(ms).toBeGreaterThanOrEqual(30);
    expect(ms).toBeLessThan(60_000);
    expect(JSON.stringify(line)).not.toContain("qa-test-secret-in-query");
  });

  it("logs a page's file at debug", async () => {
    const line = await send((context) => {
      context.body = "<html></html>";
    }, "/index.html");
    expect(line.level).toBe("debug");
    expect(line.message).toBe("request");
    expect(line.fields).toMatchObject({ method: "GET", path: "/index.html", status: 200 });
  });

  it("adds the stable code of an error, and logs a request whose handler threw", async () => {
    const line = await send(() => {
      throw Object.assign(new Error("Not here"), { status: 404, expose: true });
    }, "/api/missing");
    expect(line.level).toBe("info");
    expect(line.fields).toMatchObject({ path: "/api/missing", status: 404, code: "http_404" });
  });

  it("adds no code to an error answer whose code is not a string", async () => {
    const line = await send((context) => {
      context.status = 409;
      context.body = { code: 409 };
    }, "/api/odd");
    expect(line.fields).toMatchObject({ status: 409 });
    expect(line.fields).not.toHaveProperty("code");
  });

  it("adds the code from 400 up", async () => {
    const line = await send((context) => {
      context.status = 400;
      context.body = { code: "bad_thing" };
    }, "/api/bad");
    expect(line.fields).toMatchObject({ status: 400, code: "bad_thing" });
  });

  it("logs an error answer without a body, without a code", async () => {
    const line = await send((context) => {
      context.status = 400;
    }, "/api/empty");
    expect(line.fields).toMatchObject({ status: 400 });
    expect(line.fields).not.toHaveProperty("code");
  });
});
