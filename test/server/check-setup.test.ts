// POST /api/check-setup, the Settings panel's Check: what `quantagent doctor` checks, with the server's configuration
// as it stands (a key or a model set in Settings counts at once): each row ok, missing, unreachable or skipped, one
// request per model capability, the key never in the answer; bad bodies refused with 400 before anything is sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { expectPlainError, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.openaiBaseUrl, OPENAI_API_KEY: TEST_KEY } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

interface Row {
  check: string;
  role?: string;
  status: string;
  latency_ms: number;
  tokens: number;
  detail?: string;
}

const check = async (body: unknown = { market_data: "local" }) => {
  const answer = await postJson(server, "/api/check-setup", body);
  return answer as { status: number; body: { healthy: boolean; rows: Row[] } };
};

describe("POST /api/check-setup", () => {
  it("checks every need of the configuration with one small request each: healthy against the fake", async () => {
    const answer = await check();
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((row) => [row.check, row.role ?? null, row.status])).toEqual([
      ["node", null, "ok"],
      ["data_dir", null, "ok"],
      ["chromium", null, "ok"],
      ["yahoo", null, "skipped"],
      ["text", "graph", "ok"],
      ["json", "graph", "ok"],
      ["images", "graph", "ok"],
    ]);
    expect(answer.body.healthy).toBe(true);
    expect(fake.requestCount()).toBe(3);
    expect(answer.body.rows.find((row) => row.check === "text")!.tokens).toBeGreaterThan(0);
    expect(JSON.stringify(answer.body)).not.toContain(TEST_KEY);
  });

  it("says which capability the model lacks, and is not healthy", async () => {
    fake.setLacks(["images"]);
    try {
      const answer = await check();
      expect(answer.status).toBe(200);
      expect(answer.body.healthy).toBe(false);
      const failing = answer.body.rows.filter((row) => row.status !== "ok" && row.status !== "skipped");
      expect(failing.map((row) => [row.check, row.status])).toEqual([["images", "missing"]]);
    } finally {
      fake.setLacks([]);
    }
  });

  it("uses the model set in Settings at once", async () => {
    expect((await postJson(server, "/api/update-models", { graph_model: "llava" })).status).toBe(200);
    try {
      await check();
      expect(fake.requests.map((request) => request.summary.model)).toEqual(["llava", "llava", "llava"]);
    } finally {
      await postJson(server, "/api/update-models", { graph_model: "gpt-4o" });
    }
  });

  it.each([
    [{ market_data: "s3" }, /market_data: must be "yahoo" or "local"/],
    [{ provider: "openai" }, /unknown field: provider/],
  ])("refuses %j with 400 in plain words, sending nothing", async (body, message) => {
    const answer = await check(body);
    expect(answer.status).toBe(400);
    expectPlainError(answer.body);
    expect((answer.body as unknown as { error: string }).error).toMatch(message);
    expect(fake.requestCount()).toBe(0);
  });

  it("asks Yahoo through the server's own data source, and says when it answers nothing", async () => {
    const market = fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" });
    const withMarket = await startTestServer({
      env: { OPENAI_BASE_URL: fake.openaiBaseUrl, OPENAI_API_KEY: TEST_KEY },
      fetch: market.fetch,
    });
    const down = await startTestServer({
      env: { OPENAI_BASE_URL: fake.openaiBaseUrl, OPENAI_API_KEY: TEST_KEY },
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    try {
      const ok = (await postJson(withMarket, "/api/check-setup", {})) as { body: { healthy: boolean; rows: Row[] } };
      const yahoo = ok.body.rows.find((row) => row.check === "yahoo")!;
      expect(yahoo.status).toBe("ok");
      expect(yahoo.detail).toMatch(/^BTC-USD: [1-9]\d* daily bars in the last 5 days$/);
      expect(ok.body.healthy).toBe(true);
      const failed = (await postJson(down, "/api/check-setup", {})) as { body: { healthy: boolean; rows: Row[] } };
      expect(failed.body.rows.find((row) => row.check === "yahoo")).toMatchObject({ status: "unreachable" });
      expect(failed.body.healthy).toBe(false);
    } finally {
      await withMarket.close();
      await down.close();
    }
  });
});
