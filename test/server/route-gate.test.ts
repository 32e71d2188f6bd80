// One gate for every route: each route the app serves, in every spelling an attacker could try (case, percent-
// encoding, duplicate slashes, dot segments, encoded slashes), with and without the access token, against a server
// bound to a non-loopback address. The routes are read from the app itself, so a new route is covered without editing
// this file. Nothing may reach a handler without the token, and only the canonical spelling reaches one with it.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, METHODS, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp, describeRoutes } from "../../server/app";
import type { ServerPipeline } from "../../server/app-dependencies";
import { createLogger } from "../../server/logger";
import { createPipeline } from "../../src/index";
import { testAccessToken } from "../support/access-token";

const TOKEN = testAccessToken("gate-test");

/** A pipeline whose every method call is counted: a call means a handler ran. */
function countingPipeline(dataDir: string) {
  const real = createPipeline({ data_dir: dataDir, max_retries: 0 }, { env: {} });
  const calls: string[] = [];
  /** Counts calls of an object's methods under `prefix` (the journal's methods are handlers' calls too). */
  const counting = <T extends object>(subject: T, prefix: string): T =>
    new Proxy(subject, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(`${prefix}${String(property)}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const journal = counting(real.journal, "journal.");
  const pipeline = new Proxy(real, {
    get(target, property) {
      if (property === "journal") return journal;
      // The pipeline itself as the receiver: its getters read private fields, which a proxy does not have.
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      if (property === "secretValues") return value.bind(target);
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as unknown as ServerPipeline;
  return { pipeline, calls, close: () => real.close() };
}

/** The same route written the ways a lenient router or file system might still accept. */
export function spellingsOf(routePath: string): string[] {
  const segments = routePath.split("/").filter(Boolean);
  const [first = "", ...rest] = segments;
  const tail = rest.join("/");
  const encodeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const upper = routePath.toUpperCase();
  const mixed = `/${first.charAt(0).toUpperCase()}${first.slice(1)}/${tail}`;
  return [
    upper,
    mixed,
    `/${encodeFirstLetter(first)}/${tail}`,
    `/${first}/${rest.length ? `${encodeFirstLetter(rest[0] ?? "")}${rest.length > 1 ? `/${rest.slice(1).join("/")}` : ""}` : ""}`,
    `/${first.toUpperCase()}/${tail}`,
    `/${routePath}`,
    `/${first}//${tail}`,
    `/${first}/./${tail}`,
    `/x/../${first}/${tail}`,
    `/./${first}/${tail}`,
    `/${first}%2f${tail}`,
    `/${first}%2F${tail}`,
    `/${first}%5c${tail}`,
    `${routePath}/`,
    `${routePath}/.`,
    `${routePath}/..${routePath}`,
    `/%2e/${first}/${tail}`,
    `/${first}/${tail.replace(/-/, "%2d")}`,
  ].filter((spelling) => spelling !== routePath);
}

function rawRequest(port: number, options: { method: string; path: string; token?: string }) {
  const body = ["POST", "PUT", "PATCH"].includes(options.method) ? "{}" : undefined;
  return new Promise<{ status: number; text: string; cacheControl: string | undefined; allow: string | undefined }>(
    (resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: options.method,
          path: options.path,
          headers: {
            Host: "analysis.example.org",
            ...(body ? { "Content-Type": "application/json" } : {}),
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              text,
              cacheControl: response.headers["cache-control"],
              allow: response.headers.allow,
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    },
  );
}

/** Routes that are files of the page (outside /api): GET and HEAD of them are served without the token. */
function isPageFile(route: { method: string; path: string }): boolean {
  return !route.path.startsWith("/api/") && (route.method === "GET" || route.method === "HEAD");
}

/** Every method Node's HTTP parser accepts, but CONNECT (a tunnel, answered before any app code). */
const EVERY_METHOD = METHODS.filter((method) => method !== "CONNECT");

/** A concrete path for a route pattern (`:symbol` becomes a real symbol). */
function concrete(routePath: string): string {
  return routePath.replace(/:[A-Za-z]+/g, "ETH-USD");
}

let server: Server;
let port: number;
let dataDir: string;
let counted: ReturnType<typeof countingPipeline>;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "route-gate-"));
  counted = countingPipeline(dataDir);
  const app = createApp({
    pipeline: counted.pipeline,
    accessToken: TOKEN,
    logger: createLogger({ level: "silent" }),
    // Failed attempts are slowed per address; this matrix sends thousands from one address on purpose.
    failedTokenAttempts: { maxFailures: Number.MAX_SAFE_INTEGER },
  });
  routes = describeRoutes(app).filter((route) => route.method !== "HEAD");
  const handle = app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await counted.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the gate in front of every route", () => {
  it("knows the app's routes (a new route is picked up from the app itself)", () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes).toContainEqual({ method: "POST", path: "/api/update-api-key" });
    expect(routes).toContainEqual({ method: "DELETE", path: "/api/custom-assets/:symbol" });
    expect(routes).toContainEqual({ method: "GET", path: "/api/analyses/:id" });
  });

  it("refuses every route in every spelling without the token: no handler runs", async () => {
    for (const route of routes) {
      for (const spelling of [concrete(route.path), ...spellingsOf(concrete(route.path))]) {
        const answer = await rawRequest(port, { method: route.method, path: spelling });
        // The page's own files need no token: /output, the old clients' results page, is one (it holds no data).
        if (isPageFile(route) && spelling === route.path) {
          expect(answer.status, `${route.method} ${spelling}`).toBe(200);
          continue;
        }
        expect([401, 404], `${route.method} ${spelling} answered ${answer.status}: ${answer.text}`).toContain(
          answer.status,
        );
        expect(answer.cacheControl, `${route.method} ${spelling}`).toBe("no-store");
      }
    }
    expect(counted.calls).toEqual([]);
  });

  it("refuses every HTTP method on every route without the token, not only GET and POST: no handler runs", async () => {
    const paths = [...new Set(routes.map((route) => concrete(route.path)))];
    for (const routePath of paths) {
      for (const method of EVERY_METHOD) {
        const answer = await rawRequest(port, { method, path: routePath });
        const pageRead = !routePath.startsWith("/api/") && (method === "GET" || method === "HEAD");
        if (pageRead) expect(answer.status, `${method} ${routePath}`).toBe(200);
        else expect(answer.status, `${method} ${routePath} answered ${answer.status}: ${answer.text}`).toBe(401);
      }
    }
    expect(counted.calls).toEqual([]);
  });

  it("with the token, a method a route does not take is 405 with Allow, and reaches no handler", async () => {
    // Whether some route (maybe another one: DELETE /api/analyses/stats is the id "stats") takes this request.
    const pattern = (routePath: string) => new RegExp(`^${routePath.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
    const taken = (method: string, path: string) =>
      routes.some(
        (route) =>
          (route.method === method || (method === "HEAD" && route.method === "GET")) && pattern(route.path).test(path),
      );
    for (const routePath of new Set(routes.map((route) => concrete(route.path)))) {
      for (const method of EVERY_METHOD) {
        if (taken(method, routePath)) continue;
        const answer = await rawRequest(port, { method, path: routePath, token: TOKEN });
        if (method === "OPTIONS") {
          // Answered by the router with the methods it takes; no CORS header is ever added.
          expect(answer.status, `OPTIONS ${routePath}`).toBe(200);
          continue;
        }
        expect([405, 501], `${method} ${routePath} answered ${answer.status}: ${answer.text}`).toContain(answer.status);
        if (answer.status === 405) expect(answer.allow, `${method} ${routePath}`).toMatch(/^[A-Z, ]+$/);
      }
    }
    expect(counted.calls).toEqual([]);
  });

  it("with the token, only the canonical spelling reaches the handler; every other one is 404", async () => {
    for (const route of routes) {
      for (const spelling of spellingsOf(concrete(route.path))) {
        const answer = await rawRequest(port, { method: route.method, path: spelling, token: TOKEN });
        expect(answer.status, `${route.method} ${spelling} answered ${answer.status}: ${answer.text}`).toBe(404);
      }
    }
    expect(counted.calls).toEqual([]);
    // The canonical spelling reaches the route: its own answer (200, 400 from its validation of the empty body, or
    // the journal's own 404 for an analysis, run or watchlist entry id it does not hold).
    for (const route of routes) {
      const answer = await rawRequest(port, { method: route.method, path: concrete(route.path), token: TOKEN });
      const handlerAnswered =
        [200, 400].includes(answer.status) ||
        (answer.status === 404 && /"code":"(analysis|run|queued_run|watch_entry)_not_found"/.test(answer.text));
      expect(handlerAnswered, `${route.method} ${route.path} answered ${answer.status}: ${answer.text}`).toBe(true);
      expect(answer.cacheControl).toBe("no-store");
    }
  });
});
