// The record a backtest returns, made from its decisions: every line played through the position engine on the
// series, the decision records, the paired tests and the settings. One function for a backtest in one process and a
// queued one (its decisions made by workers), so the same decisions give the same equity, to the last digit. Pure.
import { itemAt } from "../common/item-at";
import type { Decision } from "../experiment/decision";
import type { UsageSummary } from "../llm/usage-meter";
import type { BaselineId } from "../scoring/baselines";
import type { Directive } from "../scoring/directive";
import type { TradingCost } from "../scoring/trading-cost";
import { backtestLines, engineDecisions } from "./backtest-lines";
import type { BacktestResult, BacktestSettings } from "./backtest-result";
import type { LoadedSeries } from "./backtest-series";
import { bestDeflatedSharpe, lineSignificance } from "./backtest-significance";
import type { BacktestEstimate } from "./cost-estimate";
import { decisionRecords } from "./decision-records";
import { barsPerYear } from "./equity-metrics";
import type { MirroredBacktest } from "./mirror-backtest";

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
  mirror: MirroredBacktest | null;
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
  const { lines, paired } = backtestLines({
    candles,
    bars,
    horizon,
    cost,
    barsPerYear: perYear,
    baselines: outcome.baselines,
    model: model && { name: model.name, kind: "model", decisions: engineDecisions(bars, model.decisions) },
  });
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
    decisions: decisionRecords({ candles, bars, horizon, baselines: outcome.baselines, model: model?.decisions }),
    lines,
    paired,
    significance: lineSignificance(lines, { step: outcome.step, seed: outcome.seed, resamples: outcome.resamples }),
    deflatedSharpe: bestDeflatedSharpe(lines, { count: outcome.trials ?? 1 }),
    mirror: outcome.mirror,
    estimate: outcome.estimate,
    usage: outcome.usage,
    errors: model?.decisions.filter((decision) => decision.error !== undefined).length ?? 0,
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
  };
}

/** Bars a year, read from the spacing of the bars from the first decision on (what Sharpe is annualised with). */
export function perYearOf(candles: readonly { time: number }[], bars: readonly number[]): number | null {
  return barsPerYear(candles.slice(itemAt(bars, 0)).map((candle) => candle.time));
}
