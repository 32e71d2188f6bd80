// The history list: summaries of recorded analyses, newest first, filtered, one page at a time behind an opaque
// keyset cursor. Reads only the summary columns, never the stored result or the charts.
import type { Kysely } from "kysely";
import { z } from "zod";

import { analysisFilterCondition, analysisFilterShape } from "./analysis-filter";
import { type AnalysisStatus, analysisStatus, type OutcomeStatus, outcomeStatus } from "./analysis-status";
import type { JournalDatabase } from "./database-schema";
import type { JournalSource } from "./journal-entry";
import { newestFirstPage, pageOptionsShape } from "./list-cursor";
import type { AnalysisOutcome } from "./outcome";
import { OUTCOME_COLUMNS, outcomeFromColumns } from "./outcome-columns";
import { parseInput } from "./parse-input";

export const listAnalysesOptionsSchema = z.strictObject({
  ...analysisFilterShape,
  ...pageOptionsShape,
});
export type ListAnalysesOptions = z.input<typeof listAnalysesOptionsSchema>;

export interface AnalysisSummary {
  id: string;
  createdAt: string;
  source: JournalSource;
  asset: string;
  symbol: string;
  timeframe: string;
  /** Open time of the window's last bar; null for a run that failed before loading data. */
  windowEnd: string | null;
  barCount: number;
  /** Null for a failed run. */
  decision: "LONG" | "SHORT" | null;
  riskRewardRatio: number | null;
  models: { agent: { provider: string; model: string }; graph: { provider: string; model: string } };
  promptVersion: string;
  /** The agents saw a blind view (no date, name or price level). */
  blind: boolean;
  costUsd: number | null;
  tokens: { input: number; output: number };
  error: { code: string; message: string } | null;
  /** Done (a decision), failed, or cancelled (stopped by the caller or a server shutting down). */
  status: AnalysisStatus;
  outcome: AnalysisOutcome | null;
  /**
   * Scored; pending (waiting for the market's later bars); no_later_bars (the caller's own data had none after the
   * window: it will never be scored); none (no decision).
   */
  outcomeStatus: OutcomeStatus;
  /** Made with the demo provider ("demo: scripted, not a model"): left out of accuracy statistics. */
  demo: boolean;
}

export interface AnalysisPage {
  analyses: AnalysisSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

const summaryColumns = [
  "id",
  "created_at",
  "source",
  "asset",
  "symbol",
  "timeframe",
  "window_end",
  "bar_count",
  "decision",
  "risk_reward_ratio",
  "agent_provider",
  "agent_model",
  "graph_provider",
  "graph_model",
  "prompt_version",
  "blind",
  "cost_usd",
  "input_tokens",
  "output_tokens",
  "error_code",
  "error_message",
  ...OUTCOME_COLUMNS,
  // Small: CSV text and candles are recorded by their size only. Tells the caller's own data from a market's.
  "request",
] as const;

export async function listAnalyses(
  db: Kysely<JournalDatabase>,
  input: ListAnalysesOptions = {},
): Promise<AnalysisPage> {
  const { limit, cursor, ...filter } = parseInput(listAnalysesOptionsSchema, input, "list options");
  const query = db.selectFrom("analyses").select(summaryColumns).where(analysisFilterCondition(filter));
  const { rows, nextCursor } = await newestFirstPage(query, { limit, cursor });
  return {
    analyses: rows.map((row) => {
      const outcome = outcomeFromColumns(row);
      return {
        id: row.id,
        createdAt: row.created_at,
        source: row.source as JournalSource,
        asset: row.asset,
        symbol: row.symbol,
        timeframe: row.timeframe,
        windowEnd: row.window_end,
        barCount: Number(row.bar_count),
        decision: row.decision as AnalysisSummary["decision"],
        riskRewardRatio: row.risk_reward_ratio === null ? null : Number(row.risk_reward_ratio),
        models: {
          agent: { provider: row.agent_provider, model: row.agent_model },
          graph: { provider: row.graph_provider, model: row.graph_model },
        },
        promptVersion: row.prompt_version,
        blind: Number(row.blind) === 1,
        costUsd: row.cost_usd === null ? null : Number(row.cost_usd),
        tokens: { input: Number(row.input_tokens), output: Number(row.output_tokens) },
        error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? "" },
        status: analysisStatus(row),
        outcome,
        outcomeStatus: outcomeStatus(row, outcome !== null),
        demo: row.agent_provider === "demo" || row.graph_provider === "demo",
      };
    }),
    nextCursor,
  };
}
