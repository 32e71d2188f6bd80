// What every agent knows about the analysis at hand: the asset as the prompts name it, the timeframe, how bars are
// named, and the window's size. Built from what the agents are shown (pipeline/agent-view.ts), so a blind analysis
// hands every prompt "an asset" and numbered bars without a prompt having to know it is blind.
import type { BarLabels } from "../charts/bar-axis";
import { PATTERN_CHART_BAR_COUNT } from "../charts/pattern-figure";
import { InputError } from "../common/input-error";
import { DEFAULT_DECISION_HORIZON_BARS } from "../config/config-schema";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";

export interface AnalysisContext {
  /** The asset as a prompt names it alone: "Bitcoin". */
  assetName: string;
  /** The asset as a prompt names it in full: "Bitcoin (BTC-USD)"; just the name when there is no symbol (blind). */
  assetLabel: string;
  timeframe: Timeframe;
  /** Bars in the analysis window. */
  barCount: number;
  /** Bars on the pattern chart (the last 40, or fewer when the window is shorter). */
  patternBars: number;
  /** How the prompts name a bar: by its open time in UTC, or by its number in the window. */
  barLabels: BarLabels;
  maxToolRounds: number;
  /** The Decision agent's order is for the next this many bars. */
  horizonBars: number;
}

export const MAX_INDICATOR_TOOL_ROUNDS = 5;

export function createAnalysisContext(options: {
  assetName: string;
  /**
   * The market symbol, shown after the name (even when it repeats the name, as for a CSV: the prompts' text, and so
   * the evaluation's cached answers, stay as they were before this field could be left out); absent in a blind view.
   */
  symbol?: string;
  timeframe: Timeframe;
  candles: readonly Candle[];
  /** Default: the config's default (decision_horizon_bars). */
  horizonBars?: number;
  /** @default "time" */
  barLabels?: BarLabels;
}): AnalysisContext {
  const { candles, assetName, symbol } = options;
  if (candles.length === 0)
    throw new InputError({ code: "invalid_argument", message: "An analysis needs at least one candle" });
  return {
    assetName,
    assetLabel: symbol === undefined ? assetName : `${assetName} (${symbol})`,
    timeframe: options.timeframe,
    barCount: candles.length,
    patternBars: Math.min(PATTERN_CHART_BAR_COUNT, candles.length), // what the pattern chart draws
    barLabels: options.barLabels ?? "time",
    maxToolRounds: MAX_INDICATOR_TOOL_ROUNDS,
    horizonBars: options.horizonBars ?? DEFAULT_DECISION_HORIZON_BARS,
  };
}
