// PostgreSQL stopped under a running server (DATABASE_URL, the demo provider): every route answers 503 with its code
// and fixed sentence (the journal, custom assets, queued and finished runs) or a success (what needs no database; an
// analysis, whose journal_error then says in the same fixed words that it was not recorded), never a 500, and no
// answer carries the database's host or port: those are in the server's log only. Once PostgreSQL is back, the
// same server answers from the journal again.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ServerProcess, startServerProcess } from "../reliability/support/server-process";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres({ ownCluster: true });
let scratch: string;
let server: ServerProcess;
let databasePort: string;

const UNAVAILABLE =
  "The analysis journal's database cannot be reached right now (the server's log says why). Try again shortly.";

async function call(method: string, route: string, body?: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json", origin: server.url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text.startsWith("<") ? "{}" : text) as Record<string, any> };
}

const analyzeSample = () => call("POST", "/api/analyze", { sample: { asset: "BTC", window: 1 }, timeframe: "4h" });

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "postgres-outage-"));
  const databaseUrl = await postgres.database();
  databasePort = new URL(databaseUrl).port;
  server = await startServerProcess({ dataDir: scratch, env: { DATABASE_URL: databaseUrl }, args: ["--demo"] });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe("PostgreSQL stopped under a running server", () => {
  it("every route answers 503 or a success, and none carries the database's address", async () => {
    const recorded = await analyzeSample();
    expect(recorded.status).toBe(200);
    const id = recorded.body.id as string;
    expect((await call("POST", "/api/save-custom-asset", { symbol: "ETH-USD" })).status).toBe(200);
    const watched = await call("POST", "/api/watchlist", { symbol: "ETH-USD", timeframe: "1h" });
    expect(watched.status).toBe(200);
    const entry = watched.body.entry.id as string;

    await postgres.cluster().pause();
    try {
      const needsDatabase: [string, string, unknown?][] = [
        ["GET", "/api/analyses"],
        ["GET", `/api/analyses/${id}`],
        ["GET", "/api/analyses/stats"],
        ["GET", "/api/analyses/accuracy-over-time"],
        ["POST", "/api/analyses/score-outcomes", {}],
        ["DELETE", `/api/analyses/${id}`],
        ["GET", "/api/custom-assets"],
        ["POST", "/api/save-custom-asset", { symbol: "SOL-USD" }],
        ["DELETE", "/api/custom-assets/ETH-USD"],
        ["GET", "/api/assets"],
        ["GET", "/api/runs"],
        ["GET", "/api/runs?state=queued"],
        ["GET", "/api/runs/0123456789abcdef"],
        ["GET", "/api/watchlist"],
        ["POST", "/api/watchlist", { symbol: "SOL-USD", timeframe: "1h" }],
        ["POST", `/api/watchlist/${entry}/pause`, {}],
        ["POST", `/api/watchlist/${entry}/resume`, {}],
        ["GET", `/api/watchlist/${entry}/record`],
        ["DELETE", `/api/watchlist/${entry}`],
      ];
      const needsNone: [string, string, unknown?][] = [
        ["GET", "/api/get-api-key-status?provider=openai"],
        ["GET", "/api/get-provider"],
        ["POST", "/api/update-provider", { provider: "demo" }],
        ["POST", "/api/validate-api-key", { provider: "demo" }],
        ["POST", "/api/update-api-key", { api_key: "sk-test-outage-0123456789", provider: "qwen" }],
        ["POST", "/api/update-base-url", { provider: "qwen", base_url: "" }],
        ["GET", "/api/timeframe-limits"],
        ["GET", "/api/timeframe-limits/4h"],
        ["POST", "/api/validate-date-range", { timeframe: "4h", start: "2024-01-01", end: "2024-01-10" }],
        ["GET", "/api/sample-data"],
        ["GET", "/api/page-config"],
        ["GET", "/api/openapi.json"],
        ["GET", "/output"],
      ];
      for (const [method, route, body] of needsDatabase) {
        const answer = await call(method, route, body);
        expect(answer.status, `${method} ${route}`).toBe(503);
        expect(answer.body, `${method} ${route}`).toEqual({
          success: false,
          code: "journal_unavailable",
          error: UNAVAILABLE,
        });
      }
      for (const [method, route, body] of needsNone) {
        const answer = await call(method, route, body);
        expect(answer.status, `${method} ${route}`).toBeLessThan(300);
        expect(answer.text, `${method} ${route}`).not.toContain(`:${databasePort}`);
      }
      // The analysis is answered (it needs no database); that it was not recorded is said in the same fixed words.
      const analysis = await analyzeSample();
      expect(analysis.status).toBe(200);
      expect(analysis.body.journal_error).toEqual({
        code: "journal_unavailable",
        message: `The analysis was not recorded in the journal: ${UNAVAILABLE}`,
      });
      expect(analysis.text).not.toContain(`:${databasePort}`);
      // The address is for the operator: in the log.
      expect(server.output()).toContain(`127.0.0.1:${databasePort}`);
    } finally {
      await postgres.cluster().resume();
    }
    // Back: the same server reads the journal again.
    const listed = await call("GET", "/api/analyses");
    expect(listed.status).toBe(200);
    expect(listed.body.analyses.map((analysis: { id: string }) => analysis.id)).toContain(id);
  }, 180_000);
});
