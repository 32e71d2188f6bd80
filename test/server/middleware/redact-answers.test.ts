// The redaction of answers on its own, in a bare Koa app with a redactor that knows one secret: a JSON body and a text
// body lose the secret, a Buffer or a stream is sent as it is, an empty answer stays empty, and the caller's own text
// (its query, its JSON body) and the texts a route marked as binary are spared. The whole app's use of it is in
// ../secret-echo.test.ts.
import { Readable } from "node:stream";

import type Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";

import { markBinaryTexts } from "../../../server/binary-texts";
import { redactAnswers } from "../../../server/middleware/redact-answers";
import { createSecretRedactor } from "../../../src/common/index";
import { type BareApp, sendRequest, startBareApp } from "./bare-app";

const SECRET = "qa-test-secret-0123456789abcdef";
let app: BareApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function answering(handler: Koa.Middleware): Promise<number> {
  app = await startBareApp([handler], { outer: [redactAnswers(createSecretRedactor(() => [SECRET]))] });
  return app.port;
}

describe("redactAnswers", () => {
  it("removes a secret from a JSON answer, at any depth", async () => {
    const port = await answering((context) => {
      context.body = { note: `key ${SECRET} here`, list: [{ deep: SECRET }] };
    });
    const answer = await sendRequest(port);
    expect(JSON.parse(answer.text)).toEqual({ note: "key [redacted] here", list: [{ deep: "[redacted]" }] });
  });

  it("removes a secret from a text answer", async () => {
    const port = await answering((context) => {
      context.body = `the key is ${SECRET}.`;
    });
    const answer = await sendRequest(port);
    expect(answer.text).toBe("the key is [redacted].");
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("removes a secret from an error's answer", async () => {
    const port = await answering(() => {
      throw Object.assign(new Error(`no such key ${SECRET}`), { status: 404, expose: true });
    });
    const answer = await sendRequest(port);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ error: "no such key [redacted]" });
  });

  it("sends a Buffer or a stream as it is (files of the page, not answers)", async () => {
    const port = await answering((context) => {
      context.body = context.path === "/buffer" ? Buffer.from(`file ${SECRET}`) : Readable.from([`stream ${SECRET}`]);
    });
    expect((await sendRequest(port, { path: "/buffer" })).text).toBe(`file ${SECRET}`);
    expect((await sendRequest(port, { path: "/stream" })).text).toBe(`stream ${SECRET}`);
  });

  it("sends a stream as it is even when it already holds text", async () => {
    const port = await answering((context) => {
      const stream = new Readable({ read: () => undefined, encoding: "utf8" });
      stream.push(`stream ${SECRET}`);
      stream.push(null);
      context.type = "text/plain";
      context.body = stream;
    });
    const answer = await sendRequest(port);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(`stream ${SECRET}`);
  });

  it("leaves an answer without a body as it is", async () => {
    const port = await answering((context) => {
      context.status = 202;
    });
    const answer = await sendRequest(port);
    expect(answer.status).toBe(202);
  });

  it("leaves an empty answer empty", async () => {
    const port = await answering((context) => {
      context.body = null;
    });
    const answer = await sendRequest(port);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
  });

  it("spares the caller's own text: its query and its JSON body, in a JSON or a text answer", async () => {
    const port = await answering((context) => {
      context.state.jsonBody = { sent: `body-${SECRET}` };
      const echoed = { query: context.query.q, body: `body-${SECRET}`, other: SECRET };
      context.body = context.path === "/text" ? JSON.stringify(echoed) : echoed;
    });
    for (const path of ["/json", "/text"]) {
      const answer = await sendRequest(port, { path: `${path}?q=${SECRET}` });
      expect(JSON.parse(answer.text)).toEqual({ query: SECRET, body: `body-${SECRET}`, other: SECRET });
    }
  });

  it("spares the texts a route marked as binary, and only those", async () => {
    const chart = `AAAA${SECRET}BBBB`;
    const port = await answering((context) => {
      markBinaryTexts(context, [chart]);
      context.body = { chart, note: `note ${SECRET}` };
    });
    expect(JSON.parse((await sendRequest(port)).text)).toEqual({ chart, note: "note [redacted]" });
  });
});
