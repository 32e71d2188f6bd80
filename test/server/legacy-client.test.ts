// Contract tests for the replaced system's web page and scripts written against its API: the bodies it sends come in
// unchanged, and every field its scripts read comes out. Live data comes from a fake Yahoo market (an injected
// fetch), models from the fake provider through the real SDK.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import {
  legacyRedirectAnswer,
  LINK_BUDGET_CHARACTERS,
  quoteLikePython,
  SHORTENED_MARK,
} from "../../server/legacy-redirect";
import { type ChartRenderer, createChartRenderer } from "../../src/index";
import {
  defaultFakeHandler,
  type FakeProviderServer,
  fakeReply,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import {
  dateInput,
  LEGACY_READS,
  legacyAnalyzeBody,
  legacySaveCustomAssetBody,
  legacyUpdateApiKeyBody,
  legacyUpdateProviderBody,
  OUTPUT_PAGE_DECISION_READS,
  OUTPUT_PAGE_READS,
} from "./legacy-client-fixtures";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl, indicator_mode: "tool-call" },
    renderer,
    fetch: fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" }).fetch,
    app: { now: () => new Date() },
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await server.close();
  await renderer.close();
  await fake.close();
});

/** The `results` JSON of a redirect, read as the old output page read it (the parameter, then JSON). */
function linkedResults(redirect: string): Record<string, any> {
  // This server signs its links (test/server/output-links.test.ts); legacyRedirectAnswer alone does not.
  expect(redirect).toMatch(/^\/output\?results=[^&]+(&signature=[0-9a-f]{64})?$/);
  return JSON.parse(new URLSearchParams(redirect.slice("/output?".length)).get("results") ?? "");
}

describe("POST /api/analyze as the old page sends it", () => {
  it("answers {success, redirect, full_results}: a short link without charts, the whole result beside it", async () => {
    const answer = await postJson(
      server,
      "/api/analyze",
      legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    for (const field of LEGACY_READS.analyze) expect(answer.body).toHaveProperty(field);

    const full = answer.body.full_results;
    for (const field of OUTPUT_PAGE_READS) expect(full).toHaveProperty(field);
    for (const field of ["pattern_chart", "trend_chart"])
      expect(Buffer.from(full[field], "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(full).toMatchObject({ asset_name: "Bitcoin", timeframe: "4h", data_length: 45 });

    const linked = linkedResults(answer.body.redirect);
    expect(Object.keys(linked)).toEqual([
      "success",
      "asset_name",
      "timeframe",
      "data_length",
      "technical_indicators",
      "pattern_analysis",
      "trend_analysis",
      "pattern_chart",
      "trend_chart",
      "final_decision",
      "window",
    ]);
    expect(linked).toMatchObject({
      success: true,
      pattern_chart: "",
      trend_chart: "",
      asset_name: "Bitcoin",
      timeframe: "4h",
      data_length: 45,
    });
    for (const field of ["technical_indicators", "pattern_analysis", "trend_analysis", "final_decision", "window"])
      expect(linked[field]).toEqual(full[field]);
    for (const field of OUTPUT_PAGE_DECISION_READS) expect(linked.final_decision).toHaveProperty(field);
    expect(answer.body.redirect.length).toBeLessThanOrEqual(LINK_BUDGET_CHARACTERS);

    // The page then opens the link: this server serves it.
    const page = await fetch(server.url + answer.body.redirect);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("accepts use_current_time: true and answers the result itself without redirect_to_output", async () => {
    const body = {
      ...legacyAnalyzeBody({ asset: "BTC", timeframe: "1d", days: 30, useCurrentTime: true }),
      redirect_to_output: false,
    };
    const answer = await postJson(server, "/api/analyze", body);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty("redirect");
    expect(answer.body).toMatchObject({ asset: "BTC", timeframe: "1d", data_length: 45 });
    // 30 days hold about 22 daily bars: the window reached back before the requested start, and says so.
    expect(answer.body.window.requested_start).toBe(`${body.start_date}T00:00:00.000Z`);
  });

  it("keeps the link well under Node's 16 KB header limit when the reports are long: texts shortened in the link only", async () => {
    const long = (topic: string) =>
      Array.from(
        { length: 60 },
        (_, index) =>
          `**${topic} ${index}:** the price, at "level" ${index}, held; momentum (RSI/MACD) agrees & fades.\n`,
      ).join("");
    fake.setHandler((request) => {
      if (request.summary.imageCount > 0)
        return fakeReply.text(long(/classic patterns/.test(request.summary.lastUserText) ? "Pattern" : "Trend"));
      if (request.summary.trailingToolResults > 0) return fakeReply.text(long("Indicator"));
      return defaultFakeHandler(request);
    });
    const answer = await postJson(
      server,
      "/api/analyze",
      legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }),
    );
    expect(answer.status).toBe(200);
    const full = answer.body.full_results;
    expect(full.technical_indicators.length).toBeGreaterThan(5000);

    const redirect: string = answer.body.redirect;
    expect(redirect.length).toBeLessThanOrEqual(LINK_BUDGET_CHARACTERS);
    const linked = linkedResults(redirect);
    for (const field of ["technical_indicators", "pattern_analysis", "trend_analysis"]) {
      expect(linked[field].endsWith(SHORTENED_MARK)).toBe(true);
      expect(full[field].startsWith(linked[field].slice(0, -SHORTENED_MARK.length))).toBe(true);
      expect(linked[field].length).toBeGreaterThan(200); // shortened, not emptied
    }
    expect(linked.final_decision).toEqual(full.final_decision); // short texts stay whole
    expect((await fetch(server.url + redirect)).status).toBe(200);

    // Why: the same link with the texts whole is more than Node accepts in a request line.
    const whole = `/output?results=${quoteLikePython(JSON.stringify({ ...linked, technical_indicators: full.technical_indicators, pattern_analysis: full.pattern_analysis, trend_analysis: full.trend_analysis }))}`;
    expect(whole.length).toBeGreaterThan(16 * 1024);
    expect((await fetch(server.url + whole)).status).toBe(431);
  });

  it.each([
    [
      "a data source other than live",
      { data_source: "local" },
      /data_source: only "live" \(Yahoo Finance\) is supported/,
    ],
    ["no data source value the old server knew", { data_source: "csv" }, /send \{csv, timeframe\} instead/],
    [
      "redirect_to_output that is not a flag",
      { redirect_to_output: "yes" },
      /redirect_to_output: must be true or false/,
    ],
    ["an unknown timeframe", { timeframe: "2h" }, /timeframe: must be one of the timeframes/],
  ])("answers 400 {success: false, error} for %s, before any model call", async (_case, change, message) => {
    const answer = await postJson(server, "/api/analyze", {
      ...legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }),
      ...change,
    });
    expect(answer.status).toBe(400);
    expectPlainError(answer.body);
    for (const field of LEGACY_READS.analyzeError) expect(answer.body).toHaveProperty(field);
    expect(answer.body.error).toMatch(message);
    expect(fake.requestCount()).toBe(0);
  });
});

describe("the old page's other calls", () => {
  it("switching providers and saving a key answer success: true; a bad one success: false with an error", async () => {
    const switched = await postJson(server, "/api/update-provider", legacyUpdateProviderBody("anthropic"));
    expect(switched.status).toBe(200);
    expect(switched.body.success).toBe(true);
    const back = await postJson(server, "/api/update-provider", legacyUpdateProviderBody("openai"));
    expect(back.body.success).toBe(true);
    const refused = await postJson(server, "/api/update-provider", legacyUpdateProviderBody("mistral"));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: expect.any(String) });

    const saved = await postJson(server, "/api/update-api-key", legacyUpdateApiKeyBody(TEST_KEY, "openai"));
    expect(saved.body.success).toBe(true);
    const empty = await postJson(server, "/api/update-api-key", legacyUpdateApiKeyBody("", "openai"));
    expect(empty.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it("reads the key status, saves a custom asset and lists it", async () => {
    const status = await getJson(server, "/api/get-api-key-status?provider=openai");
    for (const field of LEGACY_READS.apiKeyStatus) expect(status.body).toHaveProperty(field);
    expect(status.body.has_key).toBe(true);
    const saved = await postJson(server, "/api/save-custom-asset", legacySaveCustomAssetBody("ETH-USD"));
    expect(saved.body.success).toBe(true);
    const listed = await getJson(server, "/api/custom-assets");
    expect(listed.body.custom_assets).toContain("ETH-USD");
  });
});

describe("scripts written against the old API", () => {
  it("GET /api/timeframe-limits/<timeframe> answers {max_days, description}", async () => {
    expect((await getJson(server, "/api/timeframe-limits/4h")).body).toEqual({
      max_days: 730,
      description: "4-hour bars: at most 730 days per request",
    });
    expect((await getJson(server, "/api/timeframe-limits/1d")).body).toEqual({
      max_days: 3650,
      description: "1-day bars: at most 3650 days per request",
    });
    expect((await getJson(server, "/api/timeframe-limits/1mo")).body.max_days).toBe(10950);
    const unknown = await getJson(server, "/api/timeframe-limits/2h");
    expect(unknown.status).toBe(400);
    expectPlainError(unknown.body);
    expect(unknown.body.error).toMatch(/must be one of the timeframes/);
  });

  it("POST /api/validate-date-range takes {timeframe, start_date, start_time, end_date, end_time} as well as {timeframe, start, end}", async () => {
    const legacy = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start_date: "2024-05-25",
      start_time: "00:00",
      end_date: "2024-06-01",
      end_time: "00:00",
    });
    const modern = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start: "2024-05-25T00:00:00Z",
      end: "2024-06-01T00:00:00Z",
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual({ valid: true, days: 7 });
    expect(legacy.body).toEqual(modern.body);
    const tooLong = await postJson(server, "/api/validate-date-range", {
      timeframe: "1m",
      start_date: "2024-05-01",
      start_time: "00:00",
      end_date: "2024-05-31",
      end_time: "12:00",
    });
    expect(tooLong.body).toMatchObject({ valid: false, max_days: 7, current_days: 31 });
    const now = await postJson(server, "/api/validate-date-range", {
      timeframe: "1h",
      start_date: dateInput(Date.now() - 5 * 86_400_000),
      start_time: "00:00",
      use_current_time: true,
    });
    expect(now.body).toMatchObject({ valid: true });
    const unreadable = await postJson(server, "/api/validate-date-range", {
      timeframe: "1h",
      start_date: "05/01/2024",
      start_time: "00:00",
      end_date: "2024-05-31",
      end_time: "00:00",
    });
    expect(unreadable.status).toBe(400);
    expectPlainError(unreadable.body);
    expect(unreadable.body.error).toMatch(/start_date: must be a date written YYYY-MM-DD/);
  });
});

describe("quoteLikePython and the link's budget", () => {
  it("percent-encodes as urllib.parse.quote does by default", () => {
    // quote("a b/c!*'()~_.-é") in Python 3 gives this.
    expect(quoteLikePython("a b/c!*'()~_.-é")).toBe("a%20b/c%21%2A%27%28%29~_.-%C3%A9");
  });

  it("removes secrets from the link's text before encoding it", () => {
    const secret = "sk-ab+cd=ef/gh+ij=kl";
    const result = {
      asset_name: "X",
      timeframe: "1h",
      data_length: 45,
      technical_indicators: `key ${secret}`,
      pattern_analysis: "",
      trend_analysis: "",
      final_decision: { forecast_horizon: "", decision: "LONG", justification: "", risk_reward_ratio: 1.5 },
      window: { start: "", end: "" },
    };
    const answer = legacyRedirectAnswer(result as never, { redact: (text) => text.split(secret).join("[redacted]") });
    expect(linkedResults(answer.redirect).technical_indicators).toBe("key [redacted]");
  });
});
