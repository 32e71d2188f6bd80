// The risk step: stop-loss, take-profit and position size for the decision, computed from the window (no model call,
// so the same window and decision always give the same levels, at no cost). Pure.
//
// How the levels are set, for a LONG (a SHORT is the mirror image, above the entry):
// - entry: the window's last close; volatility: the 14-bar average true range (ATR).
// - the stop sits beyond the nearest structure on the losing side: the highest of the low-based support line, the
//   close-based support line and the lowest low of the last 10 bars that is below the entry, less a quarter ATR so
//   that touching the level is not enough to stop out. Its distance from the entry is held between 1 and 3 ATR:
//   closer, ordinary noise would stop the trade; further, the structure says little about the next few bars.
// - the take-profit is that distance times the Decision agent's risk/reward ratio (1.2 to 1.8) on the winning side.
// - size: the fraction of equity that loses 1% of equity if the stop is hit (1% / stop distance as a fraction of the
//   entry), at most 1: a volatile window gets a small position, a quiet one a full one.
// A window that gives no sensible stop is answered with null levels and the reason, never with invented levels:
// a flat window (no range at all), or an entry with no structure at all on its losing side.
import type { Directive } from "../agents/decision-record";
import type { TrendlineSummary } from "../agents/trend-summary";
import type { Candle } from "../market/candle";
import { ATR_PERIOD, averageTrueRange } from "./average-true-range";

/** Bars whose extreme counts as the recent range's level. */
export const RECENT_RANGE_BARS = 10;
/** Equity lost when the stop is hit, as a fraction: what the size is computed from. */
export const RISK_PER_TRADE = 0.01;
const STOP_BUFFER_ATR = 0.25;
const MIN_STOP_ATR = 1;
const MAX_STOP_ATR = 3;

export type RiskBasis =
  | "low support line"
  | "close support line"
  | "recent low"
  | "high resistance line"
  | "close resistance line"
  | "recent high";

export type RiskLevels =
  | {
      stopLoss: number;
      takeProfit: number;
      /** Fraction of equity, 0 to 1. */
      size: number;
      /** The structure the stop was placed beyond. */
      basis: RiskBasis;
      atr: number;
    }
  | { stopLoss: null; takeProfit: null; size: null; reason: string; atr: number | null };

export interface RiskInput {
  candles: readonly Candle[];
  directive: Directive;
  riskRewardRatio: number;
  trendlines: TrendlineSummary;
}

export function computeRiskLevels(input: RiskInput): RiskLevels {
  const { candles, directive } = input;
  const last = candles[candles.length - 1];
  const atr = averageTrueRange(candles);
  const none = (reason: string): RiskLevels => ({ stopLoss: null, takeProfit: null, size: null, reason, atr });
  if (!last) return none("the window has no bars");
  if (atr === null) return none(`the window is too short for a ${ATR_PERIOD}-bar average true range`);
  if (!(atr > 0)) return none("flat window: no bar moved, so there is no volatility to set a stop from");
  const entry = last.close;
  const recent = candles.slice(-RECENT_RANGE_BARS);
  const long = directive === "LONG";
  const candidates: { basis: RiskBasis; level: number }[] = long
    ? [
        { basis: "low support line", level: input.trendlines.lowSupport },
        { basis: "close support line", level: input.trendlines.closeSupport },
        { basis: "recent low", level: Math.min(...recent.map((bar) => bar.low)) },
      ]
    : [
        { basis: "high resistance line", level: input.trendlines.highResistance },
        { basis: "close resistance line", level: input.trendlines.closeResistance },
        { basis: "recent high", level: Math.max(...recent.map((bar) => bar.high)) },
      ];
  // The nearest level on the losing side: the one whose break proves the order wrong first.
  const losingSide = candidates
    .filter((candidate) => (long ? candidate.level < entry : candidate.level > entry))
    .sort((left, right) => (long ? right.level - left.level : left.level - right.level));
  const nearest = losingSide[0];
  if (!nearest) {
    return none(
      long
        ? "no support below the entry: the last close is at or below every support level of the window"
        : "no resistance above the entry: the last close is at or above every resistance level of the window",
    );
  }
  const structural = Math.abs(entry - nearest.level) + STOP_BUFFER_ATR * atr;
  const distance = Math.min(Math.max(structural, MIN_STOP_ATR * atr), MAX_STOP_ATR * atr);
  const sign = long ? 1 : -1;
  const stopLoss = entry - sign * distance;
  const takeProfit = entry + sign * distance * input.riskRewardRatio;
  if (stopLoss <= 0 || takeProfit <= 0) {
    return none("the levels would fall at or below zero: the window is too volatile for its price");
  }
  return {
    stopLoss: tidy(stopLoss),
    takeProfit: tidy(takeProfit),
    size: Math.min(1, Number((RISK_PER_TRADE / (distance / entry)).toFixed(4))),
    basis: nearest.basis,
    atr: tidy(atr),
  };
}

/** Eight significant digits: every price keeps its digits, without the float noise of the arithmetic. */
function tidy(value: number): number {
  return Number(value.toPrecision(8));
}
