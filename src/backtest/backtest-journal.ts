// A backtest run as the journal keeps it: one run of kind "backtest" with its settings, models, prompt version and
// plugins, one point per decision bar (the model's directive, or null, and the move over the horizon), and its
// report (the lines with their equity curves, the paired tests) for the History's chart. Recorded when the config's
// journal is on (src/experiment/record-run.ts).
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
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
