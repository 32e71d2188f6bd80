// The backtest's JSON, made in one place: the report file's `backtest` object and what the journal keeps of a run,
// in the snake_case of every JSON this project writes (`total_return`, `max_drawdown`, `equity: [{time, value}]`).
import type { BacktestLine, LinePairedTest } from "../backtest/backtest-lines";
import type { BacktestResult } from "../backtest/backtest-result";
import type { TokenUsage } from "../llm/chat-model";

export function wireBacktestLine(line: BacktestLine) {
  return {
    name: line.name,
    kind: line.kind,
    trades: line.trades,
    total_return: line.totalReturn,
    sharpe: line.sharpe,
    max_drawdown: line.maxDrawdown,
    hit_rate: line.hitRate,
    exposure: line.exposure,
    equity: line.equity,
  };
}

export function wirePairedTest(test: LinePairedTest) {
  return {
    a: test.a,
    b: test.b,
    n: test.n,
    a_hits: test.aHits,
    b_hits: test.bHits,
    a_only: test.aOnly,
    b_only: test.bOnly,
    p_value: test.pValue,
  };
}

export function wireBacktestSettings(settings: BacktestResult["settings"]) {
  return {
    series: settings.series,
    window_bars: settings.windowBars,
    horizon: settings.horizon,
    step: settings.step,
    cost_bps: settings.costBps,
    seed: settings.seed,
    bars_per_year: settings.barsPerYear,
    models: settings.models,
    prompt_version: settings.promptVersion,
    plugins: settings.plugins,
    // Results made before the stages existed have none.
    stages: settings.stages ?? {},
    blind: settings.blind ?? false,
    mirror: settings.mirror ?? false,
    cache_dir: settings.cacheDir,
  };
}

/** The mirrored run (every line on the series' mirror image), or null for a run without mirror. */
export function wireMirroredBacktest(mirror: BacktestResult["mirror"]) {
  return mirror
    ? { lines: mirror.lines.map(wireBacktestLine), paired: mirror.paired.map(wirePairedTest), errors: mirror.errors }
    : null;
}

/**
 * What the journal keeps beside a backtest run, for the History's chart: settings, lines with equity, tests. The
 * cache folder is left out: it is a path on the machine that ran the backtest, and the journal is served over HTTP.
 */
export function backtestRunReport(result: BacktestResult) {
  const { cache_dir: _cacheDir, ...settings } = wireBacktestSettings(result.settings);
  return {
    settings,
    lines: result.lines.map(wireBacktestLine),
    paired: result.paired.map(wirePairedTest),
    mirror: wireMirroredBacktest(result.mirror),
  };
}

/** The whole record as the report's JSON file holds it, under `backtest`. */
export function backtestWire(result: BacktestResult) {
  return {
    settings: wireBacktestSettings(result.settings),
    lines: result.lines.map(wireBacktestLine),
    paired: result.paired.map(wirePairedTest),
    mirror: wireMirroredBacktest(result.mirror),
    decisions: result.decisions.map((decision) => ({
      bar: decision.bar,
      time: decision.time,
      close: decision.close,
      move: decision.move,
      directive: decision.directive ?? null,
      ...(decision.risk === undefined
        ? {}
        : {
            risk: decision.risk && {
              stop_loss: decision.risk.stopLoss,
              take_profit: decision.risk.takeProfit,
              size: decision.risk.size,
              atr: decision.risk.atr,
              reason: decision.risk.reason,
            },
          }),
      ...(decision.cached === undefined ? {} : { cached: decision.cached }),
      ...(decision.error === undefined ? {} : { error: decision.error }),
      baselines: decision.baselines,
    })),
    estimate: result.estimate && {
      decisions: result.estimate.decisions,
      cached: result.estimate.cached,
      to_analyse: result.estimate.toAnalyse,
      calls: result.estimate.calls,
      input_tokens: result.estimate.tokens.inputTokens,
      output_tokens: result.estimate.tokens.outputTokens,
      cost_usd: result.estimate.costUsd,
      unpriced_models: result.estimate.unpricedModels,
      cost_label: result.estimate.costLabel,
    },
    usage: {
      fresh_calls: result.usage.freshCalls,
      cached_calls: result.usage.cachedCalls,
      fresh_tokens: wireTokens(result.usage.freshTokens),
      cached_tokens: wireTokens(result.usage.cachedTokens),
      estimated_cost_usd: result.usage.estimatedCostUsd,
      cost_label: result.usage.costLabel,
      unpriced_models: result.usage.unpricedModels,
    },
    errors: result.errors,
    started_at: result.startedAt,
    duration_ms: result.durationMs,
    ...(result.journalRunId === undefined ? {} : { journal_run_id: result.journalRunId }),
    ...(result.journalError === undefined ? {} : { journal_error: result.journalError }),
  };
}

export function backtestReportJson(result: BacktestResult): string {
  return `${JSON.stringify({ backtest: backtestWire(result) }, null, 2)}\n`;
}

function wireTokens(tokens: TokenUsage) {
  return { input_tokens: tokens.inputTokens, output_tokens: tokens.outputTokens };
}
