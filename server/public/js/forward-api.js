// @ts-check
// The forward test's endpoints as the Forward tab calls them: the watchlist, adding an entry, pausing, resuming and
// removing one, and an entry's live record.
import { apiDelete, apiGet, apiPost } from "./api-client.js";

/** @typedef {import("./wire-types.js").Watchlist} Watchlist */
/** @typedef {import("./wire-types.js").WatchEntryAnswer} WatchEntryAnswer */
/** @typedef {import("./wire-types.js").ForwardRecord} ForwardRecord */

/**
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<Watchlist>}
 */
export function listWatchlist({ signal } = {}) {
  return apiGet("/api/watchlist", { signal });
}

/**
 * @param {{symbol?: string, asset?: string, timeframe: string, models?: {agent?: string, graph?: string}}} entry
 * @returns {Promise<WatchEntryAnswer>}
 */
export function addWatchEntry(entry) {
  return apiPost("/api/watchlist", entry);
}

/**
 * @param {string} id
 * @param {"pause" | "resume"} action
 * @returns {Promise<WatchEntryAnswer>}
 */
export function setWatchEntryStatus(id, action) {
  return apiPost(`/api/watchlist/${encodeURIComponent(id)}/${action}`, {});
}

/**
 * @param {string} id
 * @returns {Promise<{success: true, id: string}>}
 */
export function removeWatchEntry(id) {
  return apiDelete(`/api/watchlist/${encodeURIComponent(id)}`);
}

/**
 * @param {string} id
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<ForwardRecord>}
 */
export function getForwardRecord(id, { signal } = {}) {
  return apiGet(`/api/watchlist/${encodeURIComponent(id)}/record`, { signal });
}
