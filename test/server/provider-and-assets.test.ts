// HTTP tests of update-provider / get-provider, the asset endpoints (custom symbols surviving a restart), and the
// timeframe endpoints (lookback table, validate-date-range answers and bad input).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deleteJson, expectPlainError, getJson, postJson, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { now: () => new Date("2024-06-01T00:00:00Z") } });
});
afterAll(() => server.close());

describe("POST /api/update-provider", () => {
  it("switches both roles and replaces model names without the new prefix", async () => {
    expect((await getJson(server, "/api/get-provider")).body).toEqual({
      config: {
        agent_llm_model: "gpt-4o-mini",
        graph_llm_model: "gpt-4o",
        agent_llm_provider: "openai",
        graph_llm_provider: "openai",
      },
    });
    const result = await postJson(server, "/api/update-provider", { provider: "anthropic" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      success: true,
      message: expect.stringContaining("Anthropic"),
      config: {
        agent_llm_model: "claude-haiku-4-5-20251001",
        graph_llm_model: "claude-haiku-4-5-20251001",
        agent_llm_provider: "anthropic",
        graph_llm_provider: "anthropic",
      },
    });
    expect((await getJson(server, "/api/get-provider")).body.config.agent_llm_provider).toBe("anthropic");
    const qwen = await postJson(server, "/api/update-provider", { provider: "qwen" });
    expect(qwen.body.config).toMatchObject({ agent_llm_model: "qwen3-max", graph_llm_model: "qwen3-vl-plus" });
    await postJson(server, "/api/update-provider", { provider: "openai" });
  });

  it.each([
    ["a missing provider", {}],
    ["a provider outside the three", { provider: "gemini" }],
    ["a provider of the wrong type", { provider: ["openai"] }],
  ])("answers 400 for %s", async (_case, body) => {
    const result = await postJson(server, "/api/update-provider", body);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(/provider/);
  });
});

describe("assets", () => {
  it("lists the twelve built-in assets with code, name and ticker", async () => {
    const result = await getJson(server, "/api/assets");
    expect(result.status).toBe(200);
    expect(result.body.assets).toHaveLength(12);
    expect(result.body.assets[0]).toEqual({ code: "SPX", name: "S&P 500", ticker: "^GSPC", custom: false });
    expect(result.body.assets.map((asset: { code: string }) => asset.code)).toContain("DXY");
  });

  it("saves a custom symbol, shows it at once, and keeps it across a restart", async () => {
    const saved = await postJson(server, "/api/save-custom-asset", { symbol: "  ETH-USD " });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, symbol: "ETH-USD" });
    await postJson(server, "/api/save-custom-asset", { symbol: "^FTSE" });
    const again = await postJson(server, "/api/save-custom-asset", { symbol: "eth-usd" });
    expect(again.body).toEqual({ success: true, symbol: "ETH-USD" });
    expect((await getJson(server, "/api/custom-assets")).body).toEqual({ custom_assets: ["ETH-USD", "^FTSE"] });
    const assets = (await getJson(server, "/api/assets")).body.assets;
    expect(assets.slice(-2)).toEqual([
      { code: "ETH-USD", name: "ETH-USD", ticker: "ETH-USD", custom: true },
      { code: "^FTSE", name: "^FTSE", ticker: "^FTSE", custom: true },
    ]);

    // A new server process on the same data directory: same list.
    const restarted = await startTestServer({ dataDir: server.dataDir });
    try {
      expect((await getJson(restarted, "/api/custom-assets")).body).toEqual({ custom_assets: ["ETH-USD", "^FTSE"] });
    } finally {
      await restarted.close();
    }
  });

  it("removes a custom symbol with DELETE: gone from both lists at once and after a restart; a repeat is harmless", async () => {
    await postJson(server, "/api/save-custom-asset", { symbol: "SOL-USD" });
    await postJson(server, "/api/save-custom-asset", { symbol: "7203.T" });
    const removed = await deleteJson(server, "/api/custom-assets/sol-usd");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, symbol: "SOL-USD", removed: true });
    expect((await getJson(server, "/api/custom-assets")).body.custom_assets).not.toContain("SOL-USD");
    expect(
      (await getJson(server, "/api/assets")).body.assets.map((asset: { code: string }) => asset.code),
    ).not.toContain("SOL-USD");
    expect((await deleteJson(server, "/api/custom-assets/SOL-USD")).body).toEqual({
      success: true,
      symbol: "SOL-USD",
      removed: false,
    });
    // Symbols with ^ and = travel percent-encoded in the path.
    await postJson(server, "/api/save-custom-asset", { symbol: "GC=F" });
    expect((await deleteJson(server, `/api/custom-assets/${encodeURIComponent("GC=F")}`)).body.removed).toBe(true);
    const restarted = await startTestServer({ dataDir: server.dataDir });
    try {
      expect((await getJson(restarted, "/api/custom-assets")).body.custom_assets).toContain("7203.T");
      expect((await getJson(restarted, "/api/custom-assets")).body.custom_assets).not.toContain("SOL-USD");
    } finally {
      await restarted.close();
    }
  });

  it("refuses to DELETE a symbol that breaks the symbol rules (400), without touching the list", async () => {
    const before = (await getJson(server, "/api/custom-assets")).body.custom_assets;
    const result = await deleteJson(server, `/api/custom-assets/${encodeURIComponent("ETH USD<b>")}`);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect((await getJson(server, "/api/custom-assets")).body.custom_assets).toEqual(before);
  });

  it.each([
    ["a symbol with forbidden characters", { symbol: "ETH/USD<script>" }, /Invalid symbol/],
    ["an empty symbol", { symbol: "  " }, /must not be empty/],
    ["a symbol over 32 characters", { symbol: "A".repeat(33) }, /at most 32/],
    ["a built-in code with another ticker", { symbol: "spx" }, /built-in code of S&P 500/],
    ["a symbol that is not a string", { symbol: 5 }, /symbol must be a string/],
    ["a missing symbol", {}, /symbol/],
  ])("answers 400 {success: false, error} for %s", async (_case, body, message) => {
    const result = await postJson(server, "/api/save-custom-asset", body);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(message);
  });
});

describe("timeframes and date ranges", () => {
  it("answers the lookback table", async () => {
    const result = await getJson(server, "/api/timeframe-limits");
    expect(result.status).toBe(200);
    const maxDays = Object.fromEntries(
      result.body.timeframes.map((row: { timeframe: string; max_days: number }) => [row.timeframe, row.max_days]),
    );
    expect(maxDays).toEqual({
      "1m": 7,
      "5m": 60,
      "15m": 60,
      "30m": 60,
      "1h": 730,
      "4h": 730,
      "1d": 3650,
      "1w": 7300,
      "1mo": 10950,
    });
    expect(result.body.timeframes[5]).toMatchObject({ timeframe: "4h", interval: "1h", aggregated: true });
  });

  it("answers {valid: true, days} for a range within the limit", async () => {
    const result = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start: "2024-05-25T00:00:00Z",
      end: "2024-06-01T00:00:00Z",
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ valid: true, days: 7 });
  });

  it("answers 200 {valid: false, error, max_days, current_days} for a range that is too long, reversed or in the future", async () => {
    const tooLong = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start: "2024-05-01",
      end: "2024-05-31",
    });
    expect(tooLong.status).toBe(200);
    expect(tooLong.body).toEqual({
      valid: false,
      error: "Date range too long for 1m: 30 days requested, at most 7 days allowed.",
      max_days: 7,
      current_days: 30,
    });
    const reversed = await postJson(server, "/api/validate-date-range", {
      timeframe: "1h",
      start: "2024-05-31",
      end: "2024-05-01",
    });
    expect(reversed.body).toMatchObject({ valid: false, error: expect.stringMatching(/start must be before the end/) });
  });

  it.each([
    ["a date that cannot be read", { timeframe: "1h", start: "yesterday", end: "2024-05-31" }, /Invalid start date/],
    ["an impossible date", { timeframe: "1h", start: "2024-02-30", end: "2024-05-31" }, /Invalid start date/],
    ["an unknown timeframe", { timeframe: "2h", start: "2024-05-01", end: "2024-05-31" }, /Unknown timeframe "2h"/],
    ["a missing end", { timeframe: "1h", start: "2024-05-01" }, /end/],
    ["a date of the wrong type", { timeframe: "1h", start: true, end: "2024-05-31" }, /start: must be a date/],
  ])("answers 400 for %s", async (_case, body, message) => {
    const result = await postJson(server, "/api/validate-date-range", body);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(message);
  });
});
