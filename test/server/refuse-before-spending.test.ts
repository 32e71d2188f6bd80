// Input that cannot be analysed is refused with 400 before the first model call, streamed or not: control characters
// and line breaks in any string field of any request, symbols made only of punctuation, prices that overflow, a CSV
// whose bars do not match the timeframe. The fake provider must see nothing, and nothing may change on the server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv, noBarsFetch } from "./analysis-fixtures";
import {
  deleteJson,
  expectPlainError,
  getJson,
  postJson,
  startTestServer,
  TEST_KEY,
  type TestServer,
} from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
const csv = benchmarkCsv();

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    renderer,
    fetch: noBarsFetch,
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await server.close();
  await renderer.close();
  await fake.close();
});

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const recent = Date.now() - 2 * day;

/** One valid body per state-changing or paid request; every string in each is corrupted in turn below. */
const validBodies: Record<string, Record<string, unknown>> = {
  "/api/analyze (csv)": { csv, timeframe: "4h", name: "Bitcoin" },
  "/api/analyze (market)": { asset: "BTC", timeframe: "4h", start: iso(recent - 20 * day), end: iso(recent) },
  "/api/analyze (symbol)": { symbol: "ETH-USD", timeframe: "1d", start: iso(recent - 200 * day), end: iso(recent) },
  "/api/analyze (legacy)": {
    asset: "BTC",
    timeframe: "4h",
    start_date: iso(recent - 20 * day).slice(0, 10),
    start_time: "00:00",
    end_date: iso(recent).slice(0, 10),
    end_time: "00:00",
  },
  "/api/update-api-key": { api_key: "sk-another-0123456789abcdefXYZ", provider: "openai" },
  "/api/validate-api-key": { provider: "openai" },
  "/api/update-provider": { provider: "anthropic" },
  "/api/save-custom-asset": { symbol: "SOL-USD" },
  "/api/validate-date-range": { timeframe: "4h", start: iso(recent - 20 * day), end: iso(recent) },
};

const corruptions = ["\n", "\r\n", "\u0000", "\u001b[31m", "\u2028", "\u202e", "\t"];

async function serverState() {
  return {
    key: (await getJson(server, "/api/get-api-key-status?provider=openai")).body,
    provider: (await getJson(server, "/api/get-provider")).body,
    assets: (await getJson(server, "/api/custom-assets")).body,
  };
}

async function postBoth(path: string, body: unknown) {
  const json = await postJson(server, path, body);
  const stream = path === "/api/analyze" ? await postJson(server, path, body, { Accept: "text/event-stream" }) : json;
  return [json, stream];
}

describe("refused before anything is spent", () => {
  it("a control character or line break in any string field of any request: 400, no provider request, nothing changed", async () => {
    const before = await serverState();
    for (const [label, body] of Object.entries(validBodies)) {
      const path = label.split(" ")[0] ?? label;
      for (const field of Object.keys(body).filter((key) => typeof body[key] === "string" && key !== "csv")) {
        for (const corruption of corruptions) {
          const value = body[field] as string;
          for (const corrupted of [
            `${value}${corruption}`,
            `${corruption}${value}`,
            `${value.slice(0, 2)}${corruption}${value.slice(2)}`,
          ]) {
            for (const answer of await postBoth(path, { ...body, [field]: corrupted })) {
              expect(answer.status, `${label} ${field}=${JSON.stringify(corrupted)}: ${answer.text}`).toBe(400);
              expectPlainError(answer.body);
            }
          }
        }
      }
    }
    expect(fake.requests).toHaveLength(0);
    expect(await serverState()).toEqual(before);
  });

  it("a CSV may hold line breaks and tabs, but no other control character", async () => {
    const withBell = csv.replace("\n", "\n\u0007");
    for (const answer of await postBoth("/api/analyze", { csv: withBell, timeframe: "4h" })) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/csv must be plain text/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("symbols made only of punctuation: 400 for analyses, saves and removals", async () => {
    for (const symbol of [".", "..", "^", "=", "._-"]) {
      for (const answer of await postBoth("/api/analyze", {
        symbol,
        timeframe: "1d",
        start: iso(recent - 30 * day),
        end: iso(recent),
      })) {
        expect(answer.status, symbol).toBe(400);
        expect(answer.body.error).toMatch(/at least one letter or digit/);
      }
      expect((await postJson(server, "/api/save-custom-asset", { symbol })).status, symbol).toBe(400);
      // "." and ".." as a path segment are not a canonical path (404); the others reach the route and are refused.
      expect([400, 404]).toContain(
        (await deleteJson(server, `/api/custom-assets/${encodeURIComponent(symbol)}`)).status,
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("a CSV with a price that would overflow: 400 naming the line", async () => {
    const lines = csv.split("\n");
    lines[20] = lines[20]!.replace(/^([^,]+),([^,]+),([^,]+)/, "$1,1e300,1e301");
    for (const answer of await postBoth("/api/analyze", { csv: lines.join("\n"), timeframe: "4h" })) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/line 21/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("a CSV whose bars do not match the timeframe: 400 before the stream opens, naming the timeframe that fits", async () => {
    for (const timeframe of ["1h", "1d", "15m"]) {
      for (const answer of await postBoth("/api/analyze", { csv, timeframe })) {
        expect(answer.status, timeframe).toBe(400);
        expect(answer.body.error).toMatch(
          new RegExp(`^The bars of the CSV are mostly 4 hours apart, but ${timeframe} bars`),
        );
        expect(answer.body.error).toMatch(/choose the timeframe 4h/);
      }
    }
    expect(fake.requests).toHaveLength(0);
  });
});
