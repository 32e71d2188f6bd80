// The horizon the Decision agent is told, in words: bars times the timeframe's length, exact units only.
import { describe, expect, it } from "vitest";

import { describeBarLength, describeBarSpan, describeHorizon } from "../../src/market/bar-span";

describe("describeBarSpan", () => {
  it.each([
    ["1m", 3, "3 minutes"],
    ["5m", 3, "15 minutes"],
    ["15m", 3, "45 minutes"],
    ["15m", 4, "1 hour"],
    ["30m", 3, "90 minutes"],
    ["30m", 4, "2 hours"],
    ["1h", 3, "3 hours"],
    ["1h", 1, "1 hour"],
    ["4h", 3, "12 hours"],
    ["1d", 3, "3 days"],
    ["1w", 3, "3 weeks"],
    ["1mo", 3, "3 months"],
    ["1mo", 1, "1 month"],
  ] as const)("%s x %i = %s", (timeframe, bars, words) => {
    expect(describeBarSpan(timeframe, bars)).toBe(words);
  });
});

describe("describeHorizon", () => {
  it("names bars and their duration, as forecast_horizon states it", () => {
    expect(describeHorizon("4h", 3)).toBe("next 3 bars (12 hours)");
    expect(describeHorizon("1d", 1)).toBe("next 1 bar (1 day)");
  });
});

describe("describeBarLength", () => {
  it("names one bar as an adjective", () => {
    expect(["1m", "15m", "4h", "1d", "1w", "1mo"].map((timeframe) => describeBarLength(timeframe as never))).toEqual([
      "1-minute",
      "15-minute",
      "4-hour",
      "1-day",
      "1-week",
      "1-month",
    ]);
  });
});
