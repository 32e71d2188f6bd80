// Recording one analysis: the entry is validated first (an invalid one writes nothing), then its charts and its row
// are written in one transaction, so no reader and no crash ever sees an analysis without its charts.
import type { Kysely } from "kysely";

import { storeCharts } from "./chart-store";
import type { AnalysesTable, JournalDatabase, JournalEngine } from "./database-schema";
import { type JournalEntry, journalEntryInputSchema } from "./journal-entry";
import { JournalError } from "./journal-error";
import { newJournalId } from "./journal-id";
import { parseInput } from "./parse-input";

export type ChartRole = "pattern" | "trend";

export interface RecordedAnalysis {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export function parseJournalEntry(input: unknown): JournalEntry {
  return parseInput(journalEntryInputSchema, input, "journal entry");
}

/**
 * The answered result carries both charts again as base64 (a third of their size more). The fields holding exactly
 * one of the entry's charts are stored as null and named in `chartFields`; reading the analysis puts the chart back
 * in the same place, so the stored answer comes back as it was while each chart is stored once.
 */
export function separateChartFields(
  result: Record<string, unknown>,
  charts: Partial<Record<ChartRole, Uint8Array>>,
): { stored: Record<string, unknown>; chartFields: Record<string, ChartRole> } {
  const encoded = new Map<ChartRole, string>();
  const base64Of = (role: ChartRole, png: Uint8Array) => {
    if (!encoded.has(role))
      encoded.set(role, Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString("base64"));
    return encoded.get(role) as string;
  };
  const stored: Record<string, unknown> = { ...result };
  const chartFields: Record<string, ChartRole> = {};
  for (const [field, value] of Object.entries(result)) {
    if (typeof value !== "string") continue;
    for (const role of ["pattern", "trend"] as const) {
      const png = charts[role];
      // A base64 text has 4 characters per 3 bytes, padded: compare lengths before encoding anything.
      if (png && value.length === Math.ceil(png.length / 3) * 4 && value === base64Of(role, png)) {
        stored[field] = null;
        chartFields[field] = role;
        break;
      }
    }
  }
  return { stored, chartFields };
}

/** The analyses row of an entry (without its chart keys, which storeCharts fills in). */
export function analysisRow(
  entry: JournalEntry,
  id: string,
  createdAt: string,
): Omit<AnalysesTable, "pattern_chart_sha256" | "trend_chart_sha256"> {
  const { stored, chartFields } = separateChartFields(entry.result, entry.charts);
  return {
    id,
    created_at: createdAt,
    source: entry.source,
    asset: entry.asset,
    symbol: entry.symbol,
    timeframe: entry.timeframe,
    window_start: entry.window?.start ?? null,
    window_end: entry.window?.end ?? null,
    window_requested_start: entry.window?.requestedStart ?? null,
    bar_count: entry.barCount,
    agent_provider: entry.models.agent.provider,
    agent_model: entry.models.agent.model,
    agent_temperature: entry.models.agent.temperature,
    graph_provider: entry.models.graph.provider,
    graph_model: entry.models.graph.model,
    graph_temperature: entry.models.graph.temperature,
    prompt_version: entry.promptVersion,
    blind: entry.blind ? 1 : 0,
    plugins: JSON.stringify(entry.plugins),
    request: JSON.stringify(entry.request),
    indicator_report: entry.reports.indicator,
    pattern_report: entry.reports.pattern,
    trend_report: entry.reports.trend,
    analyst_reports: JSON.stringify(entry.reports.analysts),
    decision: entry.decision?.decision ?? null,
    forecast_horizon: entry.decision?.forecastHorizon ?? null,
    justification: entry.decision?.justification ?? null,
    risk_reward_ratio: entry.decision?.riskRewardRatio ?? null,
    confidence: entry.decision?.confidence ?? null,
    agreement: entry.decision?.agreement ?? null,
    decision_samples: entry.decision?.samples ? JSON.stringify(entry.decision.samples) : null,
    calls_per_step: JSON.stringify(entry.usage.callsPerStep),
    input_tokens: entry.usage.inputTokens,
    output_tokens: entry.usage.outputTokens,
    cost_usd: entry.costUsd,
    timings_ms: JSON.stringify(entry.timingsMs),
    entry_close: entry.entry?.close ?? null,
    entry_time: entry.entry?.time ?? null,
    error_code: entry.error?.code ?? null,
    error_message: entry.error?.message ?? null,
    result: JSON.stringify(stored),
    result_chart_fields: JSON.stringify(chartFields),
    outcome_1_hit: null,
    outcome_1_return: null,
    outcome_3_hit: null,
    outcome_3_return: null,
    scored_at: null,
    stages: JSON.stringify(entry.stages),
    outcome_bar_time: null,
  };
}

export interface RecordAnalysisOptions {
  signal?: AbortSignal;
  /**
   * When the analysis was made, for importing analyses made earlier (a CLI's saved results, another journal).
   * Such a record sorts among the others by this time. @default now
   */
  recordedAt?: Date;
}

export async function recordAnalysis(
  db: Kysely<JournalDatabase>,
  engine: JournalEngine,
  input: unknown,
  options: RecordAnalysisOptions = {},
): Promise<RecordedAnalysis> {
  const entry = parseJournalEntry(input);
  const now = options.recordedAt ?? new Date();
  if (Number.isNaN(now.getTime()))
    throw new JournalError({ reason: "invalid_input", message: "recordedAt: not a valid date" });
  const id = newJournalId(now.getTime());
  const createdAt = now.toISOString();
  const row = analysisRow(entry, id, createdAt);
  // Past this point the write is one short transaction: it is not abandoned half-way for a signal.
  options.signal?.throwIfAborted();
  await db.transaction().execute(async (transaction) => {
    const { pattern, trend } = entry.charts;
    const keys = await storeCharts(
      transaction,
      engine,
      [pattern, trend].filter((png): png is Uint8Array => png !== undefined),
      createdAt,
    );
    const patternKey = pattern ? (keys.shift() ?? null) : null;
    const trendKey = trend ? (keys.shift() ?? null) : null;
    await transaction
      .insertInto("analyses")
      .values({ ...row, pattern_chart_sha256: patternKey, trend_chart_sha256: trendKey })
      .execute();
  });
  return { id, createdAt };
}
