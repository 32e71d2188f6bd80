// Windows that fill themselves: a requested range holding fewer bars than the window reaches back before its start,
// with one Yahoo fetch (through an injected fetch), within the timeframe's lookback, and the result says so. Driven
// through the whole pipeline against the fake provider, so the window the agents saw is the one checked.
import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { maxLookbackDays } from "../../src/market/timeframes";
import { NotEnoughDataError } from "../../src/pipeline/load-candles";
import { createPipeline } from "../../src/pipeline/pipeline";
import { toWireResult } from "../../src/wire/analysis-result";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { fakeYahooMarket, type FakeYahooMarketOptions } from "../support/fake-yahoo-market";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness({ name: "window-fill" }, (started) => ({ server, renderer } = started));

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 20, 12); // a Friday in June (New York on summer time)
const END = "2025-06-20T00:00:00.000Z";

function pipelineOn(market: FakeYahooMarketOptions, overrides: Record<string, unknown> = {}) {
  const yahoo = fakeYahooMarket(market);
  const pipeline = createPipeline(
    {
      api_key: TEST_KEY,
      openai_base_url: server.openaiBaseUrl,
      data_dir: dataDir,
      // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
      indicator_mode: "tool-call",
      ...overrides,
    },
    { env: {}, renderer, fetch: yahoo.fetch, now: () => new Date(NOW) },
  );
  return { pipeline, yahoo };
}

const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * DAY).toISOString();

describe("a 30-day range at long timeframes", () => {
  it.each([
    ["1d", "1d"],
    ["1w", "1wk"],
    ["1mo", "1mo"],
  ] as const)(
    "%s: fills the 45-bar window from before the requested start, in one fetch, and says so",
    async (timeframe, interval) => {
      const { pipeline, yahoo } = pipelineOn({ symbol: "^GSPC", market: "equity" });
      const start = daysBefore(END, 30);
      const result = await pipeline.analyze({ asset: "SPX", timeframe, start, end: END });

      expect(result.barCount).toBe(45);
      expect(result.candles).toHaveLength(45);
      expect(result.window.requestedStart).toBe(start);
      expect(Date.parse(result.window.start)).toBeLessThan(Date.parse(start));
      expect(result.window.start).toBe(new Date(result.candles[0]!.time).toISOString());
      expect(Date.parse(result.window.end)).toBeLessThan(Date.parse(END));
      expect(toWireResult(result).window).toEqual({
        start: result.window.start,
        end: result.window.end,
        requested_start: start,
      });

      // One fetch, moved back, and never further than the timeframe's lookback.
      expect(yahoo.requests).toHaveLength(1);
      const request = yahoo.requests[0]!;
      expect(request).toMatchObject({ interval, period2: Date.parse(END) });
      expect(request.period1).toBeLessThan(Date.parse(start));
      expect(Date.parse(END) - request.period1).toBeLessThanOrEqual(maxLookbackDays(timeframe) * DAY);
      // The agents saw the filled window: the indicator request carries 45 bars.
      const indicator = server.requests.find((sent) => sent.summary.toolNames.includes("compute_rsi"));
      expect(
        indicator?.summary.lastUserText.split("\n").filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line)),
      ).toHaveLength(45);
    },
  );
});

describe("intraday ranges", () => {
  it("4h of a US equity from a 3-day range reaches back over weekends (2 bars a session) to fill the window", async () => {
    const { pipeline, yahoo } = pipelineOn({ symbol: "AAPL", market: "equity" });
    const start = "2025-06-17T00:00:00.000Z";
    const result = await pipeline.analyze({ symbol: "AAPL", timeframe: "4h", start, end: END });
    expect(result.barCount).toBe(45);
    expect(result.window.requestedStart).toBe(start);
    // 45 bars at 2 a session are 23 sessions: more than four calendar weeks before the end.
    expect(Date.parse(END) - Date.parse(result.window.start)).toBeGreaterThan(28 * DAY);
    expect(yahoo.requests).toHaveLength(1);
    expect(yahoo.requests[0]!.interval).toBe("1h");
  });

  it("leaves a range that already holds the window as it is: no requested start, the fetch starts where asked", async () => {
    const { pipeline, yahoo } = pipelineOn({ symbol: "BTC-USD", market: "crypto" });
    const start = daysBefore(END, 20); // 480 hourly bars, and longer than the 14 days 45 equity bars could need
    const result = await pipeline.analyze({ symbol: "BTC-USD", timeframe: "1h", start, end: END });
    expect(result.barCount).toBe(45);
    expect(result.window.requestedStart).toBeUndefined();
    expect(toWireResult(result).window).not.toHaveProperty("requested_start");
    expect(Date.parse(result.window.start)).toBeGreaterThanOrEqual(Date.parse(start));
    expect(yahoo.requests[0]!.period1).toBe(Date.parse(start));
  });

  it("says nothing when the fetch reached back but the requested range held the window anyway (a 24-hour market)", async () => {
    const { pipeline, yahoo } = pipelineOn({ symbol: "BTC-USD", market: "crypto" });
    const start = daysBefore(END, 10); // 240 hourly bars of crypto; an equity would have had 70
    const result = await pipeline.analyze({ symbol: "BTC-USD", timeframe: "1h", start, end: END });
    expect(yahoo.requests[0]!.period1).toBe(Date.parse(daysBefore(END, 14))); // planned for the shortest sessions
    expect(result.window.requestedStart).toBeUndefined();
    expect(Date.parse(result.window.start)).toBeGreaterThanOrEqual(Date.parse(start));
  });
});

describe("not enough data even after reaching back", () => {
  it("fails with the bar count when the extended range holds fewer than 35 bars (a new listing), before any model call", async () => {
    const { pipeline, yahoo } = pipelineOn({
      symbol: "NEWCO",
      market: "equity",
      listedFrom: Date.parse(daysBefore(END, 28)),
    });
    const error = await pipeline
      .analyze({ symbol: "NEWCO", timeframe: "1d", start: daysBefore(END, 7), end: END })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotEnoughDataError);
    expect((error as Error).message).toBe(
      "Not enough data: 20 bars, at least 35 needed. Choose a longer date range or a shorter timeframe.",
    );
    expect(yahoo.requests).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });

  it("analyses what there is when the extended range holds at least 35 bars, and still says it reached back", async () => {
    const { pipeline } = pipelineOn({ symbol: "NEWCO", market: "equity", listedFrom: Date.parse(daysBefore(END, 56)) });
    const start = daysBefore(END, 7);
    const result = await pipeline.analyze({ symbol: "NEWCO", timeframe: "1d", start, end: END });
    expect(result.barCount).toBe(40); // 8 weeks of weekdays
    expect(result.window.requestedStart).toBe(start);
  });

  it("follows window_bars: a longer window reaches further back", async () => {
    const { pipeline, yahoo } = pipelineOn({ symbol: "^GSPC", market: "equity" }, { window_bars: 120 });
    const start = daysBefore(END, 30);
    const result = await pipeline.analyze({ asset: "SPX", timeframe: "1d", start, end: END });
    expect(result.barCount).toBe(120);
    expect(result.window.requestedStart).toBe(start);
    expect(yahoo.requests).toHaveLength(1);
  });
});
