// Exchange symbols (binance:BTC/USDT) through the whole library: an analysis reads its window from the exchange (a
// fake Binance behind the injected fetch, the real ccxt, the fake provider), a backtest walks a series longer than
// Yahoo would give at 1h, and an unknown exchange or market is an input error before the provider is asked anything.
import { describe, expect, it } from "vitest";

import { runBacktest } from "../../src/backtest/index";
import type { ChartRenderer } from "../../src/charts/png-renderer";
import { DateRangeError } from "../../src/market/date-range";
import { ExchangeDataError } from "../../src/market/exchange-data-error";
import { createPipeline } from "../../src/pipeline/pipeline";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { fakeBinance } from "../support/fake-exchange";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness({ name: "exchange-analysis" }, (started) => ({ server, renderer } = started));

const HOUR = 3_600_000;
const NOW = Date.UTC(2025, 5, 20, 12);

function pipelineOn(exchange: ReturnType<typeof fakeBinance>) {
  return createPipeline(
    { api_key: TEST_KEY, openai_base_url: server.openaiBaseUrl, data_dir: dataDir, journal: false, max_retries: 0 },
    { env: {}, renderer, fetch: exchange.fetch, now: () => new Date(NOW) },
  );
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("an analysis of an exchange symbol", () => {
  it("reads its 45-bar window from the exchange, named by the symbol", async () => {
    const exchange = fakeBinance();
    const pipeline = pipelineOn(exchange);
    const end = "2025-06-20T00:00:00.000Z";
    const result = await pipeline.analyze({
      symbol: "binance:btc/usdt",
      timeframe: "1h",
      start: "2025-06-18T00:00:00Z",
      end,
    });
    expect(result.asset).toBe("binance:BTC/USDT");
    expect(result.barCount).toBe(45);
    expect(result.candles.at(-1)!.time).toBe(Date.parse(end) - HOUR);
    expect(result.candles.map((candle) => candle.time)).toEqual(
      Array.from({ length: 45 }, (_, index) => Date.parse(end) - (45 - index) * HOUR),
    );
    expect(exchange.klines().length).toBeGreaterThan(0);
    expect(server.requestCount()).toBeGreaterThan(0);
    await pipeline.close();
  });

  it.each([
    ["nosuchexchange:BTC/USDT", "unknown_exchange", 0],
    ["binance:DOGE/USDT", "unknown_symbol", 3],
  ])("%s: %s, an input error before any bar or model call", async (symbol, reason, requests) => {
    const exchange = fakeBinance();
    const pipeline = pipelineOn(exchange);
    const error = await failure(() =>
      pipeline.analyze({ symbol, timeframe: "1h", start: "2025-06-18T00:00:00Z", end: "2025-06-20T00:00:00Z" }),
    );
    expect(error).toBeInstanceOf(ExchangeDataError);
    expect(error).toMatchObject({ reason, kind: "input" });
    expect(exchange.requests).toHaveLength(requests); // the markets, never a bar
    expect(server.requestCount()).toBe(0);
    await pipeline.close();
  });
});

describe("exchange history", () => {
  it("reaches back further than Yahoo's 730 days at 1h: 1,000 days in 24 pages, without gap or repeat", async () => {
    const exchange = fakeBinance();
    const pipeline = pipelineOn(exchange);
    const request = { timeframe: "1h", start: "2022-09-23T00:00:00Z", end: "2025-06-19T00:00:00Z" } as const;
    const loaded = await pipeline.fetchCandles({ symbol: "binance:BTC/USDT", ...request });
    const times = loaded.candles.map((candle) => candle.time);
    expect(times).toHaveLength(24_000);
    expect(times.every((time, index) => index === 0 || time - times[index - 1]! === HOUR)).toBe(true);
    expect(exchange.klines()).toHaveLength(24);
    // The same range of a Yahoo ticker is refused, as before.
    expect(await failure(() => pipeline.fetchCandles({ symbol: "BTC-USD", ...request }))).toBeInstanceOf(
      DateRangeError,
    );
    await pipeline.close();
  });

  it("a backtest walks an exchange symbol's series", async () => {
    const exchange = fakeBinance();
    const result = await runBacktest({
      series: { symbol: "binance:ETH/USDT", timeframe: "4h", start: "2025-03-01", end: "2025-03-31" },
      includeModel: false,
      config: { data_dir: dataDir, journal: false },
      dependencies: { env: {}, fetch: exchange.fetch },
    });
    expect(result.settings.series).toMatchObject({ name: "binance:ETH/USDT", timeframe: "4h" });
    // March's 180 bars, and the reach back before its start that fills the first window (as for a Yahoo symbol).
    expect(result.settings.series.bars).toBeGreaterThanOrEqual(180);
    expect(result.decisions.length).toBeGreaterThan(0);
    expect(exchange.klines().every((request) => request.params.get("symbol") === "ETHUSDT")).toBe(true);
  });
});
