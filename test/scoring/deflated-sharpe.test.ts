// The probabilistic and deflated Sharpe ratios (src/scoring/deflated-sharpe.ts) against the worked example of Bailey
// and López de Prado, "The Deflated Sharpe Ratio" (Journal of Portfolio Management, 2014): an annualised Sharpe ratio
// of 2.5 over 1,250 daily returns with skewness -3 and kurtosis 10, after N = 100 tries whose Sharpe ratios have an
// annualised variance of 1/2, gives SR* ≈ 0.1132 a day (1.79 a year) and DSR ≈ 0.9004. And hand-checked cases of
// the PSR, one try (no deflation), and the threshold rising with the number of tries.
import { describe, expect, it } from "vitest";

import { deflatedSharpe, probabilisticSharpeRatio, sharpeThreshold } from "../../src/scoring/deflated-sharpe";
import { normalCdf } from "../../src/scoring/normal-distribution";
import { mulberry32 } from "../../src/scoring/seeded-random";

describe("the deflated Sharpe ratio", () => {
  it("reproduces the paper's worked example", () => {
    const daily = 2.5 / Math.sqrt(250);
    const threshold = sharpeThreshold(100, 0.5 / 250);
    expect(threshold).toBeCloseTo(0.1132, 4);
    expect(threshold * Math.sqrt(250)).toBeCloseTo(1.79, 2);
    const dsr = probabilisticSharpeRatio({ sharpe: daily, threshold, count: 1250, skewness: -3, kurtosis: 10 });
    expect(dsr).toBeCloseTo(0.9004, 4);
  });

  it("computes the PSR as its formula says, against 0 and against a threshold on either side", () => {
    // Normal returns (skewness 0, kurtosis 3): PSR(0) = Φ(SR √(T−1) / √(1 + SR²/2)).
    const sharpe = 0.1;
    const expected = normalCdf((0.1 * Math.sqrt(99)) / Math.sqrt(1 + 0.5 * 0.01));
    expect(probabilisticSharpeRatio({ sharpe, threshold: 0, count: 100, skewness: 0, kurtosis: 3 })).toBeCloseTo(
      expected,
      12,
    );
    // At the threshold itself: one half. Above it: more, below it: less, by the same amount.
    expect(probabilisticSharpeRatio({ sharpe, threshold: 0.1, count: 100, skewness: 0, kurtosis: 3 })).toBeCloseTo(
      0.5,
      12,
    );
    const above = probabilisticSharpeRatio({ sharpe, threshold: 0.05, count: 100, skewness: 0, kurtosis: 3 });
    const below = probabilisticSharpeRatio({ sharpe, threshold: 0.15, count: 100, skewness: 0, kurtosis: 3 });
    expect(above + below).toBeCloseTo(1, 12);
    expect(above).toBeGreaterThan(0.5);
    // Negative skew with a positive Sharpe ratio widens the spread: less certain.
    expect(probabilisticSharpeRatio({ sharpe, threshold: 0, count: 100, skewness: -2, kurtosis: 3 })).toBeLessThan(
      expected,
    );
  });

  it("has no threshold for one try and a rising one for more", () => {
    expect(sharpeThreshold(1, 0.01)).toBe(0);
    const thresholds = [2, 10, 100, 1000].map((trials) => sharpeThreshold(trials, 0.01));
    expect([...thresholds].sort((a, b) => a - b)).toEqual(thresholds);
    expect(thresholds[0]).toBeGreaterThan(0);
  });

  it("reads a line's returns: one try gives the PSR against 0 and no DSR; several deflate it", () => {
    const random = mulberry32(5);
    const returns = Array.from({ length: 400 }, () => 0.002 + (random() - 0.5) * 0.02);
    const single = deflatedSharpe({ returns, trials: 1 });
    expect(single.trials).toBe(1);
    expect(single.dsr).toBeNull();
    expect(single.sharpeThreshold).toBe(0);
    expect(single.psr).toBeGreaterThan(0.5);
    const many = deflatedSharpe({ returns, trials: 20, trialSharpes: [0.05, -0.02, 0.1, 0.0, 0.03] });
    expect(many.sharpe).toBe(single.sharpe);
    expect(many.sharpeThreshold).toBeGreaterThan(0);
    expect(many.dsr!).toBeLessThan(many.psr!);
    // Without the tries' Sharpe ratios, the estimate's own variance stands in.
    expect(deflatedSharpe({ returns, trials: 20 }).dsr).not.toBeNull();
    // Flat returns: no Sharpe ratio, nothing to say.
    expect(deflatedSharpe({ returns: [0.01, 0.01, 0.01], trials: 3 })).toMatchObject({
      sharpe: null,
      psr: null,
      dsr: null,
    });
  });
});
