// What every agent knows about the analysis at hand: the asset, the timeframe and the window of candles.
import { PATTERN_CHART_BAR_COUNT } from "../charts/pattern-figure";
import { InputError } from "../common/input-error";
import { utcMinute } from "../common/utc-time";
import { DEFAULT_DECISION_HORIZON_BARS } from "../config/config-schema";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";

export interface AnalysisContext {
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** Bars in the analysis window. */
  barCount: number;
  /** Bars on the pattern chart (the last 40, or fewer when the window is shorter). */
  patternBars: number;
  windowStart: string;
  windowEnd: string;
  lastCandle: Candle;
  maxToolRounds: number;
  /** The Decision agent's order is for the next this many bars. */
  horizonBars: number;
}

export const MAX_INDICATOR_TOOL_ROUNDS = 5;

export function createAnalysisContext(options: {
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  candles: readonly Candle[];
  /** Default: the config's default (decision_horizon_bars). */
  horizonBars?: number;
}): AnalysisContext {
  const { candles } = options;
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last)
    throw new InputError({ code: "invalid_argument", message: "An analysis needs at least one candle" });
  return {
    assetName: options.assetName,
    symbol: options.symbol,
    timeframe: options.timeframe,
    barCount: candles.length,
    patternBars: Math.min(PATTERN_CHART_BAR_COUNT, candles.length), // what the pattern chart draws
    windowStart: formatBarTime(first.time),
    windowEnd: formatBarTime(last.time),
    lastCandle: last,
    maxToolRounds: MAX_INDICATOR_TOOL_ROUNDS,
    horizonBars: options.horizonBars ?? DEFAULT_DECISION_HORIZON_BARS,
  };
}

/** "2024-05-01 13:30 UTC": minutes are enough for any timeframe this tool supports. */
export function formatBarTime(time: number): string {
  return `${utcMinute(time)} UTC`;
}
