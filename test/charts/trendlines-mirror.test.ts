// Support and resistance on both sides by construction: the price-mirrored series (p becomes K - p, so highs become
// lows) must give the resistance line of the original as its support line and the other way round, on many series;
// and a tie between two bars equally far from the least-squares line goes to the earlier bar, on both sides, even
// when the twins are not next to each other.
import { describe, expect, it } from "vitest";

import { fitHighLowTrendlines } from "../../src/charts/trendlines";
import { syntheticCandles } from "../support/synthetic-candles";

const K = 1_000;
const flip = (values: readonly number[]) => values.map((value) => K - value);

describe("fitHighLowTrendlines: support and resistance mirror each other", () => {
  it("on 100 windows: the mirrored series' support is the original's resistance, reflected, and back", () => {
    for (let seed = 1; seed <= 100; seed += 1) {
      const candles = syntheticCandles({ count: 45, seed });
      const series = {
        high: candles.map((bar) => bar.high),
        low: candles.map((bar) => bar.low),
        close: candles.map((bar) => bar.close),
      };
      const fit = fitHighLowTrendlines(series);
      const mirrored = fitHighLowTrendlines({
        high: flip(series.low),
        low: flip(series.high),
        close: flip(series.close),
      });
      expect(mirrored.supportPivot, `seed ${seed}`).toBe(fit.resistancePivot);
      expect(mirrored.resistancePivot, `seed ${seed}`).toBe(fit.supportPivot);
      expect(mirrored.supportSlope, `seed ${seed}`).toBeCloseTo(-fit.resistanceSlope, 6);
      expect(mirrored.resistanceSlope, `seed ${seed}`).toBeCloseTo(-fit.supportSlope, 6);
      expect(mirrored.supportIntercept, `seed ${seed}`).toBeCloseTo(K - fit.resistanceIntercept, 6);
      expect(mirrored.resistanceIntercept, `seed ${seed}`).toBeCloseTo(K - fit.supportIntercept, 6);
    }
  });

  it("a tie between two bars equally far from the line goes to the earlier one, on either side", () => {
    // Flat closes at 100: the least-squares line is flat, the lows dip to 90 at bars 2 and 6, the highs reach 110
    // at bars 3 and 7 (twins four bars apart).
    const close = Array.from({ length: 10 }, () => 100);
    const low = close.map((value, index) => (index === 2 || index === 6 ? 90 : value - 1));
    const high = close.map((value, index) => (index === 3 || index === 7 ? 110 : value + 1));
    const fit = fitHighLowTrendlines({ high, low, close });
    expect([fit.supportPivot, fit.resistancePivot]).toEqual([2, 3]);
    const mirrored = fitHighLowTrendlines({ high: flip(low), low: flip(high), close: flip(close) });
    expect([mirrored.supportPivot, mirrored.resistancePivot]).toEqual([3, 2]);
  });
});
