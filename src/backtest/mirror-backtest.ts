// The mirrored backtest: the same schedule played again on the series' mirror image (p -> c² / p around its last
// close: every rise a fall of the same log size, high and low swapped, volume kept; src/market/mirror-candles.ts).
// The baselines decide on the mirrored windows as on the real ones, the model is asked about each mirrored window
// (its own cache keys, since the windows differ), and every line is played through the position engine on the
// mirrored bars. A reader of charts should earn on both series; a line that only rode the drift earns on one and
// loses it on the other. Kept apart from run-backtest.ts so the plain run reads as it did.
import type { Candle } from "../market/candle";
import type { TradingCost } from "../scoring/trading-cost";
import { type BacktestLine, backtestLines, type LinePairedTest } from "./backtest-lines";
import { baselineDecisions } from "./baseline-decisions";
import type { CachedDecision, DecisionCache } from "./decision-cache";
import { decisionWindow } from "./decision-schedule";
import { engineDecisions, type ModelDecision, type ModelDecisionsInput, runModelDecisions } from "./model-decisions";

export interface MirroredBacktest {
  /** Every line on the mirrored series, the model's first when it ran. */
  lines: BacktestLine[];
  paired: LinePairedTest[];
  errors: number;
}

/** What the cache already holds for each mirrored decision, looked up before the estimate. */
export async function lookUpMirrored(
  cache: DecisionCache,
  mirrored: readonly Candle[],
  bars: readonly number[],
  windowBars: number,
): Promise<{ keys: string[]; found: (CachedDecision | undefined)[] }> {
  const keys = bars.map((bar) => cache.key(decisionWindow(mirrored, bar, windowBars)));
  return { keys, found: await Promise.all(keys.map((key) => cache.get(key))) };
}

export interface MirroredBacktestInput {
  mirrored: readonly Candle[];
  bars: readonly number[];
  windowBars: number;
  horizon: number;
  seed: number;
  cost: TradingCost;
  barsPerYear: number | null;
  /** With the model: its line's name, and how to ask it (runModelDecisions' input, on the mirrored series). */
  model?: {
    name: string;
    /** runModelDecisions' input for the mirrored series: its request builds each mirrored window. */
    decide: Omit<ModelDecisionsInput, "candles" | "bars">;
  };
}

export async function runMirroredBacktest(input: MirroredBacktestInput): Promise<MirroredBacktest> {
  const { mirrored, bars, windowBars, horizon } = input;
  const baselines = baselineDecisions(mirrored, bars, { windowBars, horizon, seed: input.seed });
  let decisions: ModelDecision[] | undefined;
  if (input.model) {
    decisions = await runModelDecisions({ ...input.model.decide, candles: mirrored, bars });
  }
  const { lines, paired } = backtestLines({
    candles: mirrored,
    bars,
    horizon,
    cost: input.cost,
    barsPerYear: input.barsPerYear,
    baselines,
    model:
      decisions && input.model
        ? {
            name: input.model.name,
            kind: "model",
            decisions: engineDecisions(decisions),
          }
        : undefined,
  });
  return { lines, paired, errors: decisions?.filter((decision) => decision.error !== undefined).length ?? 0 };
}
