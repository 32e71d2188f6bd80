// Errors of the crypto-exchange source (ccxt-source.ts), classified once where ccxt's own error tree enters:
// what the caller can fix (an exchange or market ccxt does not know, a timeframe the exchange does not serve) is an
// input error, found before anything is spent; what the exchange did (no bars, throttling, an outage, a timeout) is a
// data error, retryable when trying later may help. The messages name the exchange, never a key (none is used).
import { type ErrorKind, QuantAgentError } from "../common/quantagent-error";
import { formatUtc } from "./parse-timestamp";

export type ExchangeDataErrorReason =
  | "unknown_exchange"
  | "unknown_symbol"
  | "unsupported_timeframe"
  | "no_data"
  | "rate_limit"
  | "network"
  | "timeout"
  | "exchange"
  | "aborted";

export interface ExchangeDataErrorOptions {
  reason: ExchangeDataErrorReason;
  exchange: string;
  /** The symbol as asked for (binance:BTC/USDT). */
  symbol: string;
  timeframe?: string;
  start?: number;
  end?: number;
  /** Extra words: close matches, the exchange's timeframes, its own message (never a key: none is sent). */
  detail?: string;
  cause?: unknown;
}

function messageFor(options: ExchangeDataErrorOptions): string {
  const { exchange, symbol } = options;
  const detail = options.detail ? ` ${options.detail}` : "";
  switch (options.reason) {
    case "unknown_exchange":
      return `Unknown exchange "${exchange}" in ${symbol}: exchange symbols are exchange:BASE/QUOTE with one of ccxt's exchange ids (binance, kraken, coinbase, okx, bybit, ...).${detail}`;
    case "unknown_symbol":
      return `Unknown market ${symbol}: ${exchange} lists no market ${symbol.slice(exchange.length + 1)}.${detail}`;
    case "unsupported_timeframe":
      return `${exchange} has no ${options.timeframe ?? "?"} bars for ${symbol}.${detail}`;
    case "no_data": {
      const range =
        options.start === undefined || options.end === undefined
          ? ""
          : ` (${options.timeframe ?? "?"}, ${formatUtc(options.start)} to ${formatUtc(options.end)})`;
      return `No data available for ${symbol}${range}: ${exchange} sent no bars for the range. The market may not have traded then, or the exchange may not keep bars this old.`;
    }
    case "rate_limit":
      return `${exchange} is throttling requests for ${symbol} (rate limit). Try again in a minute.${detail}`;
    case "network":
      return `Network Error: unable to reach ${exchange} for ${symbol}. Check the connection or proxy.${detail}`;
    case "timeout":
      return `Timeout: ${exchange} did not answer for ${symbol} in time. Try again later.${detail}`;
    case "exchange":
      return `Market Data Error: ${exchange} failed to answer for ${symbol}.${detail}`;
    case "aborted":
      return `Cancelled: the market-data request for ${symbol} was cancelled.`;
    default: {
      const exhaustive: never = options.reason;
      return exhaustive;
    }
  }
}

function codeAndKind(reason: ExchangeDataErrorReason): { code: string; kind: ErrorKind } {
  switch (reason) {
    case "unknown_exchange":
    case "unknown_symbol":
    case "unsupported_timeframe":
      return { code: reason, kind: "input" };
    case "no_data":
      return { code: "no_data", kind: "data" };
    case "rate_limit":
    case "network":
    case "timeout":
    case "exchange":
      return { code: "market_data", kind: "data" };
    case "aborted":
      return { code: "cancelled", kind: "cancelled" };
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}

export class ExchangeDataError extends QuantAgentError {
  override name = "ExchangeDataError";
  readonly reason: ExchangeDataErrorReason;

  constructor(options: ExchangeDataErrorOptions) {
    super({
      ...codeAndKind(options.reason),
      message: messageFor(options),
      details: { exchange: options.exchange, symbol: options.symbol },
      cause: options.cause,
    });
    this.reason = options.reason;
  }

  /** Trying again later may help: throttling, network trouble, timeouts, an exchange's own failure. */
  get isRetryable(): boolean {
    return (
      this.reason === "rate_limit" ||
      this.reason === "network" ||
      this.reason === "timeout" ||
      this.reason === "exchange"
    );
  }
}
