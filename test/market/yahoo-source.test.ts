import { describe, expect, it } from "vitest";

import { DateRangeError } from "../../src/market/date-range";
import { MarketDataError, NoDataError } from "../../src/market/market-data-error";
import { fetchYahooCandles, type FetchYahooCandlesOptions } from "../../src/market/yahoo-source";
import { barsAt, chartBody, newYorkSessionHours, NOT_FOUND_BODY, recordingFetch } from "./yahoo-fixtures";

const HOUR = 3_600_000;
const now = Date.UTC(2024, 5, 10, 12);
const range = { start: "2024-06-01T00:00:00Z", end: "2024-06-08T00:00:00Z", now } as const;

async function failure(options: FetchYahooCandlesOptions): Promise<unknown> {
  try {
    await fetchYahooCandles(options);
  } catch (error) {
    return error;
  }
  throw new Error("expected fetchYahooCandles to fail");
}

describe("fetchYahooCandles: the request", () => {
  it("makes one chart request with period1/period2 in epoch seconds, the interval and regular hours only", async () => {
    const { fetch, requests } = recordingFetch(() =>
      chartBody({ symbol: "AAPL" }, barsAt([Date.UTC(2024, 5, 3, 13, 30)])),
    );
    await fetchYahooCandles({ symbol: "AAPL", timeframe: "1d", ...range, fetch });
    expect(requests).toHaveLength(1); // the chart endpoint needs no cookie or crumb round trip
    const { url } = requests[0]!;
    expect(url.hostname).toBe("query2.finance.yahoo.com");
    expect(decodeURIComponent(url.pathname)).toBe("/v8/finance/chart/AAPL");
    expect(url.searchParams.get("interval")).toBe("1d");
    expect(url.searchParams.get("period1")).toBe(String(Date.UTC(2024, 5, 1) / 1000));
    expect(url.searchParams.get("period2")).toBe(String(Date.UTC(2024, 5, 8) / 1000));
    expect(url.searchParams.get("includePrePost")).toBe("false");
    expect(requests[0]!.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("asks for 1h bars when 4h is wanted, and maps built-in codes to tickers", async () => {
    const { fetch, requests } = recordingFetch(() =>
      chartBody({ symbol: "^GSPC" }, barsAt([Date.UTC(2024, 5, 3, 13, 30)])),
    );
    const result = await fetchYahooCandles({ symbol: "SPX", timeframe: "4h", ...range, fetch });
    expect(decodeURIComponent(requests[0]!.url.pathname)).toBe("/v8/finance/chart/^GSPC");
    expect(requests[0]!.url.searchParams.get("interval")).toBe("1h");
    expect(result.ticker).toBe("^GSPC");
  });

  it.each([
    ["1w", "1wk"],
    ["1mo", "1mo"],
    ["15m", "15m"],
  ] as const)("asks for %s bars as interval %s", async (timeframe, interval) => {
    const { fetch, requests } = recordingFetch(() => chartBody({ symbol: "QQQ" }, barsAt([Date.UTC(2024, 5, 3)])));
    await fetchYahooCandles({ symbol: "QQQ", timeframe, start: "2024-06-01", end: "2024-06-05", now, fetch });
    expect(requests[0]!.url.searchParams.get("interval")).toBe(interval);
  });

  it("refuses an invalid symbol or date range before any request", async () => {
    const { fetch, requests } = recordingFetch(() => ({}));
    const badSymbol = await failure({ symbol: "../../etc/passwd", timeframe: "1d", ...range, fetch });
    expect(badSymbol).toBeInstanceOf(MarketDataError);
    expect(badSymbol).toMatchObject({ reason: "invalid_request" });
    const tooLong = await failure({
      symbol: "AAPL",
      timeframe: "1m",
      start: "2024-05-01",
      end: "2024-06-01",
      now,
      fetch,
    });
    expect(tooLong).toBeInstanceOf(DateRangeError);
    expect((tooLong as Error).message).toBe("Date range too long for 1m: 31 days requested, at most 7 days allowed.");
    expect(requests).toHaveLength(0);
  });
});

describe("fetchYahooCandles: the data", () => {
  it("drops rows with missing prices, keeps the last of duplicated timestamps, sorts by time", async () => {
    const base = Date.UTC(2024, 5, 3, 0);
    const bars = barsAt([base + 2 * HOUR, base, base + HOUR, base + 3 * HOUR, base + HOUR]);
    bars[2] = { ...bars[2]!, close: bars[2]!.open }; // first copy of base+1h, replaced by the later copy
    bars[3] = { ...bars[3]!, open: null, high: null, low: null, close: null, volume: null }; // Yahoo's gap row
    bars.push({ timestamp: (base + 5 * HOUR) / 1000, open: 5, high: 4, low: 3, close: 3.5, volume: 1 }); // high < open
    bars.push({ timestamp: (base + 6 * HOUR) / 1000, open: 101, high: 102, low: 100, close: 101.5, volume: null }); // no volume
    const { fetch } = recordingFetch(() => chartBody({ symbol: "BTC-USD" }, bars));
    const result = await fetchYahooCandles({ symbol: "BTC-USD", timeframe: "1h", ...range, fetch });
    expect(result.candles.map((candle) => (candle.time - base) / HOUR)).toEqual([0, 1, 2, 6]);
    expect(result.candles[1]).toEqual({
      time: base + HOUR,
      open: 104,
      high: 104.75,
      low: 103.5,
      close: 104.25,
      volume: 1004,
    });
    expect(result.candles[3]!.volume).toBe(0);
    expect(result.droppedRows).toBe(2);
  });

  it("aggregates New York session hours into 09:30 and 13:30 bars, the short last group kept", async () => {
    // 2024-06-03 and 06-04 are EDT days (UTC-4); Yahoo's meta says so.
    const times = [...newYorkSessionHours("2024-06-03", -4), ...newYorkSessionHours("2024-06-04", -4)];
    const { fetch } = recordingFetch(() =>
      chartBody(
        { symbol: "AAPL", gmtoffset: -14400, exchangeTimezoneName: "America/New_York", timezone: "EDT" },
        barsAt(times),
      ),
    );
    const result = await fetchYahooCandles({ symbol: "AAPL", timeframe: "4h", ...range, fetch });
    expect(result.timeZone).toBe("America/New_York");
    expect(result.candles.map((candle) => new Date(candle.time).toISOString())).toEqual([
      "2024-06-03T13:30:00.000Z",
      "2024-06-03T17:30:00.000Z",
      "2024-06-04T13:30:00.000Z",
      "2024-06-04T17:30:00.000Z",
    ]);
    // barsAt: open = 100 + i, close = open + 0.25, high = close + 0.5, low = open - 0.5, volume = 1000 + i.
    expect(result.candles[0]).toEqual({
      time: times[0],
      open: 100,
      high: 103.75,
      low: 99.5,
      close: 103.25,
      volume: 4006,
    });
    expect(result.candles[1]).toEqual({
      time: times[4],
      open: 104,
      high: 106.75,
      low: 103.5,
      close: 106.25,
      volume: 3015,
    });
    expect(result.candles[2]).toMatchObject({ open: 107, close: 110.25 });
  });

  it("aggregates 24-hour (crypto) data from 00:00 UTC", async () => {
    const start = Date.UTC(2024, 5, 3);
    const times = Array.from({ length: 30 }, (_, hour) => start + hour * HOUR);
    const { fetch } = recordingFetch(() =>
      chartBody({ symbol: "BTC-USD", gmtoffset: 0, exchangeTimezoneName: "UTC" }, barsAt(times)),
    );
    const result = await fetchYahooCandles({ symbol: "BTC", timeframe: "4h", ...range, fetch });
    expect(result.ticker).toBe("BTC-USD");
    expect(result.candles.map((candle) => (candle.time - start) / HOUR)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(result.candles[7]).toMatchObject({ open: 128, close: 129.25, volume: 1028 + 1029 }); // 2 of 4 hours so far
  });

  it("falls back to gmtoffset when the time zone name is unknown", async () => {
    // 23:30Z and 00:30Z the next day: one day at UTC-4, two days in UTC.
    const times = [Date.UTC(2024, 5, 3, 23, 30), Date.UTC(2024, 5, 4, 0, 30)];
    const answer = (zone: string, offset: number) =>
      recordingFetch(() => chartBody({ symbol: "X", gmtoffset: offset, exchangeTimezoneName: zone }, barsAt(times)))
        .fetch;
    const local = await fetchYahooCandles({
      symbol: "X",
      timeframe: "4h",
      ...range,
      fetch: answer("Nowhere/Unknown", -14400),
    });
    expect(local.candles).toHaveLength(1);
    const utc = await fetchYahooCandles({
      symbol: "X",
      timeframe: "4h",
      ...range,
      fetch: answer("Nowhere/Unknown", 0),
    });
    expect(utc.candles).toHaveLength(2);
  });
});

describe("fetchYahooCandles: failures", () => {
  it("answers NoDataError for an empty result", async () => {
    const { fetch } = recordingFetch(() => chartBody({ symbol: "AAPL" }, []));
    const error = await failure({ symbol: "AAPL", timeframe: "1h", ...range, fetch });
    expect(error).toBeInstanceOf(NoDataError);
    expect(
      (error as Error).message.startsWith(
        "No data available for AAPL (1h, 2024-06-01T00:00:00.000Z to 2024-06-08T00:00:00.000Z)",
      ),
    ).toBe(true);
    expect(error).toMatchObject({
      reason: "no_data",
      timeframe: "1h",
      start: new Date(range.start),
      end: new Date(range.end),
    });
  });

  it("answers NoDataError when every row lacks prices", async () => {
    const bars = barsAt([Date.UTC(2024, 5, 3), Date.UTC(2024, 5, 4)]).map((bar) => ({ ...bar, close: null }));
    const { fetch } = recordingFetch(() => chartBody({ symbol: "AAPL" }, bars));
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch });
    expect(error).toBeInstanceOf(NoDataError);
    expect((error as Error).message).toContain("all 2 rows had missing or invalid prices");
  });

  it("answers NoDataError for Yahoo's 404 (unknown or delisted symbol)", async () => {
    const { fetch } = recordingFetch(
      () => new Response(JSON.stringify(NOT_FOUND_BODY), { status: 404, statusText: "Not Found" }),
    );
    const error = await failure({ symbol: "NOPE123", timeframe: "1d", ...range, fetch });
    expect(error).toBeInstanceOf(NoDataError);
    expect((error as Error).message).toMatch(
      /^No data available for NOPE123 \(1d, 2024-06-01T00:00:00\.000Z to 2024-06-08T00:00:00\.000Z\): No data found, symbol may be delisted\./,
    );
    expect((error as Error).cause).toMatchObject({ status: 404 });
  });

  it("answers MarketDataError kind http for a 500, keeping the status and not printing anything", async () => {
    const { fetch } = recordingFetch(
      () => new Response("upstream exploded", { status: 500, statusText: "Internal Server Error" }),
    );
    const printed: unknown[] = [];
    const original = { error: console.error, log: console.log, warn: console.warn, info: console.info };
    console.error = console.log = console.warn = console.info = (...args: unknown[]) => printed.push(args);
    let error: unknown;
    try {
      error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch });
    } finally {
      Object.assign(console, original);
    }
    expect(printed).toEqual([]);
    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).not.toBeInstanceOf(NoDataError);
    expect(error).toMatchObject({ reason: "http", statusCode: 500, isRetryable: true });
    expect((error as Error).message).toBe(
      "Market Data Error: Yahoo Finance answered HTTP 500 for AAPL (Internal Server Error).",
    );
  });

  it("answers a 429 as a retryable http error and a 400 as a non-retryable one", async () => {
    const tooMany = recordingFetch(() => new Response("Too Many Requests", { status: 429 })).fetch;
    expect(await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: tooMany })).toMatchObject({
      reason: "http",
      statusCode: 429,
      isRetryable: true,
    });
    const badRequest = recordingFetch(
      () =>
        new Response(
          JSON.stringify({ chart: { result: null, error: { code: "Bad Request", description: "Invalid input" } } }),
          { status: 400 },
        ),
    ).fetch;
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: badRequest });
    expect(error).toMatchObject({ reason: "http", statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain("(Invalid input)");
  });

  it("answers MarketDataError kind network when fetch rejects, keeping the original as cause", async () => {
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const fetch = (async () => {
      throw refused;
    }) as typeof globalThis.fetch;
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch });
    expect(error).toMatchObject({ reason: "network", isRetryable: true });
    expect((error as Error).message).toBe(
      "Network Error: Unable to reach Yahoo Finance for AAPL (fetch failed: ECONNREFUSED). Check the connection or proxy.",
    );
    expect((error as Error).cause).toBe(refused);
  });

  it("answers MarketDataError kind invalid_data for a body that is not chart JSON", async () => {
    const notJson = recordingFetch(() => new Response("<html>maintenance</html>", { status: 200 })).fetch;
    expect(await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: notJson })).toMatchObject({
      reason: "invalid_data",
    });
    const mismatch = recordingFetch(() => {
      const body = chartBody({ symbol: "AAPL" }, barsAt([Date.UTC(2024, 5, 3), Date.UTC(2024, 5, 4)])) as {
        chart: { result: { indicators: { quote: { close: unknown[] }[] } }[] };
      };
      body.chart.result[0]!.indicators.quote[0]!.close.pop();
      return body;
    }).fetch;
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: mismatch });
    expect(error).toMatchObject({ reason: "invalid_data" });
  });

  it("times out a fetch that never answers", async () => {
    const neverFetch = (() => new Promise<Response>(() => {})) as typeof globalThis.fetch;
    const started = Date.now();
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: neverFetch, timeoutMs: 80 });
    // It gave up (a fetch that never answers would otherwise wait forever): when exactly depends on the machine.
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(error).toMatchObject({ reason: "timeout", isRetryable: true });
    expect((error as Error).message).toBe(
      "Timeout: Yahoo Finance did not answer for AAPL within 80 ms. Try again later.",
    );
    // The hung request must not block later ones (yahoo-finance2 queues requests).
    const { fetch } = recordingFetch(() => chartBody({ symbol: "AAPL" }, barsAt([Date.UTC(2024, 5, 3)])));
    await expect(fetchYahooCandles({ symbol: "AAPL", timeframe: "1d", ...range, fetch })).resolves.toMatchObject({
      ticker: "AAPL",
    });
  });

  it("times out a body that never finishes", async () => {
    const stalledBody = (async () =>
      new Response(new ReadableStream({ start() {} }), { status: 200 })) as typeof globalThis.fetch;
    expect(
      await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch: stalledBody, timeoutMs: 80 }),
    ).toMatchObject({ reason: "timeout" });
  });

  it("stops when the caller's signal aborts, and reports it as a cancellation", async () => {
    const controller = new AbortController();
    let sawSignal: AbortSignal | undefined;
    const fetch = ((_input: unknown, init?: RequestInit) => {
      sawSignal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    }) as typeof globalThis.fetch;
    const pending = failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed stop")), 20);
    const error = await pending;
    expect(error).toMatchObject({ reason: "aborted", isRetryable: false });
    expect((error as Error).message).toBe("Cancelled: the market-data request for AAPL was cancelled.");
    expect(sawSignal?.aborted).toBe(true); // the signal given to fetch aborted too, so a real request is torn down
  });

  it("does not fetch at all when the caller's signal is already aborted", async () => {
    const { fetch, requests } = recordingFetch(() => chartBody({ symbol: "AAPL" }, []));
    const error = await failure({ symbol: "AAPL", timeframe: "1d", ...range, fetch, signal: AbortSignal.abort() });
    expect(error).toMatchObject({ reason: "aborted" });
    expect(requests).toHaveLength(0);
  });
});
