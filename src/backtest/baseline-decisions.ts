// The baselines' decisions on the backtest's schedule: each answers at the same decision bars as the model, from the
// closes of the same window (decisionWindow), so every line trades on the same bars and information. Random is one
// seeded sequence of coin flips (one equity curve; rerun with other seeds to see its spread). Pure.
import type { Candle } from "../market/candle";
import { type BaselineId, deterministicBaselineDirective, randomDirectives } from "../scoring/baselines";
import type { Directive } from "../scoring/directive";
import { decisionWindow } from "./walk-forward-schedule";

/** The baselines a backtest draws, in report order (buy-and-hold, which decides nothing, comes first beside them). */
export const BACKTEST_BASELINES: readonly BaselineId[] = [
  "always_long",
  "always_short",
  "random",
  "momentum",
  "linear_regression",
];

export function baselineDecisions(
  candles: readonly Candle[],
  bars: readonly number[],
  options: { windowBars: number; horizon: number; seed: number },
): Record<BaselineId, Directive[]> {
  const closes = bars.map((bar) => decisionWindow(candles, bar, options.windowBars).map((candle) => candle.close));
  const rule = (baseline: Exclude<BaselineId, "random">) =>
    closes.map((window) => deterministicBaselineDirective(baseline, window, options.horizon));
  return {
    always_long: rule("always_long"),
    always_short: rule("always_short"),
    random: randomDirectives(bars.length, options.seed),
    momentum: rule("momentum"),
    linear_regression: rule("linear_regression"),
  };
}
