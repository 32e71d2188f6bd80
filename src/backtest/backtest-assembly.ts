// The record a backtest returns, made from its decisions: every line played through the position engine on the
// series (and, with mirror, again on its mirror image: the baselines decide on the mirrored windows, the model's
// decisions there were asked for them), the decision records, the paired tests and the settings. One function for a backtest in one process and a
// queued one (its decisions made by workers), so the same decisions give the same equity, to the last digit. Pure.
import { itemAt } from "../common/item-at";
import type { Decision } from "../experiment/decision";
import type { UsageSummary } from "../llm/usage-meter";
import type { Candle } from "../market/candle";
import type { BaselineId } from "../scoring/baselines";
import type { Directive } from "../scoring/directive";
import type { TradingCost } from "../scoring/trading-cost";
import { backtestLines, engineDecisions } from "./backtest-lines";
import type { BacktestDecisionRecord, BacktestResult, BacktestSettings } from "./backtest-result";
import type { LoadedSeries } from "./backtest-series";
import { bestDeflatedSharpe, lineSignificance } from "./backtest-significance";
import { baselineDecisions } from "./baseline-decisions";
import type { BacktestEstimate } from "./cost-estimate";
import { barsPerYear } from "./equity-metrics";
import { decisionMove } from "./walk-forward-schedule";

export interface BacktestOutcome {
  series: LoadedSeries;
  bars: readonly number[];
  windowBars: number;
  horizon: number;
  step: number;
  cost: TradingCost;
  seed: number;
  baselines: Record<BaselineId, Directive[]>;
  /** The model's line: its name (the graph model) and its decisions; absent for a baselines-only run. */
  model?: { name: string; decisions: readonly Decision[] };
  /** What the run was asked to do beyond the schedule: the models, prompts, plugins, stages, cache, blind, mirror. */
  settings: Pick<BacktestSettings, "models" | "promptVersion" | "plugins" | "stages" | "cacheDir" | "blind" | "mirror">;
  /** With mirror: the mirrored series, and the model's decisions on its windows when it ran. */
  mirror: { candles: readonly Candle[]; decisions?: readonly Decision[] } | null;
  estimate: BacktestEstimate | null;
  usage: UsageSummary;
  startedAt: string;
  durationMs: number;
  /** Backtests with a model on the same series, this one included (the deflated Sharpe ratio's tries); default 1. */
  trials?: number;
  /** The bootstrap's resamples; default 10,000. */
  resamples?: number;
}

export function assembleBacktest(outcome: BacktestOutcome): BacktestResult {
  const { series, bars, horizon, cost, model } = outcome;
  const { candles } = series;
  const first = itemAt(candles, 0);
  const last = itemAt(candles, candles.length - 1);
  const perYear = perYearOf(candles, bars);
  const play = (on: readonly Candle[], baselines: BacktestOutcome["baselines"], decisions?: readonly Decision[]) =>
    backtestLines({
      candles: on,
      bars,
      horizon,
      cost,
      barsPerYear: perYear,
      baselines,
      model: model && decisions && { name: model.name, kind: "model", decisions: engineDecisions(bars, decisions) },
    });
  const { lines, paired } = play(candles, outcome.baselines, model?.decisions);
  const mirror = outcome.mirror;
  const errorsOf = (decisions?: readonly Decision[]) =>
    decisions?.filter((decision) => decision.error !== undefined).length ?? 0;
  return {
    settings: {
      series: {
        name: series.name,
        timeframe: series.timeframe,
        bars: candles.length,
        start: new Date(first.time).toISOString(),
        end: new Date(last.time).toISOString(),
      },
      windowBars: outcome.windowBars,
      horizon,
      step: outcome.step,
      costBps: cost.costBps,
      seed: outcome.seed,
      barsPerYear: perYear,
      ...outcome.settings,
    },
    decisions: bars.map((bar, index) =>
      decisionRecord(candles, bar, horizon, model?.decisions[index], outcome.baselines, index),
    ),
    lines,
    paired,
    significance: lineSignificance(lines, { step: outcome.step, seed: outcome.seed, resamples: outcome.resamples }),
    deflatedSharpe: bestDeflatedSharpe(lines, { count: outcome.trials ?? 1 }),
    mirror: mirror && {
      ...play(
        mirror.candles,
        baselineDecisions(mirror.candles, bars, { windowBars: outcome.windowBars, horizon, seed: outcome.seed }),
        mirror.decisions,
      ),
      errors: errorsOf(mirror.decisions),
    },
    estimate: outcome.estimate,
    usage: outcome.usage,
    errors: errorsOf(model?.decisions),
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
  };
}

/** Bars a year, read from the spacing of the bars from the first decision on (what Sharpe is annualised with). */
export function perYearOf(candles: readonly { time: number }[], bars: readonly number[]): number | null {
  return barsPerYear(candles.slice(itemAt(bars, 0)).map((candle) => candle.time));
}

/** A decision bar as the result and its JSON give it: its close, its move, the model's directive (or why there is none)
 * and what each baseline decided there. */
function decisionRecord(
  candles: readonly Candle[],
  bar: number,
  horizon: number,
  model: Decision | undefined,
  baselines: BacktestOutcome["baselines"],
  index: number,
): BacktestDecisionRecord {
  const candle = itemAt(candles, bar);
  return {
    bar,
    time: new Date(candle.time).toISOString(),
    close: candle.close,
    move: decisionMove(candles, bar, horizon),
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
}
