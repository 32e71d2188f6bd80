// The page's static files on their own, in a bare Koa app over a temporary folder: what is served (GET and HEAD, the
// index at "/", each known type with its Content-Type, the extra files with their cache lifetime), how it revalidates
// (ETag, 304), and what is not (other methods, /api/, unknown types, folders, missing files, malformed or escaping
// paths), and isPublicFile's answer for each, which the access gate trusts.
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createStaticFiles, type StaticFiles } from "../../../server/middleware/static-files";
import { type BareApp, sendRequest, startBareApp } from "./bare-app";

let folder: string;
let files: StaticFiles;
let app: BareApp;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "static-files-"));
  const root = path.join(folder, "public");
  await mkdir(path.join(root, "sub"), { recursive: true });
  await mkdir(path.join(root, "folder.js"));
  await mkdir(path.join(root, "api"));
  const write = (name: string, text: string) => writeFile(path.join(root, name), text);
  await write("index.html", "<p>index</p>");
  await write("app.js", "console.log(1);");
  await write("style.css", "p{}");
  await write("logo.svg", "<svg/>");
  await write("image.png", "png");
  await write("favicon.ico", "ico");
  await write("data.json", "{}");
  await write("edited.js", "one");
  await write("UPPER.HTML", "<p>upper</p>");
  await write("notes.txt", "text");
  await write("no-extension", "none");
  await write(".hidden.js", "hidden");
  await write("sub/page.html", "<p>sub</p>");
  await write("api/served.js", "never");
  await writeFile(path.join(folder, "outside.js"), "outside");
  await writeFile(path.join(folder, "bundle.min.js"), "bundle");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

// The middleware is made for each test, not once for the file: a failure while making it then fails the test.
beforeEach(async () => {
  files = createStaticFiles({
    root: path.join(folder, "public"),
    extraFiles: {
      "/vendor/bundle.js": { file: path.join(folder, "bundle.min.js"), maxAgeSeconds: 3600 },
      "/vendor/missing.js": { file: path.join(folder, "missing.js"), maxAgeSeconds: 60 },
    },
  });
  app = await startBareApp([
    files.middleware,
    (context) => {
      context.body = { fellThrough: true };
    },
  ]);
});
afterEach(() => app.close());

const get = (urlPath: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
  sendRequest(app.port, { path: urlPath, ...options });

const FELL_THROUGH = JSON.stringify({ fellThrough: true });

describe("the static files", () => {
  it("serves the index at / and by name, uncached but revalidated", async () => {
    for (const urlPath of ["/", "/index.html"]) {
      const answer = await get(urlPath);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe("<p>index</p>");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["content-length"]).toBe("12");
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.etag).toMatch(/^"c-[0-9a-f]+"$/);
      expect(answer.headers["last-modified"]).toBeDefined();
    }
  });

  it("gives each known type its Content-Type, whatever the extension's letter case", async () => {
    const expected: [string, string][] = [
      ["/app.js", "text/javascript; charset=utf-8"],
      ["/style.css", "text/css; charset=utf-8"],
      ["/logo.svg", "image/svg+xml"],
      ["/image.png", "image/png"],
      ["/favicon.ico", "image/x-icon"],
      ["/data.json", "application/json; charset=utf-8"],
      ["/UPPER.HTML", "text/html; charset=utf-8"],
      ["/sub/page.html", "text/html; charset=utf-8"],
    ];
    for (const [urlPath, type] of expected) {
      const answer = await get(urlPath);
      expect(answer.status, urlPath).toBe(200);
      expect(answer.headers["content-type"], urlPath).toBe(type);
    }
  });

  it("serves an extra file from elsewhere with its own cache lifetime", async () => {
    const answer = await get("/vendor/bundle.js");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("bundle");
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/app.js", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe("15");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.text).toBe("");
  });

  it("answers 304 to a request that holds the current ETag", async () => {
    const first = await get("/app.js");
    const again = await get("/app.js", { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const stale = await get("/app.js", { headers: { "If-None-Match": '"0-0"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe("console.log(1);");
  });

  it("answers 304 to a request that holds the current Last-Modified date", async () => {
    const first = await get("/style.css");
    const again = await get("/style.css", { headers: { "If-Modified-Since": String(first.headers["last-modified"]) } });
    expect(again.status).toBe(304);
  });

  it("sends an edited file again, even one of the same size", async () => {
    const first = await get("/edited.js");
    expect(first.text).toBe("one");
    const file = path.join(folder, "public", "edited.js");
    await writeFile(file, "two");
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const again = await get("/edited.js", { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(again.status).toBe(200);
    expect(again.text).toBe("two");
    expect(again.headers.etag).not.toBe(first.headers.etag);
  });

  it("leaves to the next middleware what it does not serve", async () => {
    for (const urlPath of [
      "/notes.txt",
      "/no-extension",
      "/folder.js",
      "/sub",
      "/missing.js",
      "/vendor/missing.js",
      "/api/served.js",
      "/bad%E0%A4%A.js",
      "/..%5Coutside.js",
      "/sub%5C..%5Capp.js",
      "/app.js%00.js",
      "/.",
    ]) {
      const answer = await get(urlPath);
      expect(answer.text, urlPath).toBe(FELL_THROUGH);
    }
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      expect((await get("/app.js", { method })).text, method).toBe(FELL_THROUGH);
    }
  });

  it("keeps every path inside its folder", async () => {
    for (const urlPath of ["/../outside.js", "/%2e%2e/outside.js", "/..%2Foutside.js", "/sub/../../outside.js"]) {
      const answer = await get(urlPath);
      expect(answer.text, urlPath).not.toBe("outside");
    }
    // A ".." that stays inside the folder is resolved there. A name that starts with a dot is an ordinary name: no
    // rule hides such files (only the known types above are served at all).
    expect((await get("/sub/%2e%2e/app.js")).text).toBe("console.log(1);");
    expect((await get("/.hidden.js")).text).toBe("hidden");
  });
});

describe("isPublicFile", () => {
  it("is true exactly for what GET would serve", () => {
    for (const urlPath of ["/", "/index.html", "/app.js", "/sub/page.html", "/vendor/bundle.js", "/UPPER.HTML"]) {
      expect(files.isPublicFile(urlPath), urlPath).toBe(true);
    }
    for (const urlPath of [
      "/notes.txt",
      "/folder.js",
      "/missing.js",
      "/vendor/missing.js",
      "/api/served.js",
      "/bad%E0%A4%A.js",
      "/..%5Coutside.js",
      "/app.js%00.js",
      "/.",
    ]) {
      expect(files.isPublicFile(urlPath), urlPath).toBe(false);
    }
  });
});
