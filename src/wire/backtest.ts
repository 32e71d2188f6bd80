// The backtest's JSON in the snake_case of every JSON this project writes (`total_return`, `max_drawdown`, `equity:
// [{time, value}]`): the report file's `backtest` object, what the journal keeps of a run (its report and settings),
// and an ablation's. Each shape is a zod schema with its type inferred from it; the mappings from the library's
// camelCase records are the only place the names change.
import { z } from "zod";

import type { BacktestAblation } from "../backtest/backtest-ablation";
import type { BacktestLine } from "../backtest/backtest-lines";
import type { BacktestResult } from "../backtest/backtest-result";
import type { LineSignificance } from "../backtest/backtest-significance";
import { significanceWords } from "../backtest/backtest-tables";
import type { BacktestEstimate } from "../backtest/cost-estimate";
import { stagesSchema } from "../config/stages-schema";
import type { TokenUsage } from "../llm/chat-model";
import type { UsageSummary } from "../llm/usage-meter";
import { wirePairedTest, wirePairedTestSchema } from "./paired-test";

const modelUsedSchema = z.object({ provider: z.string(), model: z.string(), temperature: z.number() });
const tokensSchema = z.object({ input_tokens: z.number(), output_tokens: z.number() });

export const wireBacktestLineSchema = z.object({
  name: z.string().meta({ description: "the graph model's name, buy_and_hold, or a baseline's id" }),
  kind: z.enum(["model", "baseline"]),
  trades: z.number(),
  total_return: z.number().meta({ description: "a fraction: 0.05 is 5%" }),
  sharpe: z.number().nullable().meta({ description: "annualised from the bars' own spacing" }),
  max_drawdown: z.number().meta({ description: "a positive fraction" }),
  hit_rate: z.number().nullable(),
  exposure: z.number(),
  equity: z.array(z.object({ time: z.string(), value: z.number() })),
});
export type WireBacktestLine = z.infer<typeof wireBacktestLineSchema>;

export const wireLinePairedTestSchema = wirePairedTestSchema.extend({ b: z.literal("always_long") });

/** One line held against a yardstick by the circular block bootstrap of their per-bar return difference. */
export const wireLineSignificanceSchema = z.object({
  line: z.string(),
  against: z.enum(["buy_and_hold", "always_long"]),
  excess_return: z.number().meta({ description: "the line's total return less the yardstick's: a fraction" }),
  ci_low: z.number().meta({ description: "the 95% bootstrap interval of the excess return" }),
  ci_high: z.number(),
  p_value: z.number().meta({ description: "two-sided: an excess this far from 0 by luck alone" }),
  sharpe_difference: z
    .number()
    .nullable()
    .meta({ description: "per-bar Sharpe ratios' difference; null when either is flat" }),
  sharpe_ci_low: z.number().nullable(),
  sharpe_ci_high: z.number().nullable(),
  block_bars: z.number().meta({ description: "bars per resampled block: the schedule's step" }),
  resamples: z.number(),
});

/** The deflated Sharpe ratio (Bailey and López de Prado, 2014) of the model line, or without one the best baseline. */
export const wireDeflatedSharpeSchema = z.object({
  line: z.string(),
  sharpe: z.number().nullable().meta({ description: "per bar, not annualised" }),
  trials: z.number().meta({
    description:
      "configurations tried: backtests with a model on the same series (this one included), or the baselines",
  }),
  sharpe_threshold: z.number().meta({ description: "the largest per-bar Sharpe ratio luck alone would give N tries" }),
  psr: z.number().nullable().meta({ description: "probability that the true Sharpe ratio is above 0" }),
  dsr: z.number().nullable().meta({ description: "probability that it is above the threshold; null with one try" }),
});

export const wireBacktestSettingsSchema = z.object({
  series: z.object({ name: z.string(), timeframe: z.string(), bars: z.number(), start: z.string(), end: z.string() }),
  window_bars: z.number(),
  horizon: z.number(),
  step: z.number(),
  cost_bps: z.number(),
  seed: z.number(),
  bars_per_year: z.number().nullable(),
  models: z.object({ agent: modelUsedSchema, graph: modelUsedSchema }).nullable(),
  prompt_version: z.string().nullable(),
  plugins: z.array(z.object({ name: z.string(), version: z.string() })),
  stages: stagesSchema,
  blind: z.boolean(),
  mirror: z.boolean(),
  cache_dir: z.string().nullable(),
});

export const wireMirroredBacktestSchema = z.object({
  lines: z.array(wireBacktestLineSchema),
  paired: z.array(wireLinePairedTestSchema),
  errors: z.number().meta({ description: "mirrored analyses that failed" }),
});

/** What the journal keeps beside a backtest run, for the History's chart (the cache folder left out). */
export const wireBacktestRunReportSchema = z.object({
  settings: wireBacktestSettingsSchema.omit({ cache_dir: true }),
  lines: z.array(wireBacktestLineSchema),
  paired: z.array(wireLinePairedTestSchema),
  significance: z.array(wireLineSignificanceSchema),
  deflated_sharpe: wireDeflatedSharpeSchema.nullable(),
  verdict: z.array(z.string()).meta({
    description: "in words: whether any line beats buy-and-hold by more than luck, and the deflated Sharpe ratio",
  }),
  mirror: wireMirroredBacktestSchema.nullable(),
});
export type WireBacktestRunReport = z.infer<typeof wireBacktestRunReportSchema>;

/** The report file's `backtest` object: the whole record. */
export const wireBacktestSchema = wireBacktestRunReportSchema.extend({
  settings: wireBacktestSettingsSchema,
  decisions: z.array(
    z.object({
      bar: z.number(),
      time: z.string(),
      close: z.number(),
      move: z.number(),
      directive: z.enum(["LONG", "SHORT"]).nullable(),
      risk: z
        .object({
          stop_loss: z.number().nullable(),
          take_profit: z.number().nullable(),
          size: z.number().nullable(),
          atr: z.number().nullable(),
          reason: z.string(),
        })
        .nullable()
        .optional(),
      cached: z.boolean().optional(),
      error: z.string().optional(),
      baselines: z.record(z.string(), z.enum(["LONG", "SHORT"])),
    }),
  ),
  estimate: z
    .object({
      decisions: z.number(),
      cached: z.number(),
      to_analyse: z.number(),
      calls: z.number(),
      input_tokens: z.number(),
      output_tokens: z.number(),
      cost_usd: z.number().nullable(),
      unpriced_models: z.array(z.string()),
      cost_label: z.string(),
    })
    .nullable(),
  usage: z.object({
    fresh_calls: z.number(),
    cached_calls: z.number(),
    fresh_tokens: tokensSchema,
    cached_tokens: tokensSchema,
    estimated_cost_usd: z.number(),
    cost_label: z.string(),
    unpriced_models: z.array(z.string()),
  }),
  errors: z.number(),
  started_at: z.string(),
  duration_ms: z.number(),
  journal_run_id: z.string().optional(),
  journal_error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type WireBacktest = z.infer<typeof wireBacktestSchema>;

/** A backtest ablation's JSON: the model's line without and with the stages, and the paired test of their hits. */
export const wireBacktestAblationSchema = z.object({
  /** "stages": without and with the stages; "agents": the single agent ("without") and the team ("with"). */
  kind: z.enum(["stages", "agents"]),
  stages: stagesSchema,
  without: wireBacktestLineSchema,
  with: wireBacktestLineSchema,
  compared: z.number(),
  agreements: z.number(),
  paired: wirePairedTestSchema.extend({ a: z.literal("without"), b: z.literal("with") }),
  decisions: z.array(
    z.object({ bar: z.number(), time: z.string(), without: z.string(), with: z.string(), agree: z.boolean() }),
  ),
});

export function wireBacktestLine(line: BacktestLine): WireBacktestLine {
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

export function wireLineSignificance(test: LineSignificance): z.infer<typeof wireLineSignificanceSchema> {
  return {
    line: test.line,
    against: test.against,
    excess_return: test.excessReturn,
    ci_low: test.ciLow,
    ci_high: test.ciHigh,
    p_value: test.pValue,
    sharpe_difference: test.sharpeDifference,
    sharpe_ci_low: test.sharpeCiLow,
    sharpe_ci_high: test.sharpeCiHigh,
    block_bars: test.blockBars,
    resamples: test.resamples,
  };
}

export function wireBacktestSettings(settings: BacktestResult["settings"]): z.infer<typeof wireBacktestSettingsSchema> {
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

/**
 * What the journal keeps beside a backtest run, for the History's chart: settings, lines with equity, tests. The
 * cache folder is left out: it is a path on the machine that ran the backtest, and the journal is served over HTTP.
 */
export function backtestRunReport(result: BacktestResult): WireBacktestRunReport {
  const { cache_dir: _cacheDir, ...settings } = wireBacktestSettings(result.settings);
  const { mirror } = result;
  return {
    settings,
    lines: result.lines.map(wireBacktestLine),
    paired: result.paired.map(wirePairedTest),
    significance: result.significance.map(wireLineSignificance),
    deflated_sharpe: result.deflatedSharpe && {
      line: result.deflatedSharpe.line,
      sharpe: result.deflatedSharpe.sharpe,
      trials: result.deflatedSharpe.trials,
      sharpe_threshold: result.deflatedSharpe.sharpeThreshold,
      psr: result.deflatedSharpe.psr,
      dsr: result.deflatedSharpe.dsr,
    },
    verdict: significanceWords(result),
    mirror: mirror
      ? { lines: mirror.lines.map(wireBacktestLine), paired: mirror.paired.map(wirePairedTest), errors: mirror.errors }
      : null,
  };
}

/** The whole record as the report's JSON file holds it, under `backtest`. */
export function backtestWire(result: BacktestResult): WireBacktest {
  const { estimate, usage } = result;
  return {
    ...backtestRunReport(result),
    settings: wireBacktestSettings(result.settings),
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
    estimate: estimate && wireEstimate(estimate),
    usage: wireUsage(usage),
    errors: result.errors,
    ...wireRunRecord(result),
  };
}

export function backtestReportJson(result: BacktestResult): string {
  return `${JSON.stringify({ backtest: backtestWire(result) }, null, 2)}\n`;
}

export function backtestAblationWire(ablation: BacktestAblation): z.infer<typeof wireBacktestAblationSchema> {
  return {
    kind: ablation.kind,
    stages: ablation.stages,
    without: wireBacktestLine(ablation.without),
    with: wireBacktestLine(ablation.with),
    compared: ablation.compared,
    agreements: ablation.agreements,
    paired: wirePairedTest({ ...ablation.paired, a: "without", b: "with" }),
    decisions: ablation.decisions,
  };
}

function wireTokens(tokens: TokenUsage) {
  return { input_tokens: tokens.inputTokens, output_tokens: tokens.outputTokens };
}

/** The cost estimate told before a run of decisions (a backtest, a chart probe). */
export function wireEstimate(estimate: BacktestEstimate) {
  return {
    decisions: estimate.decisions,
    cached: estimate.cached,
    to_analyse: estimate.toAnalyse,
    calls: estimate.calls,
    input_tokens: estimate.tokens.inputTokens,
    output_tokens: estimate.tokens.outputTokens,
    cost_usd: estimate.costUsd,
    unpriced_models: estimate.unpricedModels,
    cost_label: estimate.costLabel,
  };
}

/** When a run of decisions started, how long it took, and what the journal made of it. */
export function wireRunRecord(run: {
  startedAt: string;
  durationMs: number;
  journalRunId?: string;
  journalError?: { code: string; message: string };
}) {
  return {
    started_at: run.startedAt,
    duration_ms: run.durationMs,
    ...(run.journalRunId === undefined ? {} : { journal_run_id: run.journalRunId }),
    ...(run.journalError === undefined ? {} : { journal_error: run.journalError }),
  };
}

/** What a run of decisions used: fresh and cached calls and tokens, and their cost. */
export function wireUsage(usage: UsageSummary) {
  return {
    fresh_calls: usage.freshCalls,
    cached_calls: usage.cachedCalls,
    fresh_tokens: wireTokens(usage.freshTokens),
    cached_tokens: wireTokens(usage.cachedTokens),
    estimated_cost_usd: usage.estimatedCostUsd,
    cost_label: usage.costLabel,
    unpriced_models: usage.unpricedModels,
  };
}
