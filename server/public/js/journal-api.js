// @ts-check
// The analysis journal's endpoints as the History view calls them: the list (filters and a cursor), one stored
// analysis, its removal, accuracy per model, scoring outcomes on demand, and the backtest and chart-reading probe runs
// with their reports and figures. Empty filters are left out of the query: the server refuses an empty value rather
// than reading it as "any".
import { apiDelete, apiGet, apiPost } from "./api-client.js";

/** @typedef {import("./wire-types.js").AnalysisPage} AnalysisPage */
/** @typedef {import("./wire-types.js").AnalysisStats} AnalysisStats */
/** @typedef {import("./wire-types.js").ScoreCounts} ScoreCounts */
/** @typedef {import("./wire-types.js").StoredAnalysis} StoredAnalysis */
/** @typedef {import("./wire-types.js").RunPage} RunPage */
/** @typedef {import("./wire-types.js").RunDetail} RunDetail */
/** @typedef {import("./wire-types.js").ProbeRunDetail} ProbeRunDetail */
/** @typedef {import("./wire-types.js").RunSummary} RunSummary */
/** @typedef {import("./wire-types.js").QueuedRun} QueuedRun */
/** @typedef {import("./wire-types.js").RunFigure} RunFigure */
/** @typedef {{asset?: string, timeframe?: string, model?: string, source?: string}} HistoryFilter */

/** The history list's page size. */
export const PAGE_SIZE = 25;

/**
 * "?asset=BTC&limit=25": the filter's non-empty values, then the extra parameters.
 * @param {HistoryFilter} filter
 * @param {Record<string, string | number | undefined>} [extra]
 */
function query(filter, extra = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, ...extra })) {
    const text = value === undefined ? "" : String(value).trim();
    if (text !== "") params.set(name, text);
  }
  const encoded = params.toString();
  return encoded ? `?${encoded}` : "";
}

/**
 * @param {HistoryFilter} filter
 * @param {{cursor?: string, signal?: AbortSignal}} [options]
 * @returns {Promise<AnalysisPage>}
 */
export function listAnalyses(filter, { cursor, signal } = {}) {
  return apiGet(`/api/analyses${query(filter, { limit: PAGE_SIZE, cursor })}`, { signal });
}

/**
 * @param {string} id
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<StoredAnalysis>}
 */
export function getAnalysis(id, { signal } = {}) {
  return apiGet(`/api/analyses/${encodeURIComponent(id)}`, { signal });
}

/**
 * @param {string} id
 * @returns {Promise<{success: true, id: string}>}
 */
export function deleteAnalysis(id) {
  return apiDelete(`/api/analyses/${encodeURIComponent(id)}`);
}

/**
 * Accuracy per graph model, k = 3 bars after the window, over the analyses the filter selects.
 * @param {HistoryFilter} filter
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<AnalysisStats>}
 */
export function accuracyPerModel(filter, { signal } = {}) {
  return apiGet(`/api/analyses/stats${query(filter, { group_by: "model", horizon: 3 })}`, { signal });
}

/** @returns {Promise<ScoreCounts>} */
export function scoreOutcomes() {
  return apiPost("/api/analyses/score-outcomes", {});
}

/**
 * @param {RunSummary | QueuedRun} run
 * @returns {run is RunSummary}
 */
const isFinished = (run) => run.state === "finished";

/**
 * Finished backtest runs, newest first (their reports are read one at a time).
 * @param {{cursor?: string, signal?: AbortSignal}} [options]
 * @returns {Promise<{runs: RunSummary[], next_cursor: string | null}>}
 */
export async function listBacktestRuns({ cursor, signal } = {}) {
  /** @type {RunPage} */
  const page = await apiGet(`/api/runs${query({}, { kind: "backtest", limit: PAGE_SIZE, cursor })}`, { signal });
  return { ...page, runs: page.runs.filter(isFinished) };
}

/**
 * Finished chart-reading probe runs, newest first (their scores are read one at a time).
 * @param {{cursor?: string, signal?: AbortSignal}} [options]
 * @returns {Promise<{runs: RunSummary[], next_cursor: string | null}>}
 */
export async function listProbeRuns({ cursor, signal } = {}) {
  /** @type {RunPage} */
  const page = await apiGet(`/api/runs${query({}, { kind: "probe", limit: PAGE_SIZE, cursor })}`, { signal });
  return { ...page, runs: page.runs.filter(isFinished) };
}

/**
 * @param {string} id
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<RunDetail>}
 */
export function getRun(id, { signal } = {}) {
  return apiGet(`/api/runs/${encodeURIComponent(id)}`, { signal });
}

/**
 * A chart-reading probe run with its scores.
 * @param {string} id
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<ProbeRunDetail>}
 */
export function getProbeRun(id, { signal } = {}) {
  return apiGet(`/api/runs/${encodeURIComponent(id)}`, { signal });
}

/**
 * A backtest run's equity or drawdown figure as the library draws it for the report (colours, names, order).
 * @param {string} id
 * @param {"equity" | "drawdown"} figure
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<RunFigure>}
 */
export function getRunFigure(id, figure, { signal } = {}) {
  return apiGet(`/api/runs/${encodeURIComponent(id)}/figures/${figure}`, { signal });
}
