// Journal entries and charts for tests: a complete successful analysis by default, with overrides per test, and
// PNG-signed byte blocks of a chosen size standing in for rendered charts.
import { randomBytes } from "node:crypto";

import type { JournalEntryInput } from "../../src/journal/journal-entry";
import type { Candle } from "../../src/market/candle";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that pass the PNG signature check; random after it, so no two are alike unless `seed` bytes are given. */
export function fakePng(size = 2_000, fill?: number): Buffer {
  const body =
    fill === undefined ? randomBytes(size - PNG_SIGNATURE.length) : Buffer.alloc(size - PNG_SIGNATURE.length, fill);
  return Buffer.concat([PNG_SIGNATURE, body]);
}

export interface EntryOverrides extends Partial<JournalEntryInput> {
  /** Shorthand for decision.decision. */
  directive?: "LONG" | "SHORT";
}

export function sampleEntry(overrides: EntryOverrides = {}): JournalEntryInput {
  const { directive, ...rest } = overrides;
  const patternChart = rest.charts?.pattern ?? fakePng();
  const trendChart = rest.charts?.trend ?? fakePng();
  const decision = {
    forecastHorizon: "next 3 bars (12 hours)",
    decision: directive ?? "LONG",
    justification: "Momentum and the rising support line agree.",
    riskRewardRatio: 1.5,
  } as const;
  return {
    source: "api",
    request: { asset: "BTC", timeframe: "4h", start: "2025-01-01", end: "2025-03-01" },
    asset: "BTC",
    symbol: "BTC-USD",
    timeframe: "4h",
    window: { start: "2025-02-22T12:00:00.000Z", end: "2025-03-01T08:00:00.000Z" },
    barCount: 45,
    models: {
      agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 },
      graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 },
    },
    promptVersion: "2025-03-a",
    plugins: [],
    reports: {
      indicator: "RSI 61, MACD above signal.",
      pattern: "Ascending triangle.",
      trend: "Upward.",
      analysts: {},
    },
    decision,
    usage: { callsPerStep: { indicator: 2, pattern: 1, trend: 1, decision: 1 }, inputTokens: 5_100, outputTokens: 900 },
    costUsd: 0.0123,
    timingsMs: { indicator: 1_200, pattern: 900, trend: 950, decision: 700, total: 2_900 },
    entry: { close: 100, time: "2025-03-01T08:00:00.000Z" },
    error: null,
    result: {
      asset: "BTC",
      asset_name: "Bitcoin",
      symbol: "BTC-USD",
      timeframe: "4h",
      data_length: 45,
      technical_indicators: "RSI 61, MACD above signal.",
      pattern_analysis: "Ascending triangle.",
      trend_analysis: "Upward.",
      pattern_chart: patternChart.toString("base64"),
      trend_chart: trendChart.toString("base64"),
      final_decision: {
        forecast_horizon: decision.forecastHorizon,
        decision: decision.decision,
        justification: decision.justification,
        risk_reward_ratio: decision.riskRewardRatio,
      },
    },
    ...rest,
    charts: { pattern: patternChart, trend: trendChart, ...rest.charts },
  };
}

/** A failed run: no decision, an error, no charts. */
export function failedEntry(overrides: Partial<JournalEntryInput> = {}): JournalEntryInput {
  return sampleEntry({
    decision: null,
    error: { code: "rate_limit", message: "Rate Limit Exceeded: You've hit the OpenAI API rate limit." },
    charts: {},
    result: { success: false, error: "Rate Limit Exceeded: You've hit the OpenAI API rate limit." },
    ...overrides,
  });
}

/** Bars after an entry at `entryTime`, one per 4 hours, with the given closes. */
export function laterBars(entryTime: string, closes: readonly number[], stepMs = 4 * 3_600_000): Candle[] {
  const start = Date.parse(entryTime);
  return closes.map((close, index) => ({
    time: start + (index + 1) * stepMs,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  }));
}
