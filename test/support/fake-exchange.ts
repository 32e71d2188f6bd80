// Binance's public REST API as an injected fetch, for the ccxt source: the three exchangeInfo endpoints ccxt reads
// to load binance's markets (spot with the listed markets, the two futures APIs empty) and the klines endpoint,
// answering any range with the hourly (or other) bars a market trading around the clock would have had, at most
// `pageLimit` a request, as Binance does (1000). Shapes as Binance sends them: prices as strings, open and close
// times in ms. Every request is recorded with the time it arrived, so a test can see the pages and their spacing.
// `overlap` answers each page from one bar before the asked start (an exchange repeating the bar it ended on), and
// `shortPages` answers fewer bars than asked while more follow; `price` lets a test plant a value.
const HOUR = 3_600_000;

export const BINANCE_INTERVAL_MS: Record<string, number> = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": HOUR,
  "4h": 4 * HOUR,
  "1d": 24 * HOUR,
  "1w": 7 * 24 * HOUR,
};

export interface FakeExchangeOptions {
  /** Unified symbols the spot market lists ("BTC/USDT"). */
  markets?: string[];
  /** No bars before this instant (a listing). */
  listedFrom?: number;
  /** No bars opening at or after this instant (the present; the bar forming now is served, as Binance does). */
  until?: number | (() => number);
  /** Bars a klines request answers at most. @default 1000 */
  pageLimit?: number;
  /** Each page starts one bar before the asked start. */
  overlap?: boolean;
  /** Each page holds at most this many bars, whatever was asked. */
  shortPages?: number;
  /** The close of the bar opening at `time` (default a gentle wave). */
  price?: (time: number) => number;
  /** Answer every klines request with this HTTP status (429: throttled). */
  klinesStatus?: number;
}

export interface FakeExchangeRequest {
  path: string;
  params: URLSearchParams;
  at: number;
}

export function fakeBinance(options: FakeExchangeOptions = {}) {
  const markets = options.markets ?? ["BTC/USDT", "ETH/USDT"];
  const pageLimit = options.pageLimit ?? 1000;
  const price = options.price ?? ((time: number) => 100 + 10 * Math.sin(time / (7 * HOUR)));
  const requests: FakeExchangeRequest[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    requests.push({ path: `${url.hostname}${url.pathname}`, params: url.searchParams, at: performance.now() });
    if (url.pathname === "/api/v3/exchangeInfo")
      return json({ timezone: "UTC", serverTime: 0, symbols: markets.map(spotMarket) });
    if (url.pathname.endsWith("/exchangeInfo")) return json({ timezone: "UTC", symbols: [] });
    if (url.pathname === "/api/v3/klines") {
      if (options.klinesStatus) return json({ code: -1003, msg: "Too many requests." }, options.klinesStatus);
      const barMs = BINANCE_INTERVAL_MS[url.searchParams.get("interval") ?? ""];
      if (!barMs) return json({ code: -1120, msg: "Invalid interval." }, 400);
      const asked = Number(url.searchParams.get("startTime") ?? 0);
      const endTime = Number(url.searchParams.get("endTime") ?? Number.MAX_SAFE_INTEGER);
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 500), pageLimit, options.shortPages ?? pageLimit);
      let time = Math.ceil(asked / barMs) * barMs - (options.overlap ? barMs : 0);
      time = Math.max(time, options.listedFrom === undefined ? time : Math.ceil(options.listedFrom / barMs) * barMs);
      const rows: unknown[] = [];
      const until = typeof options.until === "function" ? options.until() : (options.until ?? Number.MAX_SAFE_INTEGER);
      while (rows.length < limit && time <= endTime && time < until) {
        const close = price(time);
        const open = price(time - barMs);
        rows.push([
          time,
          open.toFixed(2),
          (Math.max(open, close) + 1).toFixed(2),
          (Math.min(open, close) - 1).toFixed(2),
          close.toFixed(2),
          "12.5",
          time + barMs - 1,
          "0",
          10,
          "0",
          "0",
          "0",
        ]);
        time += barMs;
      }
      return json(rows);
    }
    return json({ code: -1, msg: `the fake binance has no ${url.pathname}` }, 404);
  };
  return {
    fetch,
    requests,
    klines: () => requests.filter((request) => request.path.endsWith("/klines")),
  };
}

function spotMarket(unified: string) {
  const [base = "", quote = ""] = unified.split("/");
  return {
    symbol: `${base}${quote}`,
    status: "TRADING",
    baseAsset: base,
    quoteAsset: quote,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ["LIMIT", "MARKET"],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    permissions: ["SPOT"],
    filters: [],
  };
}
