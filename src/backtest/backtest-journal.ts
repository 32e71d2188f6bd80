// A backtest run as the journal keeps it: one run of kind "backtest" with its settings, models, prompt version and
// plugins, one point per decision bar (the model's directive, or null, and the move over the horizon), and its
// report (the lines with their equity curves, the paired tests) for the History's chart. Recorded when the config's
// journal is on (src/experiment/record-run.ts).
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import type { Journal } from "../journal/journal";
import { backtestRunReport, wireBacktestSettings } from "../wire/backtest";
import type { BacktestResult } from "./backtest-result";

export function backtestRunInput(result: BacktestResult): EvaluationRunInput {
  const { settings } = result;
  const { series, window_bars, horizon, step, cost_bps, seed, stages } = wireBacktestSettings(settings);
  return {
    kind: "backtest",
    report: backtestRunReport(result),
    timeframe: settings.series.timeframe,
    // In the snake_case of the backtest's JSON, as the History shows it.
    settings: {
      series,
      window_bars,
      horizon,
      step,
      cost_bps,
      seed,
      stages,
      started_at: result.startedAt,
      duration_ms: result.durationMs,
      errors: result.errors,
    },
    models: settings.models,
    // A baselines-only run has no prompts; the column wants a value.
    promptVersion: settings.promptVersion ?? "none",
    plugins: settings.plugins,
    points: result.decisions.map((decision, index) => ({
      id: `bar-${decision.bar}`,
      asset: settings.series.name,
      window: 0,
      point: index,
      lastBarTime: decision.time,
      entryClose: decision.close,
      directive: decision.directive ?? null,
      moves: [{ horizon: settings.horizon, move: decision.move }],
      error: decision.error ?? null,
    })),
  };
}

/** The series a backtest ran on, as its settings in the journal name it. */
export interface SeriesIdentity {
  name: string;
  timeframe: string;
  start: string;
  end: string;
}

/** The identity of a loaded series, as assembleBacktest writes it in the settings. */
export function seriesIdentity(series: {
  name: string;
  timeframe: string;
  candles: readonly { time: number }[];
}): SeriesIdentity {
  const first = series.candles[0]?.time ?? 0;
  const last = series.candles.at(-1)?.time ?? 0;
  return {
    name: series.name,
    timeframe: series.timeframe,
    start: new Date(first).toISOString(),
    end: new Date(last).toISOString(),
  };
}

/**
 * How many backtests with a model the journal holds on this very series (its name, timeframe, first and last bar):
 * the tries a new run's Sharpe ratio is deflated by, with itself.
 */
export async function modelBacktestsOn(
  journal: Pick<Journal, "listEvaluationRuns">,
  series: SeriesIdentity,
): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await journal.listEvaluationRuns({ kind: "backtest", limit: 500, cursor });
    for (const run of page.runs) {
      const recorded = run.settings.series as Partial<SeriesIdentity> | undefined;
      if (
        run.models !== null &&
        recorded?.name === series.name &&
        recorded.timeframe === series.timeframe &&
        recorded.start === series.start &&
        recorded.end === series.end
      )
        count += 1;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return count;
}
