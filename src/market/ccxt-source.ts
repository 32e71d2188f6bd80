// Candles from crypto exchanges through ccxt (public OHLCV: no key, no account), for symbols spelt
// `exchange:BASE/QUOTE` (exchange-symbol.ts): analyses, backtests and watchlists read them as they read Yahoo's.
//
// What it does beyond one ccxt call:
// - Checks before fetching a bar: the exchange is one ccxt knows, its markets (loaded once per exchange and process,
//   the first request to it) list the market, and it serves the timeframe. Each is an input error naming what is
//   wrong, found before any model is asked anything.
// - Pages: an exchange answers at most a few hundred to a thousand bars a request, so a long range is fetched page
//   after page from its start, each page starting one bar after the last bar received, and joined: bars in time
//   order, each time once, nothing outside the range.
// - Keeps to each exchange's rate limit (ccxt's `rateLimit`, milliseconds between requests) across every fetch in
//   the process, not only within one: requests to one exchange are spaced at least that far apart.
// - ccxt's error tree is read once, here (exchange-data-error.ts); ccxt itself is loaded only when an exchange symbol
//   is first fetched (it takes a moment to load its hundred exchanges).
import { abortable } from "../common/abortable";
import { type Candle, candleSchema } from "./candle";
import type { CandleFetchOptions } from "./date-range";
import { ExchangeDataError, type ExchangeDataErrorReason } from "./exchange-data-error";
import { parseExchangeSymbol } from "./exchange-symbol";
import { toEpochMs } from "./parse-timestamp";
import { DAY_MS, type Timeframe, timeframeInfo } from "./timeframes";

/** Bars one exchange fetch may join: 100,000 is 69 days of 1-minute bars, 11 years of hourly ones. */
export const MAX_EXCHANGE_BARS = 100_000;
/** Bars a page asks for when the exchange does not say its own limit (ccxt's usual default). */
const DEFAULT_PAGE_BARS = 500;
const DEFAULT_TIMEOUT_MS = 20_000;

/** ccxt's names of this project's timeframes. */
const CCXT_TIMEFRAMES: Record<Timeframe, string> = {
  "1m": "1m",
  "5m": "5m",
  "15m": "15m",
  "30m": "30m",
  "1h": "1h",
  "4h": "4h",
  "1d": "1d",
  "1w": "1w",
  "1mo": "1M",
};

/** The longest range an exchange fetch may ask for at a timeframe, in days: MAX_EXCHANGE_BARS bars of it. */
export function exchangeLookbackDays(timeframe: Timeframe): number {
  return Math.floor((MAX_EXCHANGE_BARS * (timeframeInfo(timeframe).barMs ?? 31 * DAY_MS)) / DAY_MS);
}

export interface FetchExchangeCandlesOptions extends CandleFetchOptions {
  /** binance:BTC/USDT */
  symbol: string;
}

export interface ExchangeCandles {
  /** binance:BTC/USDT */
  symbol: string;
  exchange: string;
  timeframe: Timeframe;
  candles: Candle[];
  /** OHLCV requests it took. */
  pages: number;
}

/** What this module needs of a ccxt exchange (a narrow view of its large class). */
interface CcxtExchange {
  id: string;
  rateLimit: number;
  timeframes: Record<string, unknown> | undefined;
  markets: Record<string, { type?: string } | undefined> | undefined;
  features?: Record<string, Record<string, unknown> | undefined>;
  loadMarkets(reload?: boolean): Promise<Record<string, unknown>>;
  setMarkets(markets: unknown): unknown;
  fetchOHLCV(
    symbol: string,
    timeframe: string,
    since?: number,
    limit?: number,
    params?: Record<string, unknown>,
  ): Promise<(number | undefined)[][]>;
}

interface CcxtModule {
  exchanges: string[];
  [exchange: string]: unknown;
}

let ccxtLoading: Promise<CcxtModule> | undefined;
function loadCcxt(): Promise<CcxtModule> {
  // ccxt's types call `exchanges` an object of classes; at run time it is the list of ids (its README's `ccxt.exchanges`).
  const loading = (ccxtLoading ??= import("ccxt").then((module) => {
    const loaded = module as unknown as CcxtModule & { default?: CcxtModule };
    return loaded.default ?? loaded;
  }));
  return loading;
}

/** Each exchange's markets, loaded once per process and fetch (a fake fetch has markets of its own). */
const marketsByFetch = new WeakMap<typeof fetch, Map<string, Promise<unknown>>>();
const defaultMarkets = new Map<string, Promise<unknown>>();
/** Each exchange's queue of requests: when the last one went out, and the turn the next one waits for. */
const turns = new Map<string, { last: number; tail: Promise<void> }>();

function marketCache(fetchImplementation: typeof fetch | undefined): Map<string, Promise<unknown>> {
  if (!fetchImplementation) return defaultMarkets;
  let cache = marketsByFetch.get(fetchImplementation);
  if (!cache) marketsByFetch.set(fetchImplementation, (cache = new Map<string, Promise<unknown>>()));
  return cache;
}

/**
 * Waits for the exchange's turn: requests to one exchange go out one at a time, in the order asked, each at least
 * `rateLimitMs` after the previous one went out. The answer marks this request as sent: call it just before sending,
 * so the next gap is measured from the real send (a sender delayed by a busy process does not shorten it). A
 * cancelled waiter gives up its turn only once the one before it has gone, so the next request never goes early.
 */
async function takeTurn(exchange: string, rateLimitMs: number, signal: AbortSignal): Promise<() => void> {
  let lane = turns.get(exchange);
  if (!lane) turns.set(exchange, (lane = { last: Number.NEGATIVE_INFINITY, tail: Promise.resolve() }));
  const queue = lane;
  const previous = queue.tail;
  let release!: () => void;
  queue.tail = new Promise<void>((resolve) => (release = resolve));
  const ready = previous.then(async () => {
    const wait = Math.ceil(queue.last + rateLimitMs - performance.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  });
  try {
    await abortable(ready, signal);
  } catch (error) {
    void ready.then(release);
    throw error;
  }
  return () => {
    queue.last = performance.now();
    release();
  };
}

/** A ccxt exchange whose every request goes through `fetchImplementation`, the rate limit and `signal`. */
async function openExchange(
  exchangeId: string,
  symbol: string,
  options: { fetch?: typeof fetch; signal: AbortSignal; timeoutMs: number },
): Promise<CcxtExchange> {
  const ccxt = await abortable(loadCcxt(), options.signal);
  const Exchange = ccxt.exchanges.includes(exchangeId) ? ccxt[exchangeId] : undefined;
  if (typeof Exchange !== "function") {
    const close = ccxt.exchanges.filter((id) => id.startsWith(exchangeId.slice(0, 3))).slice(0, 5);
    throw new ExchangeDataError({
      reason: "unknown_exchange",
      exchange: exchangeId,
      symbol,
      ...(close.length > 0 ? { detail: `Close ids: ${close.join(", ")}.` } : {}),
    });
  }
  const base = options.fetch ?? globalThis.fetch;
  // ccxt's own figure for the exchange, read once the instance exists (before its first request).
  const spacing = { ms: 0 };
  const fetchImplementation = async (url: string, init: RequestInit & { timeout?: number; agent?: unknown }) => {
    const { timeout: _timeout, agent: _agent, ...request } = init;
    const sending = await takeTurn(exchangeId, spacing.ms, options.signal);
    const signals = [options.signal, AbortSignal.timeout(options.timeoutMs), request.signal].filter(
      (signal): signal is AbortSignal => signal instanceof AbortSignal,
    );
    const signal = AbortSignal.any(signals);
    sending();
    return base(url, { ...request, signal });
  };
  const exchange = new (Exchange as new (settings: Record<string, unknown>) => CcxtExchange)({
    fetchImplementation,
    // The spacing is this module's, across every fetch of the process (takeTurn above), not one instance's.
    enableRateLimit: false,
    timeout: options.timeoutMs,
  });
  spacing.ms = exchange.rateLimit;
  return exchange;
}

/** Markets loaded once per exchange (and per injected fetch); a failed load is tried again next time. */
async function ensureMarkets(exchange: CcxtExchange, cacheKey: typeof fetch | undefined): Promise<void> {
  const cache = marketCache(cacheKey);
  let loading = cache.get(exchange.id);
  if (!loading) {
    loading = exchange.loadMarkets().then(() => exchange.markets);
    cache.set(exchange.id, loading);
    loading.catch(() => cache.delete(exchange.id));
  }
  exchange.setMarkets(Object.values((await loading) as Record<string, unknown>));
}

/** ccxt's error tree into this project's reasons: read by type, never by message. */
async function classify(error: unknown, context: { exchange: string; symbol: string; signal: AbortSignal }) {
  if (error instanceof ExchangeDataError) return error;
  const ccxt = await loadCcxt();
  const is = (name: string) => {
    const type = ccxt[name];
    return typeof type === "function" && error instanceof (type as new () => Error);
  };
  const reason: ExchangeDataErrorReason = context.signal.aborted
    ? "aborted"
    : is("BadSymbol")
      ? "unknown_symbol"
      : is("RateLimitExceeded") || is("DDoSProtection")
        ? "rate_limit"
        : is("RequestTimeout")
          ? "timeout"
          : is("NetworkError")
            ? "network"
            : "exchange";
  return new ExchangeDataError({ reason, exchange: context.exchange, symbol: context.symbol, cause: error });
}

/** The bars a page answered, as candles, dropping rows with a missing or impossible price. */
function candlesOf(rows: readonly (number | undefined)[][]): Candle[] {
  const candles: Candle[] = [];
  for (const [time, open, high, low, close, volume] of rows) {
    const parsed = candleSchema.safeParse({ time, open, high, low, close, volume: volume ?? 0 });
    if (parsed.success) candles.push(parsed.data);
  }
  return candles;
}

/**
 * Checks an exchange symbol without fetching a bar: the exchange, the market and the timeframe (markets are loaded,
 * which is one request the first time). Throws ExchangeDataError (an input error) naming what is wrong.
 */
export async function checkExchangeSymbol(
  options: Pick<FetchExchangeCandlesOptions, "symbol" | "timeframe" | "signal" | "timeoutMs" | "fetch">,
): Promise<void> {
  await withExchange(options, async () => undefined);
}

async function withExchange<T>(
  options: Pick<FetchExchangeCandlesOptions, "symbol" | "timeframe" | "signal" | "timeoutMs" | "fetch">,
  use: (exchange: CcxtExchange, market: string, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const parsed = parseExchangeSymbol(options.symbol);
  if (!parsed)
    throw new ExchangeDataError({
      reason: "unknown_symbol",
      exchange: "?",
      symbol: options.symbol,
      detail: "Write exchange symbols as exchange:BASE/QUOTE, for example binance:BTC/USDT.",
    });
  const signal = options.signal ?? new AbortController().signal;
  const context = { exchange: parsed.exchange, symbol: parsed.symbol, signal };
  try {
    signal.throwIfAborted();
    const exchange = await openExchange(parsed.exchange, parsed.symbol, {
      fetch: options.fetch,
      signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    await abortable(ensureMarkets(exchange, options.fetch), signal);
    if (!exchange.markets?.[parsed.market]) {
      const [base] = parsed.market.split("/");
      const close = Object.keys(exchange.markets ?? {})
        .filter((market) => market.startsWith(`${base}/`))
        .slice(0, 5);
      throw new ExchangeDataError({
        reason: "unknown_symbol",
        exchange: parsed.exchange,
        symbol: parsed.symbol,
        ...(close.length > 0 ? { detail: `Its ${base} markets include ${close.join(", ")}.` } : {}),
      });
    }
    const served = Object.keys(exchange.timeframes ?? {});
    if (!served.includes(CCXT_TIMEFRAMES[options.timeframe]))
      throw new ExchangeDataError({
        reason: "unsupported_timeframe",
        exchange: parsed.exchange,
        symbol: parsed.symbol,
        timeframe: options.timeframe,
        detail: served.length > 0 ? `It serves ${served.join(", ")}.` : undefined,
      });
    return await use(exchange, parsed.market, signal);
  } catch (error) {
    throw await classify(error, context);
  }
}

/** The most bars one request of this market may ask for: the exchange's own limit when ccxt knows it. */
function pageBars(exchange: CcxtExchange, market: string): number {
  const type = exchange.markets?.[market]?.type ?? "spot";
  const features = exchange.features?.[type] as { fetchOHLCV?: { limit?: unknown } } | undefined;
  const limit = features?.fetchOHLCV?.limit;
  return typeof limit === "number" && limit > 0 ? limit : DEFAULT_PAGE_BARS;
}

/**
 * The bars of [start, end) of an exchange symbol, page after page, joined in time order with each time once. Throws
 * ExchangeDataError: an input error for an unknown exchange, market or timeframe (before any bar is fetched), no_data
 * when the range holds no bar, a data error (retryable where it may pass) for what the exchange did.
 */
export async function fetchExchangeCandles(options: FetchExchangeCandlesOptions): Promise<ExchangeCandles> {
  const startMs = toEpochMs(options.start);
  const endMs = toEpochMs(options.end);
  if (startMs === undefined || endMs === undefined || startMs >= endMs)
    throw new ExchangeDataError({
      reason: "no_data",
      exchange: parseExchangeSymbol(options.symbol)?.exchange ?? "?",
      symbol: options.symbol,
      timeframe: options.timeframe,
      detail: "The range must have a start before its end.",
    });
  const parsed = parseExchangeSymbol(options.symbol);
  const barMs = timeframeInfo(options.timeframe).barMs ?? 28 * DAY_MS;
  return withExchange(options, async (exchange, market, signal) => {
    const limit = pageBars(exchange, market);
    const candles: Candle[] = [];
    let since = startMs;
    let pages = 0;
    while (since < endMs && candles.length < MAX_EXCHANGE_BARS) {
      signal.throwIfAborted();
      const rows = await exchange.fetchOHLCV(market, CCXT_TIMEFRAMES[options.timeframe], since, limit, {
        until: endMs - 1,
      });
      pages += 1;
      const page = candlesOf(rows).filter((candle) => candle.time >= since && candle.time < endMs);
      const last = candles.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
      const fresh = page.filter((candle) => candle.time > last).sort((left, right) => left.time - right.time);
      let previous = last;
      for (const candle of fresh) {
        if (candle.time === previous) continue; // an exchange answering one time twice in a page
        candles.push(candle);
        previous = candle.time;
      }
      // A page with no new bar ends the range (nothing more to come). A short page does not: some exchanges answer
      // fewer bars than asked for while more follow.
      if (fresh.length === 0 || previous + barMs >= endMs) break;
      since = previous + 1;
    }
    if (candles.length === 0)
      throw new ExchangeDataError({
        reason: "no_data",
        exchange: exchange.id,
        symbol: parsed?.symbol ?? options.symbol,
        timeframe: options.timeframe,
        start: startMs,
        end: endMs,
      });
    return {
      symbol: parsed?.symbol ?? options.symbol,
      exchange: exchange.id,
      timeframe: options.timeframe,
      candles,
      pages,
    };
  });
}
