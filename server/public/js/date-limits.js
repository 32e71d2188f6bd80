// @ts-check
// Pure date helpers for the range pickers. datetime-local inputs have no time zone; the page treats their values as
// UTC (as the API and the legacy form do), so conversions append "Z" rather than using the browser's zone.

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How the timeframe selector spells each timeframe out; one the server adds later shows by its id.
 * @type {Readonly<Record<string, string>>}
 */
export const TIMEFRAME_NAMES = {
  "1m": "1 minute",
  "5m": "5 minutes",
  "15m": "15 minutes",
  "30m": "30 minutes",
  "1h": "1 hour",
  "4h": "4 hours",
  "1d": "1 day",
  "1w": "1 week",
  "1mo": "1 month",
};

/**
 * The range the pickers start with per timeframe: a choice of this page, not a server rule (the server checks the
 * limits). Each holds comfortably more bars than an analysis window even where markets close at night and at
 * weekends (45 one-hour bars of a US stock take about a week and a half).
 * @type {Readonly<Record<string, number>>}
 */
export const DEFAULT_RANGE_DAYS = {
  "1m": 2,
  "5m": 5,
  "15m": 10,
  "30m": 20,
  "1h": 30,
  "4h": 60,
  "1d": 180,
  "1w": 730,
  "1mo": 730,
};

/**
 * @param {number} ms
 * @returns {string}
 */
export function toInputValue(ms) {
  return new Date(ms).toISOString().slice(0, 16);
}

/**
 * UTC epoch ms of a datetime-local value ("2024-01-31T14:30"), or undefined when empty or malformed.
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
export function fromInputValue(value) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value ?? "")) return undefined;
  const ms = Date.parse(`${(value ?? "").slice(0, 16)}:00Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** @param {number} ms */
export function floorToMinute(ms) {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * "2024-01-31 14:30 UTC"
 * @param {number} ms
 */
export function formatUtc(ms) {
  return `${toInputValue(ms).replace("T", " ")} UTC`;
}

/**
 * Days as the server counts them: the range's length rounded up.
 * @param {number} startMs
 * @param {number} endMs
 */
export function countDays(startMs, endMs) {
  return Math.ceil((endMs - startMs) / DAY_MS);
}

/**
 * The nearest valid range to what the user picked. `changed` ("start", "end" or "timeframe") is the field just
 * edited. Returns the range and the plain-word notes about what moved.
 * @param {{startMs: number | undefined, endMs: number | undefined, maxDays: number, timeframe: string, changed: string, nowMs: number}} options
 * @returns {{startMs: number, endMs: number, notes: string[]}}
 */
export function enforceRange({ startMs, endMs, maxDays, timeframe, changed, nowMs }) {
  const notes = [];
  const maxMs = maxDays * DAY_MS;
  const defaultMs = Math.min(DEFAULT_RANGE_DAYS[timeframe] ?? 30, maxDays) * DAY_MS;
  let end = endMs ?? nowMs;
  let start = startMs ?? end - defaultMs;
  if (end > nowMs) {
    end = nowMs;
    notes.push("The end cannot be in the future, so it was set to now.");
  }
  if (start >= end) {
    // Said in the words of what the user just did, then what the page did about it.
    const endFirst = changed === "end";
    if (endFirst) start = end - defaultMs;
    else end = Math.min(start + defaultMs, nowMs);
    if (start >= end) start = end - defaultMs;
    notes.push(
      endFirst
        ? `The end is before the start, so the start was moved to ${formatUtc(start)}.`
        : `The start is after the end, so the end was moved to ${formatUtc(end)}.`,
    );
  }
  if (end - start > maxMs) {
    // The start gives way whatever was edited: the recent end of a range is what an analysis is about.
    start = end - maxMs;
    notes.push(
      `${timeframe} bars: at most ${maxDays} days of history per request, so the start was moved to ${formatUtc(start)}.`,
    );
  }
  return { startMs: start, endMs: end, notes };
}
