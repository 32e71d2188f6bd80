// The summary helper: all five indicators on candles, with the periods used and the latest values.
import { describe, expect, it } from "vitest";

import { computeIndicators, computeMacd, computeRsi } from "../../src/indicators";
import type { Candle } from "../../src/market/candle";
import { reference } from "./talib-reference";

const btc = reference.series[0]!;
const candles: Candle[] = btc.input.close.map((close, index) => ({
  time: Date.parse(`${btc.input.time[index]!.replace(" ", "T")}Z`),
  open: close,
  high: btc.input.high[index]!,
  low: btc.input.low[index]!,
  close,
  volume: 0,
}));

describe("computeIndicators", () => {
  it("computes all five with the default periods and reports the latest values", () => {
    const summary = computeIndicators(candles);
    const expected = btc.outputs.default!;
    expect(summary.barCount).toBe(100);
    expect(summary.lastTime).toBe(candles[99]!.time);
    expect(summary.rsi.options).toEqual({ period: 14 });
    expect(summary.macd.options).toEqual({ fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 });
    expect(summary.latest.rsi).toBeCloseTo(expected.rsi[99]!, 6);
    expect(summary.latest.macd).toBeCloseTo(expected.macd.macd[99]!, 6);
    expect(summary.latest.macdSignal).toBeCloseTo(expected.macd.signal[99]!, 6);
    expect(summary.latest.macdHistogram).toBeCloseTo(expected.macd.histogram[99]!, 6);
    expect(summary.latest.stochasticK).toBeCloseTo(expected.stochastic.k[99]!, 6);
    expect(summary.latest.stochasticD).toBeCloseTo(expected.stochastic.d[99]!, 6);
    expect(summary.latest.roc).toBeCloseTo(expected.roc[99]!, 6);
    expect(summary.latest.williamsR).toBeCloseTo(expected.williamsR[99]!, 6);
  });

  it("passes per-indicator periods through", () => {
    const summary = computeIndicators(candles, { rsi: { period: 7 }, macd: { fastPeriod: 5, slowPeriod: 13 } });
    expect(summary.rsi.values).toEqual(computeRsi(btc.input.close, { period: 7 }));
    expect(summary.macd.macd).toEqual(computeMacd(btc.input.close, { fastPeriod: 5, slowPeriod: 13 }).macd);
    expect(summary.macd.options.signalPeriod).toBe(9);
  });

  it("answers null latest values when the window is too short", () => {
    const summary = computeIndicators(candles.slice(0, 20));
    expect(summary.latest.macd).toBeNull();
    expect(summary.latest.rsi).not.toBeNull();
    expect(computeIndicators([]).latest.rsi).toBeNull();
    expect(computeIndicators([]).lastTime).toBeNull();
  });
});
