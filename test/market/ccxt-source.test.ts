// The crypto-exchange source through the real ccxt and a fake Binance (an injected fetch answering Binance-shaped
// JSON, test/support/fake-exchange.ts): a range longer than one page is joined without a gap or a repeat, only the
// asked range is kept, requests to one exchange keep its rate limit (ccxt's `rateLimit`, 50 ms for Binance), and an
// unknown exchange, market or spelling is an input error before any bar is asked for.
import { describe, expect, it } from "vitest";

import { fetchExchangeCandles, type FetchExchangeCandlesOptions } from "../../src/market/ccxt-source";
import { ExchangeDataError } from "../../src/market/exchange-data-error";
import { isExchangeSymbol, marketSymbolSchema, parseExchangeSymbol } from "../../src/market/exchange-symbol";
import { fakeBinance } from "../support/fake-exchange";

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);

async function failure(options: FetchExchangeCandlesOptions): Promise<ExchangeDataError> {
  try {
    await fetchExchangeCandles(options);
  } catch (error) {
    if (error instanceof ExchangeDataError) return error;
    throw error;
  }
  throw new Error("expected fetchExchangeCandles to fail");
}

function expectContinuous(times: number[], from: number, count: number, barMs = HOUR) {
  expect(times).toHaveLength(count);
  expect(times).toEqual(Array.from({ length: count }, (_, index) => from + index * barMs));
}

describe("fetchExchangeCandles: paging", () => {
  it("joins a range of 2,500 hourly bars from three pages of at most 1,000, each starting after the last bar", async () => {
    const exchange = fakeBinance();
    const end = START + 2_500 * HOUR;
    const result = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end,
      fetch: exchange.fetch,
    });
    expectContinuous(
      result.candles.map((candle) => candle.time),
      START,
      2_500,
    );
    expect(result).toMatchObject({ symbol: "binance:BTC/USDT", exchange: "binance", timeframe: "1h", pages: 3 });
    const pages = exchange.klines();
    expect(pages.map((page) => Number(page.params.get("startTime")))).toEqual([
      START,
      START + 999 * HOUR + 1,
      START + 1_999 * HOUR + 1,
    ]);
    expect(pages.every((page) => page.params.get("symbol") === "BTCUSDT" && page.params.get("limit") === "1000")).toBe(
      true,
    );
    expect(pages.every((page) => Number(page.params.get("endTime")) === end - 1)).toBe(true);
    expect(result.candles[0]).toEqual({
      time: START,
      open: expect.any(Number),
      high: expect.any(Number),
      low: expect.any(Number),
      close: expect.any(Number),
      volume: 12.5,
    });
  });

  it("one page when the range fits in it (1,000 bars exactly), and a bar at the end instant is not kept", async () => {
    const exchange = fakeBinance();
    const result = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + 1_000 * HOUR,
      fetch: exchange.fetch,
    });
    expectContinuous(
      result.candles.map((candle) => candle.time),
      START,
      1_000,
    );
    expect(result.pages).toBe(1);
    // 1,001 bars: one more page, for the one more bar.
    const longer = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + 1_001 * HOUR,
      fetch: fakeBinance().fetch,
    });
    expect(longer.candles).toHaveLength(1_001);
    expect(longer.pages).toBe(2);
  });

  it("keeps each bar once when pages overlap, and goes on after short pages", async () => {
    const overlapping = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "4h",
      start: START,
      end: START + 600 * 4 * HOUR,
      fetch: fakeBinance({ overlap: true, pageLimit: 250 }).fetch,
    });
    expectContinuous(
      overlapping.candles.map((candle) => candle.time),
      START,
      600,
      4 * HOUR,
    );
    const short = fakeBinance({ shortPages: 7 });
    const fromShort = await fetchExchangeCandles({
      symbol: "binance:ETH/USDT",
      timeframe: "1d",
      start: START,
      end: START + 30 * 24 * HOUR,
      fetch: short.fetch,
    });
    expectContinuous(
      fromShort.candles.map((candle) => candle.time),
      START,
      30,
      24 * HOUR,
    );
    expect(short.klines()).toHaveLength(5); // 7 + 7 + 7 + 7 + 2
  });

  it("a start between bars keeps only the bars opening in the range; a listing cuts it short", async () => {
    const result = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START + 30 * 60_000,
      end: START + 10 * HOUR,
      fetch: fakeBinance().fetch,
    });
    expectContinuous(
      result.candles.map((candle) => candle.time),
      START + HOUR,
      9,
    );
    const listed = await fetchExchangeCandles({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + 48 * HOUR,
      fetch: fakeBinance({ listedFrom: START + 40 * HOUR }).fetch,
    });
    expectContinuous(
      listed.candles.map((candle) => candle.time),
      START + 40 * HOUR,
      8,
    );
  });

  it("a range with no bar is no_data (a data error), after one page", async () => {
    const exchange = fakeBinance({ until: START });
    const error = await failure({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + 5 * HOUR,
      fetch: exchange.fetch,
    });
    expect(error).toMatchObject({ reason: "no_data", kind: "data", code: "no_data" });
    expect(error.message).toContain("binance:BTC/USDT");
    expect(exchange.klines()).toHaveLength(1);
  });
});

describe("fetchExchangeCandles: the exchange's rate limit", () => {
  it("spaces requests to one exchange by its rateLimit, across concurrent fetches", async () => {
    const exchange = fakeBinance();
    const range = { timeframe: "1h", start: START, end: START + 2_100 * HOUR, fetch: exchange.fetch } as const;
    await Promise.all([
      fetchExchangeCandles({ symbol: "binance:BTC/USDT", ...range }),
      fetchExchangeCandles({ symbol: "binance:ETH/USDT", ...range }),
    ]);
    const times = exchange.requests.map((request) => request.at).sort((left, right) => left - right);
    expect(exchange.klines()).toHaveLength(6);
    // Binance's rateLimit in ccxt is 50 ms, kept by a token bucket: a request held up by a busy event loop can let
    // the next one follow it closer (one gap measured 45 ms under load), but the requests as a whole are spaced: at
    // most one interval's worth is ever caught up. Unthrottled, they would all start within a few milliseconds.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 2) * 50);
  });

  it("a throttled answer (429) is a retryable rate_limit data error", async () => {
    const error = await failure({
      symbol: "binance:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + 5 * HOUR,
      fetch: fakeBinance({ klinesStatus: 429 }).fetch,
    });
    expect(error).toMatchObject({ reason: "rate_limit", kind: "data" });
    expect(error.isRetryable).toBe(true);
  });
});

describe("fetchExchangeCandles: input errors before any bar", () => {
  it("an exchange ccxt does not know: unknown_exchange, an input error, and no request at all", async () => {
    const exchange = fakeBinance();
    const error = await failure({
      symbol: "binanse:BTC/USDT",
      timeframe: "1h",
      start: START,
      end: START + HOUR,
      fetch: exchange.fetch,
    });
    expect(error).toMatchObject({ reason: "unknown_exchange", kind: "input" });
    expect(error.message).toContain('Unknown exchange "binanse"');
    expect(error.message).toContain("binance"); // the close ids
    expect(exchange.requests).toHaveLength(0);
  });

  it("a market the exchange does not list: unknown_symbol, an input error, with no klines request", async () => {
    const exchange = fakeBinance({ markets: ["BTC/USDT", "BTC/EUR"] });
    const error = await failure({
      symbol: "binance:BTC/USDC",
      timeframe: "1h",
      start: START,
      end: START + HOUR,
      fetch: exchange.fetch,
    });
    expect(error).toMatchObject({ reason: "unknown_symbol", kind: "input" });
    expect(error.message).toBe(
      "Unknown market binance:BTC/USDC: binance lists no market BTC/USDC. Its BTC markets include BTC/USDT, BTC/EUR.",
    );
    expect(exchange.klines()).toHaveLength(0);
    // The market that is listed, through the same (cached) markets.
    const listed = await fetchExchangeCandles({
      symbol: "binance:btc/eur",
      timeframe: "1h",
      start: START,
      end: START + HOUR,
      fetch: exchange.fetch,
    });
    expect(listed.symbol).toBe("binance:BTC/EUR");
    expect(exchange.requests.filter((request) => request.path.endsWith("exchangeInfo"))).toHaveLength(3);
  });
});

describe("exchange symbols", () => {
  it.each([
    ["binance:BTC/USDT", "binance", "BTC/USDT"],
    ["Kraken:eth/usd", "kraken", "ETH/USD"],
    [" okx:BTC/USDT:USDT ", "okx", "BTC/USDT:USDT"],
  ])("%s reads as exchange %s, market %s", (text, exchange, market) => {
    expect(parseExchangeSymbol(text)).toEqual({ exchange, market, symbol: `${exchange}:${market}` });
    expect(marketSymbolSchema.parse(text)).toBe(`${exchange}:${market}`);
  });

  it.each(["binance:BTC", "binance/BTC:USDT", ":BTC/USDT", "binance:BTC/", "b:BTC/USDT", "binance:BTC/USDT/X"])(
    "%s is no exchange symbol, and refused as a symbol",
    (text) => {
      expect(isExchangeSymbol(text)).toBe(false);
      expect(marketSymbolSchema.safeParse(text).success).toBe(false);
    },
  );

  it("a Yahoo ticker stays a Yahoo ticker", () => {
    expect(isExchangeSymbol("BTC-USD")).toBe(false);
    expect(marketSymbolSchema.parse("BTC-USD")).toBe("BTC-USD");
    expect(marketSymbolSchema.parse("^GSPC")).toBe("^GSPC");
  });
});
