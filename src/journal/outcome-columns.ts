// How an outcome sits in an analysis row: a hit (0/1) and a return per horizon, and when it was scored.
import { InternalError } from "../common/quantagent-error";
import type { AnalysesTable } from "./database-schema";
import type { AnalysisOutcome } from "./outcome";

/** The columns to select wherever an analysis's outcome is read back. */
export const OUTCOME_COLUMNS = ["outcome_1_hit", "outcome_1_return", "outcome_3_hit", "outcome_3_return"] as const;

export type OutcomeColumns = Pick<AnalysesTable, (typeof OUTCOME_COLUMNS)[number]>;

export function outcomeFromColumns(row: OutcomeColumns): AnalysisOutcome | null {
  if (
    row.outcome_1_hit === null ||
    row.outcome_1_return === null ||
    row.outcome_3_hit === null ||
    row.outcome_3_return === null
  )
    return null;
  return [
    { bars: 1, hit: Number(row.outcome_1_hit) === 1, return: Number(row.outcome_1_return) },
    { bars: 3, hit: Number(row.outcome_3_hit) === 1, return: Number(row.outcome_3_return) },
  ];
}

export function columnsOfOutcome(outcome: AnalysisOutcome): OutcomeColumns {
  const columns: OutcomeColumns = {
    outcome_1_hit: null,
    outcome_1_return: null,
    outcome_3_hit: null,
    outcome_3_return: null,
  };
  for (const horizon of outcome) {
    switch (horizon.bars) {
      case 1:
        columns.outcome_1_hit = horizon.hit ? 1 : 0;
        columns.outcome_1_return = horizon.return;
        break;
      case 3:
        columns.outcome_3_hit = horizon.hit ? 1 : 0;
        columns.outcome_3_return = horizon.return;
        break;
      default: {
        const exhaustive: never = horizon.bars;
        throw new InternalError({ message: `unknown horizon ${String(exhaustive)}` });
      }
    }
  }
  return columns;
}
