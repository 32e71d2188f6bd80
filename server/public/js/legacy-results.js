// @ts-check
// Reads the result the replaced system's web page hands to /output: the `results` query parameter (URL-encoded JSON
// with asset_name, timeframe, data_length, the three reports and final_decision, chart fields emptied to keep the
// URL short) and, for the charts, the full result that page stored in sessionStorage under `analysisResults`.
// Everything here is data from a URL anyone can craft: it is checked for shape and later shown only as text.

/** @typedef {import("./result-view.js").ShownResult} ShownResult */
/** @typedef {{result: ShownResult} | {problem: string}} LegacyReading */

export const RESULTS_PARAMETER = "results";
export const STORAGE_KEY = "analysisResults";
/** How the server ends a text it had to shorten to keep the link short (server/legacy-redirect.ts). */
export const SHORTENED_MARK = " […]";

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {string | null} text
 * @returns {Record<string, unknown> | undefined}
 */
function parseRecord(text) {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** @param {Storage} storage */
function storedResults(storage) {
  try {
    return parseRecord(storage.getItem(STORAGE_KEY));
  } catch {
    return undefined; // storage disabled
  }
}

/**
 * A linked text is the stored one, or the start of it when the server shortened the link's copy.
 * @param {unknown} linked
 * @param {unknown} stored
 */
function sameText(linked, stored) {
  if (linked === stored) return true;
  return (
    typeof linked === "string" &&
    typeof stored === "string" &&
    linked.endsWith(SHORTENED_MARK) &&
    stored.startsWith(linked.slice(0, -SHORTENED_MARK.length))
  );
}

/**
 * The stored result belongs to this link when it holds the same reports: an older analysis's charts (left behind
 * when storing a newer one failed, e.g. over quota) must not be shown beside another analysis's text.
 * @param {Record<string, unknown>} linked
 * @param {Record<string, unknown>} stored
 */
function sameAnalysis(linked, stored) {
  return (
    ["asset_name", "timeframe"].every((field) => linked[field] === stored[field]) &&
    ["technical_indicators", "pattern_analysis", "trend_analysis"].every((field) =>
      sameText(linked[field], stored[field]),
    )
  );
}

/**
 * The old system sends final_decision as a record, as {raw} when it could not read its model's answer, or as ""
 * when there was none.
 * @param {unknown} value
 * @returns {ShownResult["final_decision"]}
 */
function decisionFrom(value) {
  if (isRecord(value)) return /** @type {ShownResult["final_decision"]} */ (value);
  return typeof value === "string" && value !== "" ? { raw: value } : {};
}

/**
 * Fields a link may carry besides the old page's own (a newer server's link may add them); anything else in a
 * crafted link is dropped.
 * @type {readonly (keyof ShownResult)[]}
 */
const OPTIONAL_FIELDS = [
  "id",
  "asset",
  "symbol",
  "window",
  "analyst_reports",
  "indicator_values",
  "timings_ms",
  "usage",
  "models",
];

/**
 * @param {Record<string, unknown>} record
 * @param {readonly string[]} fields
 * @returns {Partial<ShownResult>}
 */
function pick(record, fields) {
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

/**
 * @param {Location | URL} location
 * @param {Storage} storage
 * @returns {LegacyReading}
 */
export function readLegacyResults(location, storage) {
  const parameter = new URL(location.href).searchParams.get(RESULTS_PARAMETER);
  const stored = storedResults(storage);
  const linked = parameter === null ? stored : parseRecord(parameter);
  if (parameter === null && !linked)
    return { problem: "This address holds no analysis result: open it from an analysis, or run one on the main page." };
  if (!linked)
    return {
      problem: "The analysis result in this address could not be read: the link may have been cut short or edited.",
    };
  // The stored copy of the same analysis is whole: its charts, and the texts the link may carry shortened.
  const whole = stored && sameAnalysis(linked, stored) ? stored : undefined;
  const charts = whole ?? {};
  const text = /** @param {string} field */ (field) => /** @type {string} */ (whole?.[field] ?? linked[field] ?? "");
  /** @type {ShownResult} */
  const result = {
    ...pick(linked, OPTIONAL_FIELDS),
    asset_name: /** @type {string} */ (linked.asset_name ?? ""),
    timeframe: /** @type {string} */ (linked.timeframe ?? ""),
    data_length: /** @type {number} */ (linked.data_length ?? NaN),
    technical_indicators: text("technical_indicators"),
    pattern_analysis: text("pattern_analysis"),
    trend_analysis: text("trend_analysis"),
    final_decision: decisionFrom(
      whole && isRecord(whole.final_decision) ? whole.final_decision : linked.final_decision,
    ),
    pattern_chart: /** @type {string | undefined} */ (linked.pattern_chart || charts.pattern_chart || undefined),
    trend_chart: /** @type {string | undefined} */ (linked.trend_chart || charts.trend_chart || undefined),
  };
  return { result };
}
