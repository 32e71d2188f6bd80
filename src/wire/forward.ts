// The forward test's JSON (GET/POST /api/watchlist, GET /api/watchlist/<id>/record, quantagent history forward
// --json): a watchlist entry with its status and why it is paused, and the live record of an entry's model: every
// decision, the accuracy of those whose horizon has passed with its 95% Wilson interval, and the decisions played as a
// backtest (the model's equity after costs beside buy-and-hold and the baselines, the paired tests against
// always-LONG), in the backtest run report's own shape.
import { z } from "zod";

import { stagesSchema } from "../config/stages-schema";
import type { ForwardRecord } from "../forward/forward-record";
import type { WatchEntry } from "../journal/watchlist-store";
import { backtestRunReport, wireBacktestRunReportSchema } from "./backtest";

export const wireWatchEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  market: z.string().meta({ description: "the symbol or asset code watched" }),
  market_kind: z.enum(["symbol", "asset"]),
  timeframe: z.string(),
  stages: stagesSchema,
  samples: z.number().meta({ description: "analyses per bar (their majority is the decision)" }),
  settle_ms: z.number().meta({ description: "the wait after a bar's close before it is analysed" }),
  models: z
    .object({ agent: z.string().optional(), graph: z.string().optional() })
    .nullable()
    .meta({ description: "the entry's own models at the watcher's provider; null: the watcher's" }),
  status: z.enum(["active", "paused"]),
  paused_reason: z
    .string()
    .nullable()
    .meta({ description: "why the entry is paused (by hand, or three failed analyses in a row)" }),
  failures: z.number().meta({ description: "failed analyses in a row" }),
  last_error: z.string().nullable(),
});
export type WireWatchEntry = z.infer<typeof wireWatchEntrySchema>;

export function wireWatchEntry(entry: WatchEntry): WireWatchEntry {
  return {
    id: entry.id,
    created_at: entry.createdAt,
    market: entry.market,
    market_kind: entry.marketKind,
    timeframe: entry.timeframe,
    stages: entry.stages,
    samples: entry.samples,
    settle_ms: entry.settleMs,
    models: entry.models,
    status: entry.status,
    paused_reason: entry.pausedReason,
    failures: entry.failures,
    last_error: entry.lastError,
  };
}

export const watchlistAnswerSchema = z.object({ entries: z.array(wireWatchEntrySchema) });
export const watchEntryAnswerSchema = z.object({ success: z.literal(true), entry: wireWatchEntrySchema });
export const removeWatchEntryAnswerSchema = z.object({ success: z.literal(true), id: z.string() });

export const wireForwardRecordSchema = z.object({
  entry: wireWatchEntrySchema,
  model: z.string().meta({ description: "the graph model whose decisions these are" }),
  decisions: z.array(
    z.object({
      time: z.string().meta({ description: "the decision bar's open time" }),
      directive: z.enum(["LONG", "SHORT"]),
      analysis_id: z
        .string()
        .nullable()
        .meta({ description: "the analysis in the journal (null: answered from cache)" }),
    }),
  ),
  accuracy: z.object({
    scored: z.number().meta({ description: "decisions whose horizon has passed" }),
    hits: z.number(),
    rate: z.number().nullable(),
    ci_low: z.number().nullable().meta({ description: "the 95% Wilson interval of the rate" }),
    ci_high: z.number().nullable(),
  }),
  backtest: wireBacktestRunReportSchema
    .nullable()
    .meta({ description: "the decisions played with costs, as a backtest; null before a bar has followed one" }),
});
export type WireForwardRecord = z.infer<typeof wireForwardRecordSchema>;

export function wireForwardRecord(record: ForwardRecord): WireForwardRecord {
  const { accuracy } = record;
  return {
    entry: wireWatchEntry(record.entry),
    model: record.model,
    decisions: record.decisions.map((decision) => ({
      time: new Date(decision.barTime).toISOString(),
      directive: decision.directive,
      analysis_id: decision.analysisId,
    })),
    accuracy: {
      scored: accuracy.scored,
      hits: accuracy.hits,
      rate: accuracy.rate,
      ci_low: accuracy.interval?.low ?? null,
      ci_high: accuracy.interval?.high ?? null,
    },
    backtest: record.backtest && backtestRunReport(record.backtest),
  };
}
