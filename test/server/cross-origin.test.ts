// Every state-changing route, read from the app itself, refuses a request from another origin (403) and changes
// nothing: a page on another site, or on this site's neighbour port, cannot save a key, switch providers, add or
// remove symbols, or start a paid analysis in the user's browser. Deterministic: every route, every marking.
import { request as httpRequest } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { describeRoutes } from "../../server/app";
import { createApp } from "../../server/app";
import { silentLogger } from "../../server/logger";
import { getJson, postJson, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await postJson(server, "/api/save-custom-asset", { symbol: "ETH-USD" });
  await postJson(server, "/api/watchlist", { symbol: "ETH-USD", timeframe: "1h" });
});
afterAll(() => server.close());

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A body each route would accept if the request were same-origin. */
const bodies: Record<string, unknown> = {
  "/api/update-api-key": { api_key: "sk-cross-origin-0123456789abcdef", provider: "openai" },
  "/api/validate-api-key": { provider: "openai" },
  "/api/update-provider": { provider: "qwen" },
  "/api/update-base-url": { provider: "openai", base_url: "http://evil.example.com/v1" },
  "/api/update-models": { agent_model: "evil-model" },
  "/api/check-setup": { market_data: "local" },
  "/api/save-custom-asset": { symbol: "SOL-USD" },
  "/api/validate-date-range": { timeframe: "4h", start: "2024-01-01", end: "2024-02-01" },
  "/api/analyze": { asset: "BTC", timeframe: "4h", start: "2024-01-01", end: "2024-02-01" },
  "/api/analyses/score-outcomes": {},
  "/api/watchlist": { symbol: "SOL-USD", timeframe: "1h" },
  "/api/watchlist/:id/pause": {},
  "/api/watchlist/:id/resume": {},
};

function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port: server.port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

async function state() {
  return {
    key: (await getJson(server, "/api/get-api-key-status?provider=openai")).body, // base_url included
    provider: (await getJson(server, "/api/get-provider")).body,
    assets: (await getJson(server, "/api/custom-assets")).body,
    watchlist: (await getJson(server, "/api/watchlist")).body,
  };
}

describe("state-changing routes from another origin", () => {
  const routes = describeRoutes(createApp({ pipeline: {} as never, logger: silentLogger })).filter((route) =>
    STATE_CHANGING.has(route.method),
  );

  it("covers every state-changing route the app has, and has a body for each POST", () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes.filter((candidate) => candidate.method === "POST"))
      expect(bodies, route.path).toHaveProperty([route.path]);
  });

  it("are refused with 403 for a foreign Origin, a neighbour port, a null Origin and cross-site or same-site marks", async () => {
    const before = await state();
    const host = `127.0.0.1:${server.port}`;
    const markings: Record<string, string>[] = [
      { Origin: "http://evil.example.com" },
      { Origin: `http://127.0.0.1:${server.port + 1}` },
      { Origin: `https://${host}` },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "cross-site", Origin: `http://${host}` },
    ];
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, "ETH-USD");
      const body = route.method === "POST" ? JSON.stringify(bodies[route.path]) : undefined;
      for (const marking of markings) {
        const headers = { Host: host, ...(body ? { "Content-Type": "application/json" } : {}), ...marking };
        const answer = await send(route.method, path, headers, body);
        expect(answer.status, `${route.method} ${path} with ${JSON.stringify(marking)}: ${answer.text}`).toBe(403);
        expect(JSON.parse(answer.text).code).toBe("forbidden_origin");
      }
    }
    expect(await state()).toEqual(before);
  });

  it("are accepted from the server's own page (the control: the bodies above are valid)", async () => {
    const host = `127.0.0.1:${server.port}`;
    const answer = await send(
      "POST",
      "/api/update-provider",
      { Host: host, "Content-Type": "application/json", Origin: `http://${host}`, "Sec-Fetch-Site": "same-origin" },
      JSON.stringify(bodies["/api/update-provider"]),
    );
    expect(answer.status).toBe(200);
    const removed = await send("DELETE", "/api/custom-assets/ETH-USD", {
      Host: host,
      Origin: `http://${host}`,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(removed.status).toBe(200);
  });
});
