// The two example plugins on real benchmark data: Bollinger values against a hand computation, and the volume
// analyst's report on a window with volume (Bitcoin) and one without (the S&P 500 index reports none).
import { describe, expect, it } from "vitest";

import { bollingerBands, bollingerBandsPlugin } from "../../src/plugin-examples/bollinger-bands/index";
import {
  onBalanceVolume,
  volumeReport,
  volumeWeightedAveragePrice,
} from "../../src/plugin-examples/volume-analyst/index";
import { readBenchmarkCandles } from "../support/benchmark";

const bitcoin = readBenchmarkCandles("btc/BTC_4h_1.csv").slice(-45);

describe("Bollinger Bands", () => {
  it("match a hand computation (SMA and population deviation of the last 20 closes)", () => {
    const closes = bitcoin.map((candle) => candle.close);
    const last20 = closes.slice(-20);
    const mean = last20.reduce((sum, value) => sum + value, 0) / 20;
    const deviation = Math.sqrt(last20.reduce((sum, value) => sum + (value - mean) ** 2, 0) / 20);
    const band = bollingerBands(closes, { period: 20, deviations: 2 }).at(-1);
    expect(band?.middle).toBeCloseTo(mean, 8);
    expect(band?.upper).toBeCloseTo(mean + 2 * deviation, 8);
    expect(
      bollingerBands(closes, { period: 20, deviations: 2 })
        .slice(0, 19)
        .every((entry) => entry === undefined),
    ).toBe(true);
    const percentB = bollingerBandsPlugin.indicators[0]?.compute(bitcoin, { period: 20, deviations: 2 }).at(-1);
    expect(percentB).toBeCloseTo((closes.at(-1)! - (mean - 2 * deviation)) / (4 * deviation), 8);
  });
});

describe("the volume analyst", () => {
  it("reads OBV and VWAP on a window with volume", () => {
    const obv = onBalanceVolume(bitcoin);
    expect(obv[0]).toBe(0);
    expect(obv[1]).toBe(
      bitcoin[1]!.close > bitcoin[0]!.close
        ? bitcoin[1]!.volume
        : bitcoin[1]!.close < bitcoin[0]!.close
          ? -bitcoin[1]!.volume
          : 0,
    );
    const vwap = volumeWeightedAveragePrice(bitcoin)!;
    expect(vwap).toBeGreaterThan(Math.min(...bitcoin.map((candle) => candle.low)));
    expect(vwap).toBeLessThan(Math.max(...bitcoin.map((candle) => candle.high)));
    expect(volumeReport(bitcoin)).toMatch(
      /^On-Balance Volume is (rising|falling|flat) over the 45 bars while the close is (rising|falling|flat)/,
    );
    expect(volumeReport(bitcoin)).toMatch(/window's VWAP \(/);
  });

  it("says it cannot judge an index without volume instead of inventing a reading", () => {
    expect(volumeReport(readBenchmarkCandles("spx/SPX_4h_1.csv").slice(-45))).toMatch(
      /^No volume data for this instrument/,
    );
  });
});
