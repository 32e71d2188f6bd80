// The forward test's watchlist over HTTP, through the whole app behind an access token: entries listed, added (a bad
// body refused in plain words and nothing stored), paused with a reason and resumed, removed; an unknown id 404 and a
// malformed one 400 on every route that takes one; no token 401 and a foreign Origin 403 on every route, changing
// nothing. The live record: decisions stored for an entry, read against the market's daily bars (an injected Yahoo
// fetch, prices rising a point a bar): hits and the Wilson interval, the decisions played as a backtest beside
// buy-and-hold with the paired test against always-LONG; an entry with no decision reads no market data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { wilsonInterval } from "../../src/scoring/confidence-intervals";
import { dailyBarsFetch } from "../market/yahoo-fixtures";
import { testAccessToken } from "../support/access-token";
import { deleteJson, expectPlainError, getJson, postJson, startTestServer, type TestServer } from "./test-server";

const TOKEN = testAccessToken("watchlist-routes");
const auth = { Authorization: `Bearer ${TOKEN}` };
const DAY = 24 * 3_600_000;
const firstBar = Date.UTC(2025, 0, 1);
const dataEnd = firstBar + 99 * DAY;
const yahoo = dailyBarsFetch({ symbol: "BTC-USD", firstBar, dataEnd: () => dataEnd });

let server: TestServer;
let clock = dataEnd + DAY + 3_600_000; // the last bar (99) has closed
beforeAll(async () => {
  server = await startTestServer({
    fetch: yahoo.fetch,
    app: { accessToken: TOKEN, now: () => new Date(clock) },
  });
});
afterAll(() => server.close());

const get = (path: string) => getJson(server, path, auth);
const post = (path: string, body: unknown) => postJson(server, path, body, auth);
const remove = (path: string) => deleteJson(server, path, auth);

describe("/api/watchlist", () => {
  it("adds, lists, pauses with a reason, resumes and removes an entry", async () => {
    const added = await post("/api/watchlist", { symbol: "ETH-USD", timeframe: "1h", settle_ms: 60_000 });
    expect(added.status).toBe(200);
    const entry = added.body.entry;
    expect(entry).toMatchObject({
      market: "ETH-USD",
      market_kind: "symbol",
      timeframe: "1h",
      stages: {},
      samples: 1,
      settle_ms: 60_000,
      status: "active",
      paused_reason: null,
      failures: 0,
    });
    expect(entry.models).toBeNull(); // the watcher's own
    const asset = await post("/api/watchlist", {
      asset: "BTC",
      timeframe: "4h",
      samples: 3,
      models: { graph: "gpt-4o" },
    });
    expect(asset.body.entry).toMatchObject({
      market: "BTC",
      market_kind: "asset",
      samples: 3,
      settle_ms: 120_000,
      models: { graph: "gpt-4o" },
    });
    expect((await get("/api/watchlist")).body.entries.map((listed: { id: string }) => listed.id)).toEqual([
      entry.id,
      asset.body.entry.id,
    ]);

    const paused = await post(`/api/watchlist/${entry.id}/pause`, {});
    expect(paused.status).toBe(200);
    expect(paused.body.entry).toMatchObject({ status: "paused", paused_reason: "paused by hand" });
    const reasoned = await post(`/api/watchlist/${entry.id}/pause`, { reason: "too noisy" });
    expect(reasoned.body.entry.paused_reason).toBe("too noisy");
    const listed = (await get("/api/watchlist")).body.entries[0];
    expect(listed).toMatchObject({ id: entry.id, status: "paused", paused_reason: "too noisy" });
    const resumed = await post(`/api/watchlist/${entry.id}/resume`, {});
    expect(resumed.body.entry).toMatchObject({ status: "active", paused_reason: null });

    expect((await remove(`/api/watchlist/${entry.id}`)).body).toEqual({ success: true, id: entry.id });
    expect((await remove(`/api/watchlist/${asset.body.entry.id}`)).status).toBe(200);
    expect((await get("/api/watchlist")).body).toEqual({ entries: [] });
  });

  it("refuses a bad entry with a clear 400, storing nothing", async () => {
    const cases: [unknown, RegExp][] = [
      [{ timeframe: "1h" }, /give one of symbol or asset/],
      [{ symbol: "ETH-USD", asset: "BTC", timeframe: "1h" }, /give one of symbol or asset/],
      [{ symbol: "ETH-USD" }, /timeframe/],
      [{ symbol: "ETH-USD", timeframe: "7m" }, /timeframe/],
      [{ symbol: "ETH-USD", timeframe: "1h", colour: "red" }, /colour/],
      [{ symbol: "ETH-USD", timeframe: "1h", settle_ms: -1 }, /settle_ms/],
      [{ symbol: "ETH-USD", timeframe: "1h", samples: 0 }, /samples/],
      [{ symbol: "ETH-USD", timeframe: "1h", stages: { debate: { rounds: 99 } } }, /stages/],
      [{ symbol: "ETH USD; drop", timeframe: "1h" }, /symbol/],
      [{ symbol: "ETH-USD", timeframe: "1h", models: {} }, /name the agent model, the graph model, or both/],
      [{ symbol: "ETH-USD", timeframe: "1h", models: { graph: "gpt 4o" } }, /models\.graph.*not a valid model name/],
      [{ symbol: "ETH-USD", timeframe: "1h", models: { judge: "gpt-4o" } }, /judge/],
      ["not json", /JSON/i],
    ];
    for (const [body, message] of cases) {
      const answer = await post("/api/watchlist", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expectPlainError(answer.body);
      expect(answer.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect((await get("/api/watchlist")).body).toEqual({ entries: [] });
  });

  it("answers 404 for an unknown id and 400 for a malformed one, on every route that takes an id", async () => {
    const routes: [string, (id: string) => Promise<{ status: number; body: any }>][] = [
      ["DELETE", (id) => remove(`/api/watchlist/${id}`)],
      ["pause", (id) => post(`/api/watchlist/${id}/pause`, {})],
      ["resume", (id) => post(`/api/watchlist/${id}/resume`, {})],
      ["record", (id) => get(`/api/watchlist/${id}/record`)],
    ];
    for (const [name, call] of routes) {
      const unknown = await call("no-such-entry");
      expect(unknown.status, name).toBe(404);
      expect(unknown.body.code, name).toBe("watch_entry_not_found");
      expect(unknown.body.error, name).toMatch(
        /^No watchlist entry "no-such-entry" \(the watchlist lists them; it may have been removed\)\.$/,
      );
      const malformed = await call("not%20an%20id");
      expect(malformed.status, name).toBe(400);
      expect(malformed.body.error, name).toMatch(/Invalid watchlist entry id/);
    }
    expect((await post("/api/watchlist/x/pause", { reason: "" })).status).toBe(400);
    expect((await post("/api/watchlist/x/resume", { reason: "no" })).status).toBe(400);
  });

  it("needs the token (401) and refuses a foreign Origin (403), changing nothing", async () => {
    const entry = (await post("/api/watchlist", { symbol: "SOL-USD", timeframe: "1d" })).body.entry;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/watchlist"],
      ["POST", "/api/watchlist", { symbol: "ADA-USD", timeframe: "1d" }],
      ["DELETE", `/api/watchlist/${entry.id}`],
      ["POST", `/api/watchlist/${entry.id}/pause`, {}],
      ["POST", `/api/watchlist/${entry.id}/resume`, {}],
      ["GET", `/api/watchlist/${entry.id}/record`],
    ];
    const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
      fetch(server.url + path, {
        method,
        headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const before = (await get("/api/watchlist")).body;
    for (const [method, path, body] of calls) {
      const anonymous = await send(method, path, body, {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      if (method === "GET") continue;
      const foreign = await send(method, path, body, { ...auth, Origin: "http://evil.example.com" });
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(((await foreign.json()) as { code: string }).code).toBe("forbidden_origin");
    }
    expect((await get("/api/watchlist")).body).toEqual(before);
    await remove(`/api/watchlist/${entry.id}`);
  });
});

describe("GET /api/watchlist/:id/record", () => {
  it("is empty, reading no market data, before the first decision", async () => {
    const entry = (await post("/api/watchlist", { symbol: "BTC-USD", timeframe: "1d" })).body.entry;
    const requests = yahoo.requests.length;
    const record = await get(`/api/watchlist/${entry.id}/record`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      entry: { id: entry.id },
      decisions: [],
      accuracy: { scored: 0, hits: 0, rate: null, ci_low: null, ci_high: null },
      backtest: null,
    });
    expect(yahoo.requests.length).toBe(requests);
    await remove(`/api/watchlist/${entry.id}`);
  });

  it("scores the decisions on the bars that followed and plays them as a backtest beside buy-and-hold", async () => {
    const entry = (await post("/api/watchlist", { symbol: "BTC-USD", timeframe: "1d" })).body.entry;
    const journal = await server.pipeline.journal.open();
    const windowBars = server.pipeline.config.window_bars;
    // Prices rise every bar: a LONG is a hit, a SHORT a miss. The last decision (the series' last bar) has no bar
    // after it yet: recorded, neither scored nor played.
    const directives = ["LONG", "LONG", "SHORT", "LONG", "SHORT"] as const;
    const bars = [windowBars + 10, windowBars + 11, windowBars + 12, windowBars + 13, 99];
    for (const [index, bar] of bars.entries())
      await journal.watchlist.recordDecision({
        entryId: entry.id,
        barTime: firstBar + bar * DAY,
        analysisId: `analysis-${index}`,
        directive: directives[index]!,
      });
    const record = await get(`/api/watchlist/${entry.id}/record`);
    expect(record.status).toBe(200);
    expect(record.body.decisions).toEqual(
      bars.map((bar, index) => ({
        time: new Date(firstBar + bar * DAY).toISOString(),
        directive: directives[index],
        analysis_id: `analysis-${index}`,
      })),
    );
    const interval = wilsonInterval(3, 4);
    expect(record.body.accuracy).toEqual({
      scored: 4,
      hits: 3,
      rate: 0.75,
      ci_low: interval.low,
      ci_high: interval.high,
    });
    expect(record.body.model).toBe(server.pipeline.config.graph_llm_model);
    const lines = record.body.backtest.lines as { name: string; kind: string; trades: number }[];
    expect(lines.map((line) => line.name)).toEqual(expect.arrayContaining([record.body.model, "buy_and_hold"]));
    expect(lines.find((line) => line.kind === "model")!.trades).toBeGreaterThan(0);
    expect(record.body.backtest.paired.map((test: { a: string; b: string }) => [test.a, test.b])).toContainEqual([
      record.body.model,
      "always_long",
    ]);
    expect(record.body.backtest.settings.series.end).toBe(new Date(dataEnd).toISOString());

    // An hour into bar 99: Yahoo answers it, but it has not closed, so the record reads up to bar 98.
    clock = dataEnd + 3_600_000;
    const earlier = await get(`/api/watchlist/${entry.id}/record`);
    clock = dataEnd + DAY + 3_600_000;
    expect(earlier.body.backtest.settings.series.end).toBe(new Date(dataEnd - DAY).toISOString());
    await remove(`/api/watchlist/${entry.id}`);
  });
});
