// The JSON body reader on its own, in a bare Koa app (error handler, the reader, an answer that says what it read):
// the media type (415), the size limit at its edge both as declared by Content-Length and as counted while a chunked
// body arrives (413 with Connection: close, its size said in plain units), the default shape limits, an empty,
// broken or non-UTF-8 body (400), and the "__proto__" key dropped. The whole app's use of it is in
// ../input-limits.test.ts and ../hostile-bodies.test.ts; this file pins each rule's edges.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { silentLogger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";
import { DEFAULT_BODY_LIMIT_BYTES, jsonBody } from "../../../server/middleware/json-body";

let server: Server;
let port: number;
/** The errors the reader threw, seen before the error handler answers them (a dropped client gets no answer). */
const thrown: unknown[] = [];

beforeAll(async () => {
  const app = new Koa();
  app.silent = true; // the dropped client's parse error is expected
  app.use(errorHandler({ logger: silentLogger }));
  app.use(async (context, next) => {
    try {
      await next();
    } catch (error) {
      thrown.push(error);
      throw error;
    }
  });
  // The limit and shape come from test-only headers, so one server covers every case.
  app.use((context, next) => {
    const limit = context.get("X-Test-Limit");
    const depth = context.get("X-Test-Depth");
    return jsonBody({
      limitBytes: limit === "" ? DEFAULT_BODY_LIMIT_BYTES : Number(limit),
      shape: depth === "" ? undefined : { maxDepth: Number(depth), maxItems: 1_000_000 },
    })(context, next);
  });
  app.use((context) => {
    const body: unknown = context.state.jsonBody;
    const own = body !== null && typeof body === "object" ? Object.getOwnPropertyNames(body) : [];
    context.body = {
      read: body,
      own,
      plainPrototype: body !== null && typeof body === "object" && Object.getPrototypeOf(body) === Object.prototype,
    };
  });
  const handle = app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
  text: string;
}

interface SendOptions {
  contentType?: string | null;
  /** Sent without Content-Length, as chunked pieces of this size. */
  chunked?: number;
  limit?: number;
  depth?: number;
}

function post(body: string | Buffer, options: SendOptions = {}): Promise<Answer> {
  const data = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const headers: Record<string, string> = {};
  if (options.contentType !== null) headers["Content-Type"] = options.contentType ?? "application/json";
  if (options.chunked === undefined) headers["Content-Length"] = String(data.length);
  if (options.limit !== undefined) headers["X-Test-Limit"] = String(options.limit);
  if (options.depth !== undefined) headers["X-Test-Depth"] = String(options.depth);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(text) as Record<string, unknown>,
          text,
        }),
      );
    });
    request.on("error", reject);
    if (options.chunked === undefined) request.end(data);
    else {
      for (let start = 0; start < data.length; start += options.chunked) {
        request.write(data.subarray(start, start + options.chunked));
      }
      request.end();
    }
  });
}

/** A JSON string literal whose encoded form is exactly `bytes` long. */
function jsonOfSize(bytes: number): string {
  return `"${"x".repeat(bytes - 2)}"`;
}

describe("the media type", () => {
  it("refuses a body that is not declared as JSON with 415, before reading it", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", null]) {
      const answer = await post('{"a":1}', { contentType });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        success: false,
        code: "unsupported_media_type",
        error: "Send the request body as JSON, with the header Content-Type: application/json.",
      });
    }
  });

  it("accepts application/json with a charset", async () => {
    const answer = await post('{"a":1}', { contentType: "application/json; charset=utf-8" });
    expect(answer.status).toBe(200);
    expect(answer.body.read).toEqual({ a: 1 });
  });
});

describe("the size limit", () => {
  it("accepts a body of exactly the limit and refuses one byte more, as declared by Content-Length", async () => {
    const atLimit = await post(jsonOfSize(100), { limit: 100 });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.read).toBe("x".repeat(98));

    const over = await post(jsonOfSize(101), { limit: 100 });
    expect(over.status).toBe(413);
    expect(over.headers.connection).toBe("close");
    expect(over.body).toEqual({
      success: false,
      code: "payload_too_large",
      error: "The request body is refused: it is larger than 100 bytes.",
    });
  });

  it("refuses a declared length over the limit before reading any of the body", async () => {
    // The client sends the headers and waits: only a refusal that reads nothing can answer it.
    const answer = await new Promise<number | "no answer">((resolve) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/",
        headers: { "Content-Type": "application/json", "Content-Length": "101", "X-Test-Limit": "100" },
      });
      const timer = setTimeout(() => {
        request.destroy();
        resolve("no answer");
      }, 5_000);
      request.on("response", (response) => {
        clearTimeout(timer);
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", () => undefined);
      request.flushHeaders();
    });
    expect(answer).toBe(413);
  });

  it("counts a chunked body as it arrives: exactly the limit passes, one byte more is refused", async () => {
    const atLimit = await post(jsonOfSize(100), { limit: 100, chunked: 7 });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.read).toBe("x".repeat(98));

    const over = await post(jsonOfSize(101), { limit: 100, chunked: 7 });
    expect(over.status).toBe(413);
    expect(over.headers.connection).toBe("close");
    expect(over.body.code).toBe("payload_too_large");
  });

  it("answers 413 to a client still streaming a far larger body, instead of resetting it", async () => {
    const answer = await post(jsonOfSize(4 * 1024 * 1024), { limit: 1024, chunked: 64 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("The request body is refused: it is larger than 1 KB.");
  });

  it("says the limit in bytes, KB or MB, rounded", async () => {
    const cases: [number, string][] = [
      [1023, "1023 bytes"],
      [1024, "1 KB"],
      [1536, "2 KB"],
      [64 * 1024, "64 KB"],
      [1024 * 1024 - 1, "1024 KB"],
      [1024 * 1024, "1 MB"],
      [1.5 * 1024 * 1024, "1.5 MB"],
      [1.04 * 1024 * 1024, "1 MB"],
    ];
    for (const [limit, words] of cases) {
      const answer = await post(jsonOfSize(limit + 1), { limit });
      expect(answer.body.error).toBe(`The request body is refused: it is larger than ${words}.`);
    }
  });

  it("takes 64 KB as its default: a body of that size passes", async () => {
    const answer = await post(jsonOfSize(64 * 1024));
    expect(answer.status).toBe(200);
    const over = await post(jsonOfSize(64 * 1024 + 1));
    expect(over.status).toBe(413);
  });
});

describe("the shape limit", () => {
  it("refuses a body nested past the route's depth with 413, saying why", async () => {
    expect((await post("[[[0]]]", { depth: 3 })).status).toBe(200);
    const over = await post("[[[[0]]]]", { depth: 3, chunked: 2 });
    expect(over.status).toBe(413);
    expect(over.headers.connection).toBe("close");
    expect(over.body.error).toBe("The request body is refused: it nests arrays and objects more than 3 deep.");
  });

  it("defaults to 4 deep and 64 items, enough for the small forms", async () => {
    expect((await post("[[[[0]]]]")).status).toBe(200);
    expect((await post("[[[[[0]]]]]")).body.error).toBe(
      "The request body is refused: it nests arrays and objects more than 4 deep.",
    );
    const items = (count: number) => `[${Array.from({ length: count }, () => "0").join(",")}]`;
    expect((await post(items(64))).status).toBe(200);
    expect((await post(items(65))).body.error).toBe(
      "The request body is refused: it holds more than 64 items (array elements and fields).",
    );
  });
});

describe("the text", () => {
  it("refuses an empty body or one of spaces with 400", async () => {
    for (const body of ["", "  \n\t "]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        code: "bad_json",
        error: "The request body is empty: send a JSON object.",
      });
    }
  });

  it("refuses broken JSON with 400, without quoting it", async () => {
    const answer = await post('{"symbol": "QUOTED-BACK-MARKER", oops}');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      code: "bad_json",
      error: "The request body is not valid JSON: send one JSON object.",
    });
    expect(answer.text).not.toContain("QUOTED-BACK-MARKER");
  });

  it("refuses bytes that are not UTF-8 with 400", async () => {
    const answer = await post(Buffer.from([0x22, 0xc3, 0x28, 0x22]));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      code: "bad_json",
      error: "The request body is not valid UTF-8 text.",
    });
  });

  it("reads UTF-8 split across chunks", async () => {
    const answer = await post('{"name":"été €"}', { chunked: 1 });
    expect(answer.body.read).toEqual({ name: "été €" });
  });

  it('drops a "__proto__" key at any depth and keeps every other key', async () => {
    const answer = await post('{"__proto__":{"polluted":true},"a":1,"b":{"__proto__":{"x":1},"c":2}}');
    expect(answer.status).toBe(200);
    expect(answer.body.own).toEqual(["a", "b"]);
    expect(answer.body.plainPrototype).toBe(true);
    expect(answer.body.read).toEqual({ a: 1, b: { c: 2 } });
    expect(Object.getOwnPropertyNames((answer.body.read as { b: object }).b)).toEqual(["c"]);
  });
});

describe("a client that goes away mid-body", () => {
  it("is a 400 bad_json (never answered), not an unexpected error", async () => {
    thrown.length = 0;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/",
        headers: { "Content-Type": "application/json", "Content-Length": "1000" },
      });
      request.on("error", () => resolve());
      request.write('{"a":"', () => setTimeout(() => request.destroy(), 50));
    });
    const deadline = Date.now() + 10_000;
    while (thrown.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(thrown).toHaveLength(1);
    expect(thrown[0]).toMatchObject({
      status: 400,
      code: "bad_json",
      message: "The request body could not be read: the connection failed.",
    });
  });
});
