// HTTP tests of the security rules: the access token on /api, the Host check without one, same-origin POSTs, the
// headers on the page, static files that cannot leave their folder, and errors that never show a stack or a key.
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ServerPipeline } from "../../server/app-dependencies";
import { readServerEnvironment, runtimeBaseUrlAllowed } from "../../server/server-environment";
import { testAccessToken } from "../support/access-token";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const TOKEN = testAccessToken("security");

/** A raw request, for headers fetch will not let a caller set (Host, Sec-Fetch-Site) and paths it would normalise. */
function rawRequest(
  server: TestServer,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

describe("with an access token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ app: { accessToken: TOKEN } });
  });
  afterAll(() => server.close());

  it("refuses /api calls without the token, or with a wrong one, with 401 in plain words", async () => {
    const missing = await getJson(server, "/api/assets");
    expect(missing.status).toBe(401);
    expectPlainError(missing.body);
    expect(missing.body.code).toBe("unauthorized");
    expect(missing.body.error).toMatch(/requires an access token/);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await getJson(server, "/api/assets", { Authorization: "Bearer not-the-token-at-all" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatch(/not correct/);
    const post = await postJson(server, "/api/update-api-key", { api_key: TEST_KEY });
    expect(post.status).toBe(401);
    expect((await getJson(server, "/api/get-api-key-status")).body.code).toBe("unauthorized");
  });

  it("accepts the token as Bearer or as Jupyter's `token` scheme, from any Host", async () => {
    expect((await getJson(server, "/api/assets", { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await getJson(server, "/api/assets", { Authorization: `token ${TOKEN}` })).status).toBe(200);
    const remote = await rawRequest(server, {
      path: "/api/assets",
      headers: { Host: "analysis.example.org:8000", Authorization: `Bearer ${TOKEN}` },
    });
    expect(remote.status).toBe(200);
  });

  it("does not accept the token in the query string of an API call", async () => {
    expect((await getJson(server, `/api/assets?token=${TOKEN}`)).status).toBe(401);
  });

  it("serves the page (which holds no data) without the token", async () => {
    const page = await fetch(`${server.url}/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>");
  });

  it("never logs the token", async () => {
    await getJson(server, "/api/assets", { Authorization: `Bearer ${TOKEN}x` });
    for (const line of server.logs) expect(line).not.toContain(TOKEN);
  });
});

describe("without an access token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers only requests addressed to loopback names (DNS-rebinding protection)", async () => {
    // 127.0.0.2: any 127.0.0.0/8 address, since the server starts without a token on any of them.
    for (const host of ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "app.localhost", "127.0.0.2:8000"]) {
      expect((await rawRequest(server, { path: "/api/assets", headers: { Host: host } })).status).toBe(200);
    }
    const rebound = await rawRequest(server, { path: "/api/assets", headers: { Host: "evil.example.com:8000" } });
    expect(rebound.status).toBe(403);
    const body = JSON.parse(rebound.text);
    expectPlainError(body);
    expect(body.code).toBe("forbidden_host");
  });

  it("refuses POSTs from another origin or marked cross-site by the browser", async () => {
    const body = JSON.stringify({ symbol: "ETH-USD" });
    const json = { "Content-Type": "application/json" };
    const host = `127.0.0.1:${server.port}`;
    const crossOrigin = await rawRequest(server, {
      method: "POST",
      path: "/api/save-custom-asset",
      body,
      headers: { ...json, Host: host, Origin: "http://evil.example.com" },
    });
    expect(crossOrigin.status).toBe(403);
    expect(JSON.parse(crossOrigin.text).code).toBe("forbidden_origin");
    const otherPort = await rawRequest(server, {
      method: "POST",
      path: "/api/save-custom-asset",
      body,
      headers: { ...json, Host: host, Origin: "http://127.0.0.1:1" },
    });
    expect(otherPort.status).toBe(403);
    const nullOrigin = await rawRequest(server, {
      method: "POST",
      path: "/api/save-custom-asset",
      body,
      headers: { ...json, Host: host, Origin: "null" },
    });
    expect(nullOrigin.status).toBe(403);
    for (const site of ["cross-site", "same-site"]) {
      const marked = await rawRequest(server, {
        method: "POST",
        path: "/api/update-provider",
        body: '{"provider":"qwen"}',
        headers: { ...json, Host: host, "Sec-Fetch-Site": site },
      });
      expect(marked.status).toBe(403);
    }
    expect((await getJson(server, "/api/get-provider")).body.config.agent_llm_provider).toBe("openai");
    expect((await getJson(server, "/api/custom-assets")).body.custom_assets).toEqual([]);
  });

  it("accepts POSTs from its own page, and from programs that send no Origin", async () => {
    const host = `127.0.0.1:${server.port}`;
    const own = await rawRequest(server, {
      method: "POST",
      path: "/api/save-custom-asset",
      body: JSON.stringify({ symbol: "ETH-USD" }),
      headers: {
        "Content-Type": "application/json",
        Host: host,
        Origin: `http://${host}`,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    expect(own.status).toBe(200);
    expect((await postJson(server, "/api/save-custom-asset", { symbol: "SOL-USD" })).status).toBe(200);
  });

  it("puts a strict Content-Security-Policy and the other security headers on the page", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers
    expect((await getJson(server, "/api/assets")).headers.get("cache-control")).toBe("no-store");
  });

  it("serves the page's modules and Plotly from this server, and nothing outside the folder", async () => {
    const script = await fetch(`${server.url}/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const plotly = await fetch(`${server.url}/vendor/plotly.min.js`, { method: "HEAD" });
    expect(plotly.status).toBe(200);
    expect(Number(plotly.headers.get("content-length"))).toBeGreaterThan(1_000_000);
    const etag = script.headers.get("etag")!;
    // A raw request: fetch adds Cache-Control: no-cache to conditional requests, which rightly forces a 200.
    expect((await rawRequest(server, { path: "/app.js", headers: { "If-None-Match": etag } })).status).toBe(304);
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/js/..%2f..%2fapp.ts",
      "/..%5c..%5cpackage.json",
      "/%00.js",
    ]) {
      const answer = await rawRequest(server, { path });
      expect(answer.status, path).toBe(404);
      expectPlainError(JSON.parse(answer.text));
    }
  });

  it("answers unknown endpoints with 404 and wrong methods with 405, in JSON", async () => {
    const missing = await getJson(server, "/api/nothing-here");
    expect(missing.status).toBe(404);
    expectPlainError(missing.body);
    const wrongMethod = await getJson(server, "/api/update-api-key");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toBe("This method is not allowed here; use POST.");
    expect(wrongMethod.headers.get("allow")).toBe("POST");
  });
});

describe("unexpected errors", () => {
  it("answer 500 with a generic sentence, and are logged without keys", async () => {
    const failing = new Error(`database exploded while holding ${TEST_KEY} and Bearer abcdefgh12345678`);
    const pipeline = new Proxy({} as ServerPipeline, {
      get: (_target, property) =>
        property === "secretValues"
          ? () => [TEST_KEY]
          : () => {
              throw failing;
            },
    });
    const server = await startTestServer({ pipeline });
    try {
      for (const answer of [
        await getJson(server, "/api/assets"),
        await postJson(server, "/api/update-provider", { provider: "qwen" }),
      ]) {
        expect(answer.status).toBe(500);
        expectPlainError(answer.body);
        expect(answer.body.code).toBe("internal");
        expect(answer.text).not.toContain("exploded");
        expect(answer.text).not.toContain("SECRET");
      }
      const logged = server.logs.join("\n");
      expect(logged).toContain("database exploded");
      expect(logged).not.toContain("SECRET");
      expect(logged).not.toContain("abcdefgh12345678");
    } finally {
      await server.close();
    }
  });
});

describe("the entry's settings", () => {
  it("refuses a non-loopback HOST without an access token, and a short token", () => {
    expect(readServerEnvironment({})).toEqual({
      ok: true,
      settings: {
        HOST: "127.0.0.1",
        PORT: 8000,
        DATA_DIR: "data",
        ACCESS_TOKEN: undefined,
        TLS_CERT_FILE: undefined,
        TLS_KEY_FILE: undefined,
        MAX_CONCURRENT_ANALYSES: 4,
        TRUST_PROXY: "0",
        ALLOW_RUNTIME_BASE_URL: undefined,
        QUANTAGENT_PLUGINS: undefined,
        JOURNAL: "on",
        WATCH: "on",
        DATABASE_URL: undefined,
        SCORE_OUTCOMES_EVERY_MINUTES: 0,
        SCORE_OUTCOMES_REFLECT: "off",
        LOG_LEVEL: "info",
      },
    });
    expect(readServerEnvironment({ HOST: "0.0.0.0" })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Refusing to listen on 0\.0\.0\.0 without an access token/),
    });
    expect(readServerEnvironment({ HOST: "0.0.0.0", ACCESS_TOKEN: TOKEN })).toMatchObject({
      settings: { HOST: "0.0.0.0", ACCESS_TOKEN: TOKEN },
    });
    expect(readServerEnvironment({ HOST: "::1" })).toMatchObject({ settings: { HOST: "::1" } });
    expect(readServerEnvironment({ HOST: "localhost", PORT: "", DATA_DIR: " " })).toMatchObject({
      settings: { PORT: 8000, DATA_DIR: "data" },
    });
    expect(readServerEnvironment({ ACCESS_TOKEN: "short" })).toEqual({
      ok: false,
      error: expect.stringMatching(/at least 40 characters/),
    });
    expect(readServerEnvironment({ PORT: "http" })).toEqual({ ok: false, error: expect.stringMatching(/PORT/) });
    expect(readServerEnvironment({ PORT: "70000" })).toEqual({
      ok: false,
      error: expect.stringMatching(/PORT must be a whole number from 0 to 65535/),
    });
  });

  it("reads the journal's settings: JOURNAL and WATCH on or off, a postgres:// DATABASE_URL, a scoring interval", () => {
    expect(
      readServerEnvironment({
        JOURNAL: "OFF",
        DATABASE_URL: "postgres://q:pw@db:5432/j",
        SCORE_OUTCOMES_EVERY_MINUTES: "15",
      }),
    ).toMatchObject({
      settings: { JOURNAL: "off", DATABASE_URL: "postgres://q:pw@db:5432/j", SCORE_OUTCOMES_EVERY_MINUTES: 15 },
    });
    expect(readServerEnvironment({ JOURNAL: "maybe" })).toEqual({
      ok: false,
      error: expect.stringMatching(/JOURNAL must be on or off/),
    });
    // The forward test's rounds: on unless told off.
    expect(readServerEnvironment({})).toMatchObject({ settings: { WATCH: "on" } });
    expect(readServerEnvironment({ WATCH: " Off " })).toMatchObject({ settings: { WATCH: "off" } });
    expect(readServerEnvironment({ MAX_COST_PER_DAY: " 2.5 " })).toMatchObject({ settings: { MAX_COST_PER_DAY: 2.5 } });
    expect(readServerEnvironment({ MAX_COST_PER_DAY: "0" })).toMatchObject({ settings: { MAX_COST_PER_DAY: 0 } });
    expect(readServerEnvironment({ MAX_COST_PER_DAY: "" })).toMatchObject({
      settings: { MAX_COST_PER_DAY: undefined },
    });
    for (const wrong of ["-1", "two dollars", "Infinity"])
      expect(readServerEnvironment({ MAX_COST_PER_DAY: wrong })).toEqual({
        ok: false,
        error: expect.stringMatching(/MAX_COST_PER_DAY must be a number of US dollars, 0 or more/),
      });
    expect(readServerEnvironment({ WATCH: "sometimes" })).toEqual({
      ok: false,
      error: expect.stringMatching(/WATCH must be on or off/),
    });
    const mysql = readServerEnvironment({ DATABASE_URL: "mysql://q:hunter2secret@db/j" });
    expect(mysql).toEqual({ ok: false, error: expect.stringMatching(/DATABASE_URL must be a postgres:\/\/ URL/) });
    expect(JSON.stringify(mysql)).not.toContain("hunter2secret");
    expect(readServerEnvironment({ SCORE_OUTCOMES_EVERY_MINUTES: "-1" })).toEqual({
      ok: false,
      error: expect.stringMatching(/SCORE_OUTCOMES_EVERY_MINUTES must be a whole number from 0 to 1440/),
    });
  });

  it("holds ACCESS_TOKEN to 40 characters of 128 estimated bits without whitespace, and says how to make one", () => {
    const refused = {
      "a short token": "Vq7Lx2Rk9Tz4Wm8Yp3Nc6",
      "a word and a keyboard row": "correcthorsebatterystaple-qwertyuiop-1234567890",
      "a token with a trailing space": `${TOKEN} `,
      "a token with a line break inside": `${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)}`,
      "one character repeated": "a".repeat(64),
      "two characters alternating": "ab".repeat(32),
      "a short word repeated": "secret".repeat(8),
    };
    for (const [what, token] of Object.entries(refused)) {
      const answer = readServerEnvironment({ HOST: "0.0.0.0", ACCESS_TOKEN: token });
      expect(answer, what).toEqual({
        ok: false,
        error: expect.stringContaining("Generate one with: openssl rand -hex 32"),
      });
    }
    for (const token of [TOKEN, randomBytes(32).toString("hex")]) {
      expect(readServerEnvironment({ HOST: "0.0.0.0", ACCESS_TOKEN: token }), token).toMatchObject({
        settings: { ACCESS_TOKEN: token },
      });
    }
  });

  it("allows base URLs to change at run time on loopback, not beyond it, unless ALLOW_RUNTIME_BASE_URL says otherwise", () => {
    const allowed = (env: Record<string, string>) => {
      const answer = readServerEnvironment({ ACCESS_TOKEN: TOKEN, ...env });
      if (!answer.ok) throw new Error(answer.error);
      return runtimeBaseUrlAllowed(answer.settings);
    };
    expect(allowed({ HOST: "127.0.0.1" })).toBe(true);
    expect(allowed({ HOST: "::1" })).toBe(true);
    expect(allowed({ HOST: "0.0.0.0" })).toBe(false);
    expect(allowed({ HOST: "192.0.2.7" })).toBe(false);
    expect(allowed({ HOST: "0.0.0.0", ALLOW_RUNTIME_BASE_URL: "1" })).toBe(true);
    expect(allowed({ HOST: "0.0.0.0", ALLOW_RUNTIME_BASE_URL: " 1 " })).toBe(true);
    expect(allowed({ HOST: "127.0.0.1", ALLOW_RUNTIME_BASE_URL: "0" })).toBe(false);
    expect(allowed({ HOST: "127.0.0.1", ALLOW_RUNTIME_BASE_URL: "" })).toBe(true);
    expect(readServerEnvironment({ ALLOW_RUNTIME_BASE_URL: "yes" })).toEqual({
      ok: false,
      error: expect.stringMatching(/ALLOW_RUNTIME_BASE_URL must be 0 or 1/),
    });
  });

  it("reads the TLS pair (both or neither), the analysis limit and the log level", () => {
    expect(readServerEnvironment({ TLS_CERT_FILE: "cert.pem" })).toEqual({
      ok: false,
      error: expect.stringMatching(/both TLS_CERT_FILE and TLS_KEY_FILE/),
    });
    expect(readServerEnvironment({ TLS_CERT_FILE: "c.pem", TLS_KEY_FILE: "k.pem" })).toMatchObject({
      settings: { TLS_CERT_FILE: "c.pem", TLS_KEY_FILE: "k.pem" },
    });
    expect(readServerEnvironment({ MAX_CONCURRENT_ANALYSES: "2" })).toMatchObject({
      settings: { MAX_CONCURRENT_ANALYSES: 2 },
    });
    expect(readServerEnvironment({ MAX_CONCURRENT_ANALYSES: "0" })).toEqual({
      ok: false,
      error: expect.stringMatching(/MAX_CONCURRENT_ANALYSES must be a whole number from 1 to 64/),
    });
    expect(readServerEnvironment({ LOG_LEVEL: "DEBUG" })).toMatchObject({ settings: { LOG_LEVEL: "debug" } });
    expect(readServerEnvironment({ LOG_LEVEL: "verbose" })).toEqual({
      ok: false,
      error: expect.stringMatching(/LOG_LEVEL must be one of debug, info, warn, error, silent/),
    });
  });

  it("reads TRUST_PROXY as 0 (the default) or 1, nothing else", () => {
    expect(readServerEnvironment({})).toMatchObject({ settings: { TRUST_PROXY: "0" } });
    expect(readServerEnvironment({ TRUST_PROXY: "1" })).toMatchObject({ settings: { TRUST_PROXY: "1" } });
    expect(readServerEnvironment({ TRUST_PROXY: " 0 " })).toMatchObject({ settings: { TRUST_PROXY: "0" } });
    expect(readServerEnvironment({ TRUST_PROXY: "yes" })).toEqual({
      ok: false,
      error: expect.stringMatching(/TRUST_PROXY must be 0 or 1/),
    });
  });
});
