// The validation wrapper on its own, in a bare Koa app: the body (left by the JSON reader) or the query is checked for
// control characters first, then by the schema, and the handler gets the schema's output; each refusal is a 400
// invalid_request naming the field and the source ("request body" or "query"), and the handler is not reached. The
// routes' own schemas are tested with their routes.
import type Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { validated, type ValidatedOptions } from "../../../server/middleware/validated";
import { type BareApp, sendRequest, startBareApp } from "./bare-app";

let app: BareApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const schema = z.object({ symbol: z.string().max(10), text: z.string().optional() }).transform((input) => ({
  ...input,
  upper: input.symbol.toUpperCase(),
}));

let reached = 0;

async function start(source: "body" | "query", options?: ValidatedOptions): Promise<number> {
  reached = 0;
  const setBody: Koa.Middleware = async (context, next) => {
    const header = context.get("X-Test-Body");
    if (header !== "") context.state.jsonBody = JSON.parse(decodeURIComponent(header)) as unknown;
    await next();
  };
  const handler = validated(
    source,
    schema,
    (context, input) => {
      reached += 1;
      context.body = { input };
    },
    options,
  );
  app = await startBareApp([setBody, handler]);
  return app.port;
}

const body = (value: unknown) => ({ headers: { "X-Test-Body": encodeURIComponent(JSON.stringify(value)) } });
const json = (text: string) => JSON.parse(text) as { code?: string; error?: string; input?: unknown };

describe("validated", () => {
  it("hands the handler the schema's output for a body", async () => {
    const port = await start("body");
    const answer = await sendRequest(port, body({ symbol: "aapl" }));
    expect(answer.status).toBe(200);
    expect(json(answer.text).input).toEqual({ symbol: "aapl", upper: "AAPL" });
  });

  it("hands the handler the schema's output for a query, and reads only the query", async () => {
    const port = await start("query");
    const answer = await sendRequest(port, { path: "/?symbol=msft", ...body({ symbol: "not-this" }) });
    expect(json(answer.text).input).toEqual({ symbol: "msft", upper: "MSFT" });
  });

  it("refuses what fails the schema with 400, naming the source, without reaching the handler", async () => {
    const port = await start("body");
    const answer = await sendRequest(port, body({ symbol: "far-too-long-symbol" }));
    expect(answer.status).toBe(400);
    const refusal = json(answer.text);
    expect(refusal.code).toBe("invalid_request");
    expect(refusal.error).toMatch(/^Invalid request body\b/);
    expect(refusal.error).toContain("symbol");
    expect(reached).toBe(0);

    await app?.close();
    const queryPort = await start("query");
    const query = json((await sendRequest(queryPort, { path: "/?other=1" })).text);
    expect(query.code).toBe("invalid_request");
    expect(query.error).toMatch(/^Invalid query\b/);
    expect(reached).toBe(0);
  });

  it("refuses a control character or a line break in any field before the schema, naming it", async () => {
    const port = await start("body");
    for (const [value, field] of [
      [{ symbol: "a\u0007b" }, "symbol"],
      [{ symbol: "ok", text: "two\nlines" }, "text"],
      [{ symbol: "ok", extra: { deep: ["x", "a\u202eb"] } }, "extra.deep.1"],
    ] as const) {
      const answer = await sendRequest(port, body(value));
      expect(answer.status).toBe(400);
      expect(json(answer.text)).toEqual({
        success: false,
        code: "invalid_request",
        error: `Invalid request body: ${field} must be plain text on one line (no control characters or line breaks).`,
      });
    }
    expect(reached).toBe(0);
  });

  it("checks the query's control characters too", async () => {
    const port = await start("query");
    const answer = await sendRequest(port, { path: "/?symbol=a%0Ab" });
    expect(json(answer.text).error).toBe(
      "Invalid query: symbol must be plain text on one line (no control characters or line breaks).",
    );
    expect(reached).toBe(0);
  });

  it("lets line breaks and tabs through in the fields named as multi-line, and only there", async () => {
    const port = await start("body", { multiline: ["text"] });
    const ok = await sendRequest(port, body({ symbol: "ok", text: "a\tb\r\nc" }));
    expect(ok.status).toBe(200);
    expect(json(ok.text).input).toEqual({ symbol: "ok", text: "a\tb\r\nc", upper: "OK" });
    expect((await sendRequest(port, body({ symbol: "o\nk", text: "a" }))).status).toBe(400);
    expect((await sendRequest(port, body({ symbol: "ok", text: "a\u0000b" }))).status).toBe(400);
  });
});
