// Typed market-data errors: no bars for a request ("No data available for ..."), and fetch failures by kind, with
// the original error as cause.
import { type ErrorKind, QuantAgentError } from "../common/quantagent-error";
import { isEchoable } from "../common/quote-input";
import { BUILT_IN_ASSETS } from "./assets";
import { formatUtc } from "./parse-timestamp";

export type MarketDataErrorReason =
  "no_data" | "invalid_request" | "network" | "timeout" | "http" | "invalid_data" | "aborted";

export interface MarketDataErrorOptions {
  reason: MarketDataErrorReason;
  /** The ticker that was requested (after mapping a built-in code). */
  symbol: string;
  timeframe?: string;
  /** Requested range, UTC epoch ms. */
  start?: number;
  end?: number;
  statusCode?: number;
  timeoutMs?: number;
  /** Extra words from the source (Yahoo's own explanation, a parse problem); never contains secrets. */
  detail?: string;
  cause?: unknown;
}

function rangeText(details: MarketDataErrorOptions): string {
  const start = details.start === undefined ? "?" : formatUtc(details.start);
  const end = details.end === undefined ? "?" : formatUtc(details.end);
  return `${details.timeframe ?? "?"}, ${start} to ${end}`;
}

/**
 * The ticker as a message may show it: a built-in one (ours), or a caller's symbol that is a short plain name; any
 * other is the caller's text and is not repeated (quote-input.ts).
 */
function shownSymbol(symbol: string): string | undefined {
  return isEchoable(symbol) || BUILT_IN_ASSETS.some((asset) => asset.ticker === symbol) ? symbol : undefined;
}

function messageFor(details: MarketDataErrorOptions): string {
  const detail = details.detail ? ` (${details.detail})` : "";
  const symbol = shownSymbol(details.symbol) ?? "the symbol asked for";
  switch (details.reason) {
    case "no_data":
      return (
        `No data available for ${symbol} (${rangeText(details)})` +
        (details.detail ? `: ${details.detail.replace(/[.\s]+$/, "")}` : "") +
        ". The symbol may be unknown or delisted, " +
        "the market may have been closed, or Yahoo may not keep bars this old at this timeframe."
      );
    case "invalid_request":
      return `Invalid market-data request for ${symbol}${detail}.`;
    case "network":
      return `Network Error: Unable to reach Yahoo Finance for ${symbol}${detail}. Check the connection or proxy.`;
    case "timeout":
      return `Timeout: Yahoo Finance did not answer for ${symbol} within ${details.timeoutMs ?? "?"} ms. Try again later.`;
    case "http":
      return `Market Data Error: Yahoo Finance answered HTTP ${details.statusCode ?? "?"} for ${symbol}${detail}.`;
    case "invalid_data":
      return `Market Data Error: Yahoo Finance sent data for ${symbol} that could not be read${detail}.`;
    case "aborted":
      return `Cancelled: the market-data request for ${symbol} was cancelled.`;
    default: {
      const exhaustive: never = details.reason;
      return exhaustive;
    }
  }
}

export class MarketDataError extends QuantAgentError {
  override name = "MarketDataError";
  readonly reason: MarketDataErrorReason;
  readonly symbol: string;
  readonly statusCode: number | undefined;

  constructor(options: MarketDataErrorOptions) {
    super({
      code: codeFor(options.reason),
      kind: kindFor(options.reason),
      message: messageFor(options),
      details: { symbol: shownSymbol(options.symbol) ?? null },
      cause: options.cause,
    });
    this.reason = options.reason;
    this.symbol = options.symbol;
    this.statusCode = options.statusCode;
  }

  /** Trying again later may help: network trouble, timeouts, server errors and throttling. */
  get isRetryable(): boolean {
    switch (this.reason) {
      case "network":
      case "timeout":
        return true;
      case "http":
        return this.statusCode === undefined || this.statusCode >= 500 || this.statusCode === 429;
      case "no_data":
      case "invalid_request":
      case "invalid_data":
      case "aborted":
        return false;
      default: {
        const exhaustive: never = this.reason;
        return exhaustive;
      }
    }
  }
}

function codeFor(reason: MarketDataErrorReason): string {
  switch (reason) {
    case "no_data":
      return "no_data";
    case "invalid_request":
      return "invalid_request";
    case "aborted":
      return "cancelled";
    case "network":
    case "timeout":
    case "http":
    case "invalid_data":
      return "market_data";
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}

function kindFor(reason: MarketDataErrorReason): ErrorKind {
  if (reason === "invalid_request") return "input";
  if (reason === "aborted") return "cancelled";
  return "data";
}

/**
 * The market answered, but with no bars for the request. The message begins exactly "No data available for <symbol>
 * (<timeframe>, <start> to <end>)".
 */
export class NoDataError extends MarketDataError {
  override name = "NoDataError";
  readonly timeframe: string;
  readonly start: Date;
  readonly end: Date;

  constructor(details: {
    symbol: string;
    timeframe: string;
    start: number;
    end: number;
    detail?: string;
    cause?: unknown;
  }) {
    super({ ...details, reason: "no_data" });
    this.timeframe = details.timeframe;
    this.start = new Date(details.start);
    this.end = new Date(details.end);
  }
}
