// The risk step's levels: the stop beyond the nearest structure on the losing side (with a quarter-ATR buffer, held
// between 1 and 3 ATR from the entry), the take-profit at the decision's risk/reward, the size risking 1% of equity;
// and a recorded reason, never invented levels, when the window gives no sensible stop.
import { describe, expect, it } from "vitest";

import type { TrendlineSummary } from "../../src/agents/trend-summary";
import type { Candle } from "../../src/market/candle";
import { computeRiskLevels } from "../../src/stages/risk-levels";
import { syntheticCandles } from "../support/synthetic-candles";

/**
 * 20 bars closing at 100 with a range of 1 each (one of the last three reaching from 99 to 101), so the ATR is a
 * little above 1 and the last 10 bars' lowest low is 99, their highest high 101.
 */
function steadyBars(): Candle[] {
  return Array.from({ length: 20 }, (_, index) => ({
    time: index * 3_600_000,
    open: 100,
    high: 100.5,
    low: 99.5,
    close: 100,
    volume: 1,
  })).map((candle, index, all) => (index === all.length - 3 ? { ...candle, low: 99, high: 101 } : candle));
}

function lines(overrides: Partial<TrendlineSummary> = {}): TrendlineSummary {
  return {
    closeSupport: 97,
    closeResistance: 103,
    supportSlope: 0,
    resistanceSlope: 0,
    lowSupport: 96,
    highResistance: 104,
    lastClose: 100,
    ...overrides,
  };
}

describe("computeRiskLevels", () => {
  it("puts a LONG's stop below the nearest support, a quarter ATR beyond it, and its target at the ratio", () => {
    const candles = steadyBars();
    const levels = computeRiskLevels({ candles, directive: "LONG", riskRewardRatio: 1.5, trendlines: lines() });
    if (levels.stopLoss === null) throw new Error(levels.reason);
    const atr = levels.atr;
    expect(atr).toBeGreaterThan(0.9);
    expect(atr).toBeLessThan(1.3);
    // Nearest support below 100: the recent low 99 (above the lines at 97 and 96).
    expect(levels.basis).toBe("recent low");
    const distance = Math.max(1 + 0.25 * atr, atr);
    expect(levels.stopLoss).toBeCloseTo(100 - distance, 4);
    expect(levels.takeProfit).toBeCloseTo(100 + 1.5 * distance, 4);
    expect(levels.stopLoss).toBeLessThan(100);
    expect(levels.size).toBeCloseTo(Math.min(1, 0.01 / (distance / 100)), 4);
  });

  it("mirrors a SHORT: the stop above the nearest resistance, the target below", () => {
    const levels = computeRiskLevels({
      candles: steadyBars(),
      directive: "SHORT",
      riskRewardRatio: 1.2,
      trendlines: lines({ highResistance: 100.8 }),
    });
    if (levels.stopLoss === null) throw new Error(levels.reason);
    expect(levels.basis).toBe("high resistance line");
    expect(levels.stopLoss).toBeGreaterThan(100);
    expect(levels.takeProfit).toBeLessThan(100);
    expect(levels.takeProfit).toBeCloseTo(100 - 1.2 * (levels.stopLoss - 100), 4);
  });

  it("keeps the stop at least 1 ATR and at most 3 ATR from the entry", () => {
    const candles = steadyBars();
    const near = computeRiskLevels({
      // Every low just under the entry, and the support lines too: the structure is closer than 1 ATR.
      candles: candles.map((bar) => ({ ...bar, low: 99.99 })),
      directive: "LONG",
      riskRewardRatio: 1.5,
      trendlines: lines({ closeSupport: 99.995, lowSupport: 99.99 }),
    });
    if (near.stopLoss === null) throw new Error(near.reason);
    expect(100 - near.stopLoss).toBeCloseTo(near.atr, 4);
    const far = computeRiskLevels({
      candles: candles.map((bar, index) => (index === candles.length - 3 ? { ...bar, low: 50 } : bar)),
      directive: "LONG",
      riskRewardRatio: 1.5,
      trendlines: lines({ closeSupport: 40, lowSupport: 30 }),
    });
    if (far.stopLoss === null) throw new Error(far.reason);
    expect(100 - far.stopLoss).toBeCloseTo(3 * far.atr, 4);
  });

  it("sizes a volatile window smaller than a quiet one", () => {
    const quiet = syntheticCandles({ count: 45, seed: 3 });
    const loud = quiet.map((bar) => ({
      ...bar,
      high: bar.high + (bar.high - bar.low) * 4,
      low: Math.max(0.01, bar.low - (bar.high - bar.low) * 4),
    }));
    const sizeOf = (candles: Candle[]) => {
      const last = candles[candles.length - 1]!;
      const levels = computeRiskLevels({
        candles,
        directive: "LONG",
        riskRewardRatio: 1.5,
        trendlines: lines({ closeSupport: last.close * 0.99, lowSupport: last.close * 0.98, lastClose: last.close }),
      });
      if (levels.size === null) throw new Error(levels.reason);
      return levels.size;
    };
    expect(sizeOf(loud)).toBeLessThan(sizeOf(quiet));
  });

  it("records why, with null levels, for a flat window", () => {
    const flat = Array.from({ length: 45 }, (_, index) => ({
      time: index * 3_600_000,
      open: 50,
      high: 50,
      low: 50,
      close: 50,
      volume: 0,
    }));
    const levels = computeRiskLevels({
      candles: flat,
      directive: "LONG",
      riskRewardRatio: 1.5,
      trendlines: lines({ closeSupport: 50, closeResistance: 50, lowSupport: 50, highResistance: 50, lastClose: 50 }),
    });
    expect(levels).toEqual({
      stopLoss: null,
      takeProfit: null,
      size: null,
      atr: 0,
      reason: expect.stringMatching(/^flat window/),
    });
  });

  it("records why when nothing lies on the losing side of the entry", () => {
    // The last bar closes at the window's lowest low, on both support lines: no support below the entry.
    const candles = steadyBars().map((bar, index, all) =>
      index === all.length - 1 ? { ...bar, open: 99.5, low: 98, close: 98 } : bar,
    );
    const levels = computeRiskLevels({
      candles,
      directive: "LONG",
      riskRewardRatio: 1.5,
      trendlines: lines({ closeSupport: 98, lowSupport: 98, lastClose: 98 }),
    });
    expect(levels.stopLoss).toBeNull();
    expect(levels).toMatchObject({ reason: expect.stringMatching(/^no support below the entry/) });
  });

  it("never puts the stop on the winning side, on many random windows and both directives", () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const candles = syntheticCandles({ count: 45, seed });
      const last = candles[candles.length - 1]!;
      const trendlines = lines({
        closeSupport: last.close * 0.98,
        closeResistance: last.close * 1.02,
        lowSupport: last.close * 0.97,
        highResistance: last.close * 1.03,
        lastClose: last.close,
      });
      for (const directive of ["LONG", "SHORT"] as const) {
        const levels = computeRiskLevels({ candles, directive, riskRewardRatio: 1.2 + (seed % 7) / 10, trendlines });
        if (levels.stopLoss === null) throw new Error(`seed ${seed}: ${levels.reason}`);
        if (directive === "LONG") {
          expect(levels.stopLoss).toBeLessThan(last.close);
          expect(levels.takeProfit).toBeGreaterThan(last.close);
        } else {
          expect(levels.stopLoss).toBeGreaterThan(last.close);
          expect(levels.takeProfit).toBeLessThan(last.close);
        }
        expect(levels.size).toBeGreaterThan(0);
        expect(levels.size).toBeLessThanOrEqual(1);
      }
    }
  });
});
