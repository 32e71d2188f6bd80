import { describe, expect, it } from "vitest";

import {
  MarketDataError,
  type MarketDataErrorReason,
  NoDataError,
  WITHOUT_YAHOO,
} from "../../src/market/market-data-error";

describe("NoDataError", () => {
  it("begins exactly with 'No data available for' and keeps the request", () => {
    const cause = new Error("upstream");
    const error = new NoDataError({
      symbol: "ETH-USD",
      timeframe: "4h",
      start: Date.UTC(2024, 0, 1),
      end: Date.UTC(2024, 0, 8),
      cause,
    });
    expect(
      error.message.startsWith(
        "No data available for ETH-USD (4h, 2024-01-01T00:00:00.000Z to 2024-01-08T00:00:00.000Z)",
      ),
    ).toBe(true);
    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).toMatchObject({
      name: "NoDataError",
      reason: "no_data",
      code: "no_data",
      kind: "data",
      symbol: "ETH-USD",
      timeframe: "4h",
      isRetryable: false,
    });
    expect(error.start.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(error.cause).toBe(cause);
  });

  it("adds the source's explanation after the range", () => {
    const error = new NoDataError({
      symbol: "X",
      timeframe: "1d",
      start: 0,
      end: 86_400_000,
      detail: "No data found, symbol may be delisted.",
    });
    expect(error.message).toMatch(
      /^No data available for X \(1d, 1970-01-01T00:00:00\.000Z to 1970-01-02T00:00:00\.000Z\): No data found, symbol may be delisted\. The symbol/,
    );
  });
});

describe("MarketDataError", () => {
  it.each<[MarketDataErrorReason, Record<string, unknown>, string, boolean]>([
    [
      "network",
      { detail: "ENOTFOUND" },
      "Network Error: Unable to reach Yahoo Finance for AAPL (ENOTFOUND). Check the connection or proxy. " +
        WITHOUT_YAHOO,
      true,
    ],
    [
      "timeout",
      { timeoutMs: 20_000 },
      "Timeout: Yahoo Finance did not answer for AAPL within 20000 ms. Try again later. " + WITHOUT_YAHOO,
      true,
    ],
    [
      "http",
      { statusCode: 503, detail: "Service Unavailable" },
      "Market Data Error: Yahoo Finance answered HTTP 503 for AAPL (Service Unavailable). " + WITHOUT_YAHOO,
      true,
    ],
    [
      "http",
      { statusCode: 403 },
      "Market Data Error: Yahoo Finance answered HTTP 403 for AAPL. " + WITHOUT_YAHOO,
      false,
    ],
    [
      "invalid_data",
      { detail: "3 timestamps but 2 close values" },
      "Market Data Error: Yahoo Finance sent data for AAPL that could not be read (3 timestamps but 2 close values).",
      false,
    ],
    [
      "invalid_request",
      { detail: "symbol must not be empty" },
      "Invalid market-data request for AAPL (symbol must not be empty).",
      false,
    ],
    ["aborted", {}, "Cancelled: the market-data request for AAPL was cancelled.", false],
  ])("%s reads plainly", (kind, extra, message, retryable) => {
    const cause = new Error("original");
    const error = new MarketDataError({ reason: kind, symbol: "AAPL", cause, ...extra });
    expect(error.message).toBe(message);
    expect(error.reason).toBe(kind);
    expect(error.kind).toBe(kind === "aborted" ? "cancelled" : kind === "invalid_request" ? "input" : "data");
    expect(error.isRetryable).toBe(retryable);
    expect(error.cause).toBe(cause);
  });
});
