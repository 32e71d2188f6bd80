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

export interface YahooReachabilityOptions {
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Default YAHOO_CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
  now?: Date | number;
}

export type YahooReachability = { ok: true; detail: string } | { ok: false; detail: string };

/** One chart request; never throws but for the caller's own abort. */
export async function checkYahooReachable(options: YahooReachabilityOptions = {}): Promise<YahooReachability> {
  const end = new Date(options.now ?? Date.now());
  try {
    const fetched = await fetchYahooCandles({
      symbol: CHECK_SYMBOL,
      timeframe: "1d",
      start: new Date(end.getTime() - CHECK_DAYS * DAY_MS),
      end,
      now: end,
      fetch: options.fetch,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? YAHOO_CHECK_TIMEOUT_MS,
    });
    return {
      ok: true,
      detail: `${fetched.ticker}: ${fetched.candles.length} daily bars in the last ${CHECK_DAYS} days`,
    };
  } catch (error) {
    options.signal?.throwIfAborted();
    return { ok: false, detail: describeError(error) };
  }
}
