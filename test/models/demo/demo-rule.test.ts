// The demo provider's stated rule: RSI(14) extremes first (70 or more SHORT, 30 or less LONG), then the MACD
// histogram's sign; an exact zero histogram falls back to RSI's side of 50. Every branch and both boundaries.
import { describe, expect, it } from "vitest";

import { demoRuling, formatNumber } from "../../../src/models/demo/demo-rule";

describe("demoRuling", () => {
  it.each([
    { rsi: 70, macdHistogram: 5, directive: "SHORT", reason: /overbought/ },
    { rsi: 84.2, macdHistogram: 5, directive: "SHORT", reason: /84\.2, overbought/ },
    { rsi: 30, macdHistogram: -5, directive: "LONG", reason: /oversold/ },
    { rsi: 12, macdHistogram: -5, directive: "LONG", reason: /12, oversold/ },
    { rsi: 69.99, macdHistogram: 0.25, directive: "LONG", reason: /0\.25 is above zero/ },
    { rsi: 30.01, macdHistogram: -0.25, directive: "SHORT", reason: /-0\.25 is below zero/ },
    { rsi: 55, macdHistogram: 0, directive: "LONG", reason: /exactly zero/ },
    { rsi: 45, macdHistogram: 0, directive: "SHORT", reason: /exactly zero/ },
  ] as const)("RSI $rsi, histogram $macdHistogram: $directive", ({ rsi, macdHistogram, directive, reason }) => {
    const ruling = demoRuling({ rsi, macdHistogram });
    expect(ruling.directive).toBe(directive);
    expect(ruling.reason).toMatch(reason);
  });

  it("prints numbers as the indicator tools do: four significant digits, one decimal from 1000", () => {
    expect(formatNumber(56.2149)).toBe("56.21");
    expect(formatNumber(-0.000123456)).toBe("-0.0001235");
    expect(formatNumber(63120.4883)).toBe("63120.5");
  });
});
