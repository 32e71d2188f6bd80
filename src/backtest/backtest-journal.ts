// A backtest run as the journal keeps it: one run of kind "backtest" with its settings, models, prompt version and
// plugins, one point per decision bar (the model's directive, or null, and the move over the horizon), and its
// report (the lines with their equity curves, the paired tests) for the History's chart. Recorded when the config's
// journal is on; a journal that cannot record leaves the run's figures whole and says why.
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor } from "../common/secret-redactor";
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import { openJournal } from "../journal/open-journal";
import type { Pipeline } from "../pipeline/pipeline";
import { databaseUrlOf, passwordOf } from "../pipeline/pipeline-journal";
import type { BacktestResult } from "./backtest-result";
import { backtestRunReport } from "./backtest-wire";

export function backtestRunInput(result: BacktestResult): EvaluationRunInput {
  const { settings } = result;
  return {
    kind: "backtest",
    report: backtestRunReport(result),
    timeframe: settings.series.timeframe,
    // In the snake_case of the backtest's JSON, as the History shows it.
    settings: {
      series: settings.series,
      window_bars: settings.windowBars,
      horizon: settings.horizon,
      step: settings.step,
      cost_bps: settings.costBps,
      seed: settings.seed,
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

/**
 * The run's journal id, or why it could not be recorded (the run itself stands either way): in the caller's pipeline's
 * journal when the backtest was given one, else in the journal the config names.
 */
export async function recordBacktestRun(
  result: BacktestResult,
  target: { pipeline: Pipeline } | { config: Config; env: Env },
): Promise<Pick<BacktestResult, "journalRunId" | "journalError">> {
  const databaseUrl = "pipeline" in target ? undefined : databaseUrlOf(target.config, target.env);
  try {
    if ("pipeline" in target)
      return { journalRunId: (await target.pipeline.journal.recordEvaluationRun(backtestRunInput(result))).id };
    const journal = await openJournal({ dataDir: target.config.data_dir, databaseUrl });
    try {
      return { journalRunId: (await journal.recordEvaluationRun(backtestRunInput(result))).id };
    } finally {
      await journal.close();
    }
  } catch (error) {
    const secrets = () => ("pipeline" in target ? target.pipeline.secretValues() : [passwordOf(databaseUrl)]);
    const redact = createSecretRedactor(secrets).redact;
    return {
      journalError: {
        code: QuantAgentError.isInstance(error) ? error.code : "internal",
        message: redact(`The run was not recorded in the journal: ${describeError(error)}`),
      },
    };
  }
}
