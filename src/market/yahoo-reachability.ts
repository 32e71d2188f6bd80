// Whether Yahoo Finance answers, with the smallest request an analysis would make: the last few daily bars of
// Bitcoin (BTC-USD trades every day, so any five days hold bars, weekends and holidays too), through the same source
// and the same injected fetch as an analysis's data. For `quantagent doctor` and the page's Check button.
import { describeError } from "../common/describe-error";
import { fetchYahooCandles } from "./yahoo-source";

/** A short timeout: a check says whether Yahoo answers, it does not wait for a slow one as an analysis would. */
export const YAHOO_CHECK_TIMEOUT_MS = 5_000;

const CHECK_SYMBOL = "BTC";
const CHECK_DAYS = 5;
const DAY_MS = 86_400_000;

/** The check's request: a few days of daily bars of the check's symbol (CHECK_SYMBOL's ticker on Yahoo). */
export interface ReachabilityRequest {
  symbol: string;
  start: Date;
  end: Date;
  signal?: AbortSignal;
}

export interface YahooReachabilityOptions {
  fetch?: typeof globalThis.fetch;
  /**
   * How the bars are fetched, when the caller has a source of its own (a server's pipeline): answers the ticker asked
   * and the bars it got. Default: the Yahoo source through `fetch`.
   */
  fetchBars?: (request: ReachabilityRequest) => Promise<{ ticker: string; bars: number }>;
  signal?: AbortSignal;
  /** Default YAHOO_CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
  now?: Date | number;
}

export type YahooReachability = { ok: true; detail: string } | { ok: false; detail: string };

/** One chart request; never throws but for the caller's own abort. */
export async function checkYahooReachable(options: YahooReachabilityOptions = {}): Promise<YahooReachability> {
  const end = new Date(options.now ?? Date.now());
  const request = { symbol: CHECK_SYMBOL, start: new Date(end.getTime() - CHECK_DAYS * DAY_MS), end };
  const fetchBars =
    options.fetchBars ??
    (async ({ symbol, start, signal }: ReachabilityRequest) => {
      const fetched = await fetchYahooCandles({
        symbol,
        timeframe: "1d",
        start,
        end,
        now: end,
        fetch: options.fetch,
        signal,
        timeoutMs: options.timeoutMs ?? YAHOO_CHECK_TIMEOUT_MS,
      });
      return { ticker: fetched.ticker, bars: fetched.candles.length };
    });
  try {
    const { ticker, bars } = await fetchBars({ ...request, ...(options.signal ? { signal: options.signal } : {}) });
    return { ok: true, detail: `${ticker}: ${bars} daily bars in the last ${CHECK_DAYS} days` };
  } catch (error) {
    options.signal?.throwIfAborted();
    return { ok: false, detail: describeError(error) };
  }
}
