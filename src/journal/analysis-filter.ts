// The filters the history list and the statistics share, and the SQL condition they become.
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { z } from "zod";

import type { JournalDatabase } from "./database-schema";
import { journalSources } from "./journal-entry";

const filterText = z.string().trim().min(1, "must not be empty").max(200, "is too long");

export const analysisFilterShape = {
  /** The asset as requested (a built-in code such as BTC, or a custom symbol). */
  asset: filterText.optional(),
  timeframe: filterText.optional(),
  /** A model name, in either role (agent or graph). */
  model: filterText.optional(),
  /** A provider id, in either role. */
  provider: filterText.optional(),
  source: z.enum(journalSources).optional(),
};

export const analysisFilterSchema = z.strictObject(analysisFilterShape);
export type AnalysisFilter = z.input<typeof analysisFilterSchema>;
/** A filter after parsing. */
export type AnalysisFilterValues = z.output<typeof analysisFilterSchema>;

export function analysisFilterCondition(filter: AnalysisFilterValues) {
  return (eb: ExpressionBuilder<JournalDatabase, "analyses">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.asset !== undefined) conditions.push(eb("asset", "=", filter.asset));
    if (filter.timeframe !== undefined) conditions.push(eb("timeframe", "=", filter.timeframe));
    if (filter.model !== undefined)
      conditions.push(eb.or([eb("graph_model", "=", filter.model), eb("agent_model", "=", filter.model)]));
    if (filter.provider !== undefined)
      conditions.push(eb.or([eb("graph_provider", "=", filter.provider), eb("agent_provider", "=", filter.provider)]));
    if (filter.source !== undefined) conditions.push(eb("source", "=", filter.source));
    return eb.and(conditions);
  };
}
