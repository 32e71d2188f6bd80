// One record per decision bar, as the result and its JSON give them: the bar, its close and the move it is scored
// on, the model's directive (or why there is none), and what each baseline decided there. Pure.
import { itemAt } from "../common/item-at";
import type { Decision } from "../experiment/decision";
import type { Candle } from "../market/candle";
import type { BaselineId } from "../scoring/baselines";
import type { Directive } from "../scoring/directive";
import type { BacktestDecisionRecord } from "./backtest-result";
import { decisionMove } from "./walk-forward-schedule";

export function decisionRecords(input: {
  candles: readonly Candle[];
  bars: readonly number[];
  horizon: number;
  baselines: Record<BaselineId, readonly Directive[]>;
  model: readonly Decision[] | undefined;
}): BacktestDecisionRecord[] {
  const { candles, baselines } = input;
  return input.bars.map((bar, index) => {
    const model = input.model?.[index];
    const candle = itemAt(candles, bar);
    return {
      bar,
      time: new Date(candle.time).toISOString(),
      close: candle.close,
      move: decisionMove(candles, bar, input.horizon),
      ...(model
        ? {
            ...(model.directive ? { directive: model.directive } : {}),
            risk: model.risk,
            cached: model.cached,
            ...(model.error ? { error: model.error } : {}),
          }
        : {}),
      baselines: {
        always_long: itemAt(baselines.always_long, index),
        always_short: itemAt(baselines.always_short, index),
        random: itemAt(baselines.random, index),
        momentum: itemAt(baselines.momentum, index),
        linear_regression: itemAt(baselines.linear_regression, index),
      },
    };
  });
}
