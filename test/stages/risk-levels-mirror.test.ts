// The risk step on both sides by construction: a SHORT on the price-mirrored window (every price p becomes 2E - p,
// E the entry, so the entry stays E; supports become resistances and the other way round) must get exactly the
// mirror of the LONG's levels: the same size and distance, the mirrored basis, and the mirrored reason when there
// are no levels. Run over many windows and line placements, so each rule (the nearest structure, the quarter-ATR
// buffer, the 1 and 3 ATR bounds, nothing on the losing side) is met on both sides.
import { describe, expect, it } from "vitest";

import type { TrendlineSummary } from "../../src/agents/trend-summary";
import type { Candle } from "../../src/market/candle";
import { computeRiskLevels, type RiskBasis } from "../../src/stages/risk-levels";
import { createSeededRandom } from "../reliability/support/seeded-random";
import { syntheticCandles } from "../support/synthetic-candles";

const MIRRORED_BASIS: Record<RiskBasis, RiskBasis> = {
  "low support line": "high resistance line",
  "close support line": "close resistance line",
  "recent low": "recent high",
  "high resistance line": "low support line",
  "close resistance line": "close support line",
  "recent high": "recent low",
};

function mirrorWindow(candles: readonly Candle[], lines: TrendlineSummary, entry: number) {
  const flip = (price: number) => 2 * entry - price;
  return {
    candles: candles.map((bar) => ({
      ...bar,
      open: flip(bar.open),
      high: flip(bar.low),
      low: flip(bar.high),
      close: flip(bar.close),
    })),
    lines: {
      closeSupport: flip(lines.closeResistance),
      closeResistance: flip(lines.closeSupport),
      supportSlope: -lines.resistanceSlope,
      resistanceSlope: -lines.supportSlope,
      lowSupport: flip(lines.highResistance),
      highResistance: flip(lines.lowSupport),
      lastClose: flip(lines.lastClose),
    },
    flip,
  };
}

describe("computeRiskLevels: a SHORT is the LONG's mirror image", () => {
  it("on 300 windows with lines near, far and on either side of the entry", () => {
    const random = createSeededRandom(30);
    const bases = new Set<string>();
    let clampedNear = 0;
    let clampedFar = 0;
    let none = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const candles = syntheticCandles({ count: 45, seed });
      // Every tenth window ends at its lowest low, under both support lines: nothing on a LONG's losing side.
      const bottom = seed % 10 === 0;
      if (bottom) {
        const last = candles.at(-1)!;
        const lowest = Math.min(...candles.slice(-10).map((bar) => bar.low));
        candles[candles.length - 1] = { ...last, open: Math.max(last.open, lowest), close: lowest, low: lowest };
      }
      const entry = candles.at(-1)!.close;
      // Each line between 15% below and 15% above the entry, some very close to it: every rule gets its turn.
      const near = () => entry * (1 + (random.next() - 0.5) * (seed % 3 === 0 ? 0.004 : 0.3));
      const lines: TrendlineSummary = {
        closeSupport: bottom ? entry * 1.01 : near(),
        closeResistance: near(),
        supportSlope: random.next() - 0.5,
        resistanceSlope: random.next() - 0.5,
        lowSupport: bottom ? entry : near(),
        highResistance: near(),
        lastClose: entry,
      };
      const ratio = 1.2 + (seed % 7) / 10;
      const long = computeRiskLevels({ candles, directive: "LONG", riskRewardRatio: ratio, trendlines: lines });
      const mirror = mirrorWindow(candles, lines, entry);
      const short = computeRiskLevels({
        candles: mirror.candles,
        directive: "SHORT",
        riskRewardRatio: ratio,
        trendlines: mirror.lines,
      });
      if (long.stopLoss === null) {
        none += 1;
        expect(short.stopLoss, `seed ${seed}`).toBeNull();
        if (short.stopLoss === null)
          expect(short.reason).toBe(
            long.reason
              .replace("no support below", "no resistance above")
              .replace("at or below every support", "at or above every resistance"),
          );
        continue;
      }
      if (short.stopLoss === null)
        throw new Error(`seed ${seed}: the LONG has levels, the SHORT none (${short.reason})`);
      bases.add(long.basis);
      expect(short.basis, `seed ${seed}`).toBe(MIRRORED_BASIS[long.basis]);
      expect(short.stopLoss, `seed ${seed}`).toBeCloseTo(mirror.flip(long.stopLoss), 4);
      expect(short.takeProfit, `seed ${seed}`).toBeCloseTo(mirror.flip(long.takeProfit), 4);
      expect(short.size, `seed ${seed}`).toBeCloseTo(long.size, 3);
      const distance = (entry - long.stopLoss) / long.atr;
      if (Math.abs(distance - 1) < 1e-6) clampedNear += 1;
      if (Math.abs(distance - 3) < 1e-6) clampedFar += 1;
    }
    // Every branch was met, on both sides.
    expect([...bases].sort()).toEqual(["close support line", "low support line", "recent low"]);
    expect({ clampedNear, clampedFar, none }).toEqual({
      clampedNear: expect.any(Number),
      clampedFar: expect.any(Number),
      none: 30,
    });
    expect(Math.min(clampedNear, clampedFar)).toBeGreaterThan(0);
  });
});
