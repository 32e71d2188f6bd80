// The canonical-path rule on its own: every way a second spelling of a path could reach a route (an encoded
// unreserved letter, an encoded separator or control, a doubled slash, a dot segment, a raw character that must be
// encoded, a broken escape) gets its own reason, and the spellings the routes use pass. The whole app is checked
// with hostile paths in ../route-gate.test.ts; this file pins each branch and its edge.
import Koa from "koa";
import { describe, expect, it } from "vitest";

import { silentLogger } from "../../../server/logger";
import { canonicalPath, nonCanonicalReason } from "../../../server/middleware/canonical-path";
import { errorHandler } from "../../../server/middleware/error-handler";

describe("nonCanonicalReason", () => {
  it("passes the spellings the routes and static files use", () => {
    for (const path of [
      "/",
      "/api/analyze",
      "/api/analyses/a1b2-c3",
      "/js/app.js",
      "/output",
      "/api/runs/run_1~2",
      "/a:b@c!$&'()*+,;=",
      "/%20space",
      "/caf%C3%A9",
      "/%3F", // "?" encoded: it must be, since a raw "?" starts the query
    ])
      expect(nonCanonicalReason(path), path).toBeUndefined();
  });

  it("refuses a path that does not start with /", () => {
    expect(nonCanonicalReason("api/analyze")).toBe("it does not start with /");
    expect(nonCanonicalReason("")).toBe("it does not start with /");
  });

  it("refuses raw characters that must be encoded, and broken escapes", () => {
    const reason = "it holds characters that must be percent-encoded, or a broken escape";
    for (const path of ["/a b", "/a\\b", "/a\u0000", "/a%", "/a%4", "/a%zz", "/a%4g", '/a"b', "/a<b>", "/ä"])
      expect(nonCanonicalReason(path), JSON.stringify(path)).toBe(reason);
  });

  it("refuses an empty segment anywhere", () => {
    for (const path of ["//", "//api", "/api//analyze", "/api/analyze//"])
      expect(nonCanonicalReason(path), path).toBe("it has an empty segment (//)");
  });

  it("refuses dot segments, but not names that merely hold dots", () => {
    for (const path of ["/.", "/..", "/api/./analyze", "/api/../analyze", "/js/.."])
      expect(nonCanonicalReason(path), path).toBe("it has a dot segment");
    for (const path of ["/.well-known", "/js/app.min.js", "/...", "/a..b"])
      expect(nonCanonicalReason(path), path).toBeUndefined();
  });

  it("refuses an encoded character that needs no encoding, in either letter case of the escape", () => {
    const reason = "it percent-encodes a character that needs no encoding";
    for (const path of ["/%61pi", "/api/%41nalyze", "/a%2Db", "/a%2db", "/a%2E", "/a%5F", "/a%7E", "/%30", "/x/%39"])
      expect(nonCanonicalReason(path), path).toBe(reason);
    // Only the escape itself is judged: the same segment later holding a needed escape does not excuse it.
    expect(nonCanonicalReason("/%20%61")).toBe(reason);
  });

  it("refuses an encoded separator, backslash, percent or control character", () => {
    const reason = "it encodes a separator or a control character";
    for (const path of ["/a%2Fb", "/a%2fb", "/a%5Cb", "/a%25", "/a%00", "/a%0A", "/a%1F", "/a%7F", "/x/%2F"])
      expect(nonCanonicalReason(path), path).toBe(reason);
    for (const path of ["/a%20", "/a%21", "/a%80"]) expect(nonCanonicalReason(path), path).toBeUndefined();
  });
});

describe("canonicalPath middleware", () => {
  async function answer(path: string) {
    const app = new Koa();
    app.use(errorHandler({ logger: silentLogger }));
    app.use(canonicalPath());
    app.use((context) => {
      context.body = { reached: true };
    });
    const handle = app.callback();
    const { createServer } = await import("node:http");
    const server = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("answers 404 not_found with the reason, without echoing the path; lets a canonical path through", async () => {
    const refused = await answer("/api/%61nalyze-secret-text");
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, code: "not_found" });
    expect(refused.body.error).toBe(
      "No such page or API endpoint: the path is not in its canonical form (it percent-encodes a character that needs no encoding).",
    );
    expect(JSON.stringify(refused.body)).not.toContain("secret-text");
    expect(await answer("/api/analyze")).toEqual({ status: 200, body: { reached: true } });
  });
});
