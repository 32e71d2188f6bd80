// What the journal records of an analysis: the entry made from a finished result, or from a run that failed. Pure.
//
// The request is kept as asked, except the bulk of CSV text or candles (up to megabytes, and already summarised by
// the window, the candles of the result and the entry bar): they are recorded by size. Secrets are removed by the
// caller, which knows the keys in use.
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import type { Config } from "../config/config-schema";
import type { JournalEntryInput, JournalSource } from "../journal/journal-entry";
import { modelSettingsFor } from "../llm/create-chat-model";
import { estimateCostUsd } from "../llm/model-prices";
import type { Stages } from "../stages/stages-schema";
import type { AnalysisResult } from "./analysis-result";
import type { AnalyzeRequest } from "./analyze-request";
import { toWireResult } from "./wire";

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

function costOf(result: AnalysisResult): number | null {
  let total = 0;
  for (const call of result.usage.calls) {
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
    costUsd: costOf(result),
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
  const name = request.name ?? ("csv" in request ? "Uploaded CSV" : "Custom data");
  return { asset: name, symbol: name };
}

export function entryFromFailure(
  error: unknown,
  options: {
    source: JournalSource;
    request: AnalyzeRequest;
    config: Readonly<Config>;
    promptVersion: string;
    plugins: { name: string; version: string }[];
    stages: Stages;
  },
): JournalEntryInput {
  const { config } = options;
  const code = QuantAgentError.isInstance(error) ? error.code : "internal";
  const message = describeError(error);
  return {
    source: options.source,
    request: summariseRequest(options.request),
    ...subjectOf(options.request),
    timeframe: options.request.timeframe,
    window: null,
    barCount: 0,
    models: { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") },
    promptVersion: options.promptVersion,
    plugins: options.plugins,
    stages: options.stages,
    decision: null,
    entry: null,
    error: { code, message },
    result: { success: false, code, error: message },
  };
}
