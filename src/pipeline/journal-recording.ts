// What the journal records of an analysis: the entry made from a finished result, or from a run that failed or was
// cancelled after it reached the models (with what it spent). Pure.
//
// The request is kept as asked, except the bulk of CSV text or candles (up to megabytes, and already summarised by
// the window, the candles of the result and the entry bar): they are recorded by size. Secrets are removed by the
// caller, which knows the keys in use.
import type { ModelCallRecord } from "../agents/model-call";
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import type { Config } from "../config/config-schema";
import type { Stages } from "../config/stages-schema";
import { CANCELLED_CODE } from "../journal/analysis-status";
import type { JournalEntryInput, JournalSource } from "../journal/journal-entry";
import { estimateCostUsd } from "../llm/model-prices";
import { modelsUsedBy } from "../llm/model-settings";
import { toWireResult } from "../wire/analysis-result";
import type { AnalysisResult } from "./analysis-result";
import type { AnalyzeRequest } from "./analyze-request";
import type { RunTrace } from "./run-trace";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The request as JSON, with CSV text and candle lists replaced by their size. */
export function summariseRequest(request: AnalyzeRequest): { [key: string]: Json } {
  const summary: { [key: string]: Json } = {};
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined) continue;
    if (field === "csv" && typeof value === "string")
      summary.csv = `<${value.split(/\r\n|\r|\n/).length} lines, ${value.length} characters>`;
    else if (field === "candles" && Array.isArray(value)) summary.candles = `<${value.length} candles>`;
    else if (value instanceof Date) summary[field] = value.toISOString();
    else summary[field] = JSON.parse(JSON.stringify(value)) as Json;
  }
  return summary;
}

function costOf(calls: readonly ModelCallRecord[]): number | null {
  let total = 0;
  for (const call of calls) {
    const cost = estimateCostUsd(call.model, call.usage);
    if (cost === undefined) return null;
    total += cost;
  }
  return total;
}

export function entryFromResult(
  result: AnalysisResult,
  options: { source: JournalSource; request: AnalyzeRequest; promptVersion: string },
): JournalEntryInput {
  const last = result.candles[result.candles.length - 1];
  return {
    source: options.source,
    request: summariseRequest(options.request),
    asset: result.asset,
    symbol: result.symbol,
    timeframe: result.timeframe,
    window: result.window,
    barCount: result.barCount,
    models: result.models,
    promptVersion: options.promptVersion,
    blind: result.blind,
    plugins: result.plugins,
    stages: result.stages,
    reports: { ...result.reports, analysts: result.analystReports },
    decision: result.decision,
    charts: {
      pattern: Buffer.from(result.charts.pattern, "base64"),
      trend: Buffer.from(result.charts.trend, "base64"),
    },
    usage: {
      callsPerStep: result.usage.callsPerStep,
      inputTokens: result.usage.total.inputTokens,
      outputTokens: result.usage.total.outputTokens,
    },
    costUsd: costOf(result.usage.calls),
    timingsMs: Object.fromEntries(
      Object.entries(result.timingsMs).filter((entry): entry is [string, number] => entry[1] !== undefined),
    ),
    entry: last ? { close: last.close, time: new Date(last.time).toISOString() } : null,
    error: null,
    result: toWireResult(result),
  };
}

/** What names the data of a request that failed before a result existed. */
function subjectOf(request: AnalyzeRequest): { asset: string; symbol: string } {
  if ("asset" in request) return { asset: request.asset, symbol: request.asset };
  if ("symbol" in request) return { asset: request.symbol, symbol: request.symbol };
  if ("sample" in request) return { asset: request.sample.asset, symbol: request.sample.asset };
  const name = request.name ?? ("csv" in request ? "Uploaded CSV" : "Custom data");
  return { asset: name, symbol: name };
}

/** What a run spent, from the calls that finished: tokens per step and in all, and the estimated cost. */
function usageOf(calls: readonly ModelCallRecord[]): Pick<JournalEntryInput, "usage" | "costUsd"> {
  const callsPerStep: Record<string, number> = {};
  for (const call of calls) callsPerStep[call.step] = (callsPerStep[call.step] ?? 0) + 1;
  return {
    usage: {
      callsPerStep,
      inputTokens: calls.reduce((sum, call) => sum + call.usage.inputTokens, 0),
      outputTokens: calls.reduce((sum, call) => sum + call.usage.outputTokens, 0),
    },
    costUsd: costOf(calls),
  };
}

/**
 * The entry of a run that ended without a result: failed (its error) or cancelled (`cancelledBy`, the reason the
 * caller's signal gave: recorded with the code "cancelled"), with what it spent and the window it was analysing.
 */
export function entryFromFailure(
  error: unknown,
  options: {
    source: JournalSource;
    request: AnalyzeRequest;
    config: Readonly<Config>;
    promptVersion: string;
    plugins: { name: string; version: string }[];
    trace: RunTrace;
    /** Set when the caller's signal stopped the run: its reason. */
    cancelledBy?: unknown;
    stages: Stages;
    /** Where base URLs are read: a model at another address than its provider's is recorded by it. */
    env: Record<string, string | undefined>;
  },
): JournalEntryInput {
  const { config, trace } = options;
  const cancelled = options.cancelledBy !== undefined;
  const code = cancelled ? CANCELLED_CODE : QuantAgentError.isInstance(error) ? error.code : "internal";
  const message = cancelled
    ? `The analysis was cancelled: ${describeError(options.cancelledBy)}`
    : describeError(error);
  const window = trace.window;
  const first = window?.candles[0];
  const last = window?.candles[window.candles.length - 1];
  return {
    source: options.source,
    request: summariseRequest(options.request),
    ...subjectOf(options.request),
    ...(window ? { asset: window.asset, symbol: window.symbol } : {}),
    timeframe: options.request.timeframe,
    window:
      first && last
        ? {
            start: new Date(first.time).toISOString(),
            end: new Date(last.time).toISOString(),
            ...(window?.requestedStart === undefined ? {} : { requestedStart: window.requestedStart }),
          }
        : null,
    barCount: window?.candles.length ?? 0,
    models: modelsUsedBy(config, options.env),
    promptVersion: options.promptVersion,
    plugins: options.plugins,
    stages: options.stages,
    decision: null,
    ...usageOf(trace.calls()),
    entry: null,
    error: { code, message },
    result: { success: false, code, error: message },
  };
}
