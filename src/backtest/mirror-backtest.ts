// The mirrored backtest: the same schedule played again on the series' mirror image (p -> c² / p around its last
// close: every rise a fall of the same log size, high and low swapped, volume kept; src/market/mirror-candles.ts).
// The baselines decide on the mirrored windows as on the real ones, the model's decisions on the mirrored windows
// (asked by runBacktest, with their own cache keys, since the windows differ) are played beside them, and every line
// goes through the position engine on the mirrored bars. A reader of charts should earn on both series; a line that
// only rode the drift earns on one and loses it on the other. Pure.
import type { Decision } from "../experiment/decision";
import type { Candle } from "../market/candle";
import type { TradingCost } from "../scoring/trading-cost";
import { type BacktestLine, backtestLines, engineDecisions, type LinePairedTest } from "./backtest-lines";
import { baselineDecisions } from "./baseline-decisions";

export interface MirroredBacktest {
  /** Every line on the mirrored series, the model's first when it ran. */
  lines: BacktestLine[];
  paired: LinePairedTest[];
  errors: number;
}

export interface MirroredBacktestInput {
  mirrored: readonly Candle[];
  bars: readonly number[];
  windowBars: number;
  horizon: number;
  seed: number;
  cost: TradingCost;
  barsPerYear: number | null;
  /** With the model: its line's name and its decisions on the mirrored windows, one per decision bar. */
  model?: { name: string; decisions: readonly Decision[] };
}

export function runMirroredBacktest(input: MirroredBacktestInput): MirroredBacktest {
  const { mirrored, bars, windowBars, horizon, model } = input;
  const { lines, paired } = backtestLines({
    candles: mirrored,
    bars,
    horizon,
    cost: input.cost,
    barsPerYear: input.barsPerYear,
    baselines: baselineDecisions(mirrored, bars, { windowBars, horizon, seed: input.seed }),
    model: model && { name: model.name, kind: "model", decisions: engineDecisions(bars, model.decisions) },
  });
  return { lines, paired, errors: model?.decisions.filter((decision) => decision.error !== undefined).length ?? 0 };
}
