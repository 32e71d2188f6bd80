// What a recorded analysis is, in words a history list can show as they are: done (a decision), failed, or
// cancelled; and where its outcome stands: scored, pending (the market has not made the later bars yet), never
// (the caller's own bars held nothing after the window: a CSV, candles or a sample window without later bars), or
// none (no decision to score). Pure, from a row's columns.

/** The error code a cancelled run is recorded with (the caller stopped it, or the server was shutting down). */
export const CANCELLED_CODE = "cancelled";

export type AnalysisStatus = "done" | "failed" | "cancelled";
export type OutcomeStatus = "scored" | "pending" | "no_later_bars" | "none";

/** Whether a recorded request analysed the caller's own bars (CSV, candles, a sample window) rather than a market. */
export function isCallerData(requestJson: string): boolean {
  let request: unknown;
  try {
    request = JSON.parse(requestJson);
  } catch {
    return false;
  }
  return (
    typeof request === "object" && request !== null && ("csv" in request || "candles" in request || "sample" in request)
  );
}

export function analysisStatus(row: { decision: string | null; error_code: string | null }): AnalysisStatus {
  if (row.decision !== null) return "done";
  return row.error_code === CANCELLED_CODE ? "cancelled" : "failed";
}

export function outcomeStatus(row: { decision: string | null; request: string }, scored: boolean): OutcomeStatus {
  if (row.decision === null) return "none";
  if (scored) return "scored";
  // The caller's bars after the window, when it had any, scored the outcome as the analysis was recorded: with
  // none, no later bar will ever come from anywhere.
  return isCallerData(row.request) ? "no_later_bars" : "pending";
}
