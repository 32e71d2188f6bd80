// The error handler on its own, in a bare Koa app with a logger that keeps its lines: what each kind of error is
// answered with (status, body, the problem's headers, no caching, no stack or internal text) and what it logs (nothing
// for a client's mistake, a warning for a known server-side failure, the error in full for an unexpected one, one
// info line when the answer was already under way or the client had gone). The table itself is pinned in
// error-response.test.ts.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";

import { HttpProblem } from "../../../server/http-problem";
import type { Logger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";
import { GENERIC_ERROR_MESSAGE } from "../../../server/middleware/error-response";
import { QuantAgentError } from "../../../src/common/index";

interface Line {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

let server: Server | undefined;
let lines: Line[] = [];
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  lines = [];
});

const logger: Logger = {
  debug: (message, fields) => lines.push({ level: "debug", message, fields }),
  info: (message, fields) => lines.push({ level: "info", message, fields }),
  warn: (message, fields) => lines.push({ level: "warn", message, fields }),
  error: (message, fields) => lines.push({ level: "error", message, fields }),
};

async function start(handler: Koa.Middleware): Promise<number> {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler({ logger }));
  app.use(handler);
  const handle = app.callback();
  const running = createServer((request, response) => void handle(request, response));
  server = running;
  await new Promise<void>((resolve) => running.listen(0, "127.0.0.1", resolve));
  return (running.address() as AddressInfo).port;
}

function get(port: number, path = "/api/thing") {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

const throwing =
  (error: unknown): Koa.Middleware =>
  () => {
    throw error;
  };

describe("the error handler", () => {
  it("answers a client's mistake with its status, body and headers, uncached, and logs nothing", async () => {
    const port = await start(
      throwing(new HttpProblem(405, "method_not_allowed", "Use GET.", { Allow: "GET", "X-Extra": "one" })),
    );
    const answer = await get(port);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET");
    expect(answer.headers["x-extra"]).toBe("one");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ success: false, error: "Use GET.", code: "method_not_allowed" });
    expect(lines).toEqual([]);
  });

  it("answers a library error by its kind and logs nothing when it is the caller's", async () => {
    const port = await start(
      throwing(new QuantAgentError({ code: "bad_symbol", kind: "input", message: "No such symbol." })),
    );
    const answer = await get(port);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ success: false, error: "No such symbol.", code: "bad_symbol" });
    expect(lines).toEqual([]);
  });

  it("logs a known failure on the server's side as a warning with its status, code and reason, no stack", async () => {
    const port = await start(
      throwing(new QuantAgentError({ code: "provider_down", kind: "provider", message: "The provider failed." })),
    );
    const answer = await get(port, "/api/analyze");
    expect(answer.status).toBe(502);
    expect(lines).toEqual([
      {
        level: "warn",
        message: "request failed",
        fields: {
          method: "GET",
          path: "/api/analyze",
          status: 502,
          code: "provider_down",
          reason: "The provider failed.",
        },
      },
    ]);
  });

  it("logs a shown internal error (500) as a warning too, and a 4xx not at all", async () => {
    const port = await start((context) => {
      const internal = context.path === "/api/chart";
      throw new QuantAgentError({
        code: internal ? "chart_render" : "no_data",
        kind: internal ? "internal" : "data",
        message: "It failed.",
      });
    });
    expect((await get(port, "/api/chart")).status).toBe(500);
    expect((await get(port, "/api/empty")).status).toBe(422);
    expect(lines).toEqual([
      {
        level: "warn",
        message: "request failed",
        fields: { method: "GET", path: "/api/chart", status: 500, code: "chart_render", reason: "It failed." },
      },
    ]);
  });

  it("answers an unexpected error generically and logs the error itself", async () => {
    const error = new Error("internal detail at /srv/app/secret.ts");
    const port = await start(throwing(error));
    const answer = await get(port, "/api/boom");
    expect(answer.status).toBe(500);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.text)).toEqual({ success: false, error: GENERIC_ERROR_MESSAGE, code: "internal" });
    expect(answer.text).not.toContain("internal detail");
    expect(lines).toEqual([
      { level: "error", message: "unexpected error", fields: { method: "GET", path: "/api/boom", error } },
    ]);
  });

  it("only logs a failure once the answer is under way: the client keeps what it got", async () => {
    const port = await start((context) => {
      context.res.writeHead(200, { "Content-Type": "text/plain" });
      context.res.write("partial");
      throw new QuantAgentError({ code: "provider_down", kind: "provider", message: "The provider failed." });
    });
    const answer = await get(port, "/api/stream");
    expect(answer.status).toBe(200);
    // Koa ends the answer with its status line's words; no error body is written into it.
    expect(answer.text.startsWith("partial")).toBe(true);
    expect(answer.text).not.toContain("provider");
    expect(answer.headers["cache-control"]).toBeUndefined();
    expect(lines).toEqual([
      {
        level: "info",
        message: "request ended early",
        fields: { method: "GET", path: "/api/stream", code: "provider_down", reason: "The provider failed." },
      },
    ]);
  });

  it("only logs a client's mistake found after the client went away", async () => {
    let done!: () => void;
    const handled = new Promise<void>((resolve) => (done = resolve));
    const port = await start(async (context) => {
      await new Promise((resolve) => context.req.socket.once("close", resolve));
      setTimeout(done, 50);
      throw new HttpProblem(400, "bad_json", "Too late.");
    });
    await new Promise<void>((resolve) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: "/api/gone", method: "GET" });
      request.on("error", () => resolve());
      request.end(() => setTimeout(() => request.destroy(), 50));
    });
    await handled;
    expect(lines).toEqual([
      {
        level: "info",
        message: "request ended early",
        fields: { method: "GET", path: "/api/gone", code: "bad_json", reason: "Too late." },
      },
    ]);
  });
});
