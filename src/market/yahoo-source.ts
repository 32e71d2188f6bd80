// Fetches candles from Yahoo Finance through yahoo-finance2's chart(): timeout, validation, 4h aggregation, errors.
import YahooFinance from "yahoo-finance2";

import { abortable } from "../common/abortable";
import { aggregateTo4h } from "./aggregate-4h";
import { resolveTicker, symbolSchema } from "./assets";
import type { Candle } from "./candle";
import { type CandleFetchOptions, resolveDateRange } from "./date-range";
import { MarketDataError, NoDataError } from "./market-data-error";
import { timeZoneOffset, type UtcOffset } from "./time-zone-offset";
import { type Timeframe, timeframeInfo } from "./timeframes";
import { candlesFromYahooChart } from "./yahoo-chart";
import { guardedFetch, YahooHttpFailure, YahooTransportFailure } from "./yahoo-fetch";

export const DEFAULT_MARKET_DATA_TIMEOUT_MS = 20_000;

export interface FetchYahooCandlesOptions extends CandleFetchOptions {
  /** A built-in asset code (SPX) or a Yahoo ticker (ETH-USD); codes are mapped with resolveTicker(). */
  symbol: string;
  /** The present, for the "end is in the future" check; defaults to the clock. */
  now?: Date | number;
}

export interface YahooCandles {
  /** The ticker that was fetched (SPX -> ^GSPC). */
  ticker: string;
  timeframe: Timeframe;
  candles: Candle[];
  /** Rows Yahoo sent that were dropped for missing or invalid prices. */
  droppedRows: number;
  /** Yahoo's exchange time zone, e.g. America/New_York. */
  timeZone: string | undefined;
}

// yahoo-finance2 prints notices, validation reports and a Node-version warning through its logger; this library
// reports problems through its errors instead, so the logger is silent.
const silentLogger = { info() {}, warn() {}, error() {}, debug() {}, dir() {} };

/**
 * One chart request (the chart endpoint needs no cookie or crumb: exactly one GET to /v8/finance/chart/<ticker>).
 * Throws DateRangeError for a range the lookback table rejects, NoDataError when Yahoo has no bars (including its 404
 * for unknown symbols), MarketDataError for everything else that goes wrong.
 */
export async function fetchYahooCandles(options: FetchYahooCandlesOptions): Promise<YahooCandles> {
  const ticker = resolveTicker(options.symbol);
  const checkedSymbol = symbolSchema.safeParse(ticker);
  if (!checkedSymbol.success) {
    const detail = checkedSymbol.error.issues[0]?.message ?? "invalid symbol";
    throw new MarketDataError({ reason: "invalid_request", symbol: options.symbol, detail });
  }
  const range = resolveDateRange(
    { timeframe: options.timeframe, start: options.start, end: options.end },
    { now: options.now },
  );
  const info = timeframeInfo(range.timeframe);
  const timeoutMs = options.timeoutMs ?? DEFAULT_MARKET_DATA_TIMEOUT_MS;
  const context = {
    symbol: ticker,
    timeframe: range.timeframe,
    start: range.start.getTime(),
    end: range.end.getTime(),
  };

  if (options.signal?.aborted)
    throw new MarketDataError({ reason: "aborted", symbol: ticker, cause: options.signal.reason });
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeoutSignal]) : timeoutSignal;
  const client = new YahooFinance({
    fetch: guardedFetch(options.fetch ?? globalThis.fetch, signal),
    suppressNotices: ["yahooSurvey"],
    versionCheck: false,
    validation: { logErrors: false, logOptionsErrors: false },
    logger: silentLogger,
  });

  let raw: unknown;
  try {
    raw = await abortable(
      client.chart(
        ticker,
        {
          period1: range.start,
          period2: range.end,
          interval: info.yahooInterval,
          // Regular session only: pre/post-market hours would shift the 09:30 / 13:30 4h grouping of equities.
          includePrePost: false,
          return: "object",
        },
        // The rows are validated below with zod, row by row; the library's all-or-nothing check is switched off.
        { validateResult: false, fetchOptions: { signal } },
      ),
      signal,
    );
  } catch (error) {
    throw classifyFailure(error, { ...context, timeoutMs, callerSignal: options.signal, timeoutSignal });
  }

  const parsed = candlesFromYahooChart(raw);
  if (!parsed.success) throw new MarketDataError({ reason: "invalid_data", symbol: ticker, detail: parsed.error });
  let candles = parsed.candles;
  if (info.aggregated) {
    const offset: UtcOffset =
      (parsed.timeZone === undefined ? undefined : timeZoneOffset(parsed.timeZone)) ?? parsed.gmtOffsetSeconds ?? 0;
    candles = aggregateTo4h(candles, { utcOffsetSeconds: offset });
  }
  if (candles.length === 0) {
    const detail = parsed.droppedRows > 0 ? `all ${parsed.droppedRows} rows had missing or invalid prices` : undefined;
    throw new NoDataError({ ...context, detail });
  }
  return { ticker, timeframe: range.timeframe, candles, droppedRows: parsed.droppedRows, timeZone: parsed.timeZone };
}

interface FailureContext {
  symbol: string;
  timeframe: Timeframe;
  start: number;
  end: number;
  timeoutMs: number;
  callerSignal: AbortSignal | undefined;
  timeoutSignal: AbortSignal;
}

function classifyFailure(error: unknown, context: FailureContext): MarketDataError {
  const { symbol, timeframe, start, end } = context;
  if (context.callerSignal?.aborted) return new MarketDataError({ reason: "aborted", symbol, cause: error });
  if (context.timeoutSignal.aborted) {
    return new MarketDataError({ reason: "timeout", symbol, timeoutMs: context.timeoutMs, cause: error });
  }
  if (error instanceof YahooHttpFailure) {
    // 404 is Yahoo's "No data found, symbol may be delisted"; 422 is its "data not available for this range"
    // (e.g. 1m bars older than 30 days); a 200 with an error object names a missing series the same way.
    const detail = error.description;
    const namesMissingData = error.status < 400 && /no data|not found|delisted/i.test(detail);
    if (error.status === 404 || error.status === 422 || namesMissingData) {
      return new NoDataError({ symbol, timeframe, start, end, detail, cause: error });
    }
    if (error.status < 400) return new MarketDataError({ reason: "invalid_data", symbol, detail, cause: error });
    return new MarketDataError({ reason: "http", symbol, statusCode: error.status, detail, cause: error });
  }
  if (error instanceof YahooTransportFailure) {
    return new MarketDataError({ reason: "network", symbol, detail: error.message, cause: error.cause });
  }
  // What is left comes from yahoo-finance2 itself: a body that is not JSON, an unexpected chart shape.
  const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
  return new MarketDataError({ reason: "invalid_data", symbol, detail, cause: error });
}
