// The timeframes an analysis can run on: ids, lookback limits, the Yahoo interval behind each, bar lengths.
import { z } from "zod";

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w", "1mo"] as const;

export const timeframeSchema = z.enum(TIMEFRAMES, {
  error: `must be one of the timeframes ${TIMEFRAMES.join(", ")}`,
});
export type Timeframe = z.infer<typeof timeframeSchema>;

/** The intervals of yahoo-finance2's chart() that this project uses (it has no 4h: 4h is fetched as 1h). */
export type YahooInterval = "1m" | "5m" | "15m" | "30m" | "1h" | "1d" | "1wk" | "1mo";

export interface TimeframeInfo {
  timeframe: Timeframe;
  /** The longest date range, in days, that may be requested at this timeframe. */
  maxDays: number;
  /** The yahoo-finance2 interval fetched for this timeframe. */
  yahooInterval: YahooInterval;
  /** True when the fetched bars are grouped into longer ones (4h from 1h). */
  aggregated: boolean;
  /** Nominal bar length in ms; undefined for months, whose length varies. */
  barMs: number | undefined;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Yahoo keeps 1m bars for about a month and serves at most 7 days per request; 5m-30m go back 60 days; 1h about
// 730 days (4h is built from 1h, so it shares that limit). Daily, weekly and monthly bars go back decades; their
// limits (10, 20 and 30 years) are long enough to hold a full window of 45 bars of each, holidays and all, so a
// short requested range can always be extended backwards to fill the window (window-fetch-range.ts).
const TIMEFRAME_TABLE: Record<Timeframe, TimeframeInfo> = {
  "1m": { timeframe: "1m", maxDays: 7, yahooInterval: "1m", aggregated: false, barMs: MINUTE_MS },
  "5m": { timeframe: "5m", maxDays: 60, yahooInterval: "5m", aggregated: false, barMs: 5 * MINUTE_MS },
  "15m": { timeframe: "15m", maxDays: 60, yahooInterval: "15m", aggregated: false, barMs: 15 * MINUTE_MS },
  "30m": { timeframe: "30m", maxDays: 60, yahooInterval: "30m", aggregated: false, barMs: 30 * MINUTE_MS },
  "1h": { timeframe: "1h", maxDays: 730, yahooInterval: "1h", aggregated: false, barMs: HOUR_MS },
  "4h": { timeframe: "4h", maxDays: 730, yahooInterval: "1h", aggregated: true, barMs: 4 * HOUR_MS },
  "1d": { timeframe: "1d", maxDays: 3650, yahooInterval: "1d", aggregated: false, barMs: DAY_MS },
  "1w": { timeframe: "1w", maxDays: 7300, yahooInterval: "1wk", aggregated: false, barMs: 7 * DAY_MS },
  "1mo": { timeframe: "1mo", maxDays: 10950, yahooInterval: "1mo", aggregated: false, barMs: undefined },
};

export function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === "string" && (TIMEFRAMES as readonly string[]).includes(value);
}

/** The timeframes shorter than a day: bars of a fixed length within a session. */
export type IntradayTimeframe = Exclude<Timeframe, "1d" | "1w" | "1mo">;

export function isIntraday(timeframe: Timeframe): timeframe is IntradayTimeframe {
  const barMs = TIMEFRAME_TABLE[timeframe].barMs;
  return barMs !== undefined && barMs < DAY_MS;
}

export function timeframeInfo(timeframe: Timeframe): TimeframeInfo {
  return TIMEFRAME_TABLE[timeframe];
}

export function maxLookbackDays(timeframe: Timeframe): number {
  return TIMEFRAME_TABLE[timeframe].maxDays;
}

export function yahooIntervalFor(timeframe: Timeframe): YahooInterval {
  return TIMEFRAME_TABLE[timeframe].yahooInterval;
}

/** Every timeframe's facts, in timeframe order: what a picker or a lookback table shows. */
export function timeframeTable(): TimeframeInfo[] {
  return TIMEFRAMES.map((timeframe) => ({ ...TIMEFRAME_TABLE[timeframe] }));
}
