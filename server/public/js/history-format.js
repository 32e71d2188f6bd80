// @ts-check
// How the History view writes the journal's figures: the recording time in the reader's own time zone, an outcome
// as hit or miss with its signed return, accuracy and its interval as percentages. Each badge is built from DOM
// nodes with the server's values as text.
import { asText, element } from "./dom.js";

/** @typedef {import("./wire-types.js").OutcomeAtHorizon} OutcomeAtHorizon */

/**
 * A <time> with the moment in the browser's time zone ("Mar 1, 2025, 9:00 AM"), the ISO text as its datetime.
 * @param {unknown} iso
 */
export function localTime(iso) {
  const text = asText(iso);
  const date = new Date(text);
  const shown = Number.isFinite(date.getTime())
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : text;
  return element("time", { dateTime: text }, shown);
}

/**
 * "1.25", "−4.78", "–" for none: a ratio (a Sharpe ratio) with the same true minus sign as the percentages beside it.
 * @param {number | null} value
 */
export function ratioText(value) {
  if (value === null || !Number.isFinite(value)) return "–";
  const text = Math.abs(value).toFixed(2);
  return value < 0 && Number(text) !== 0 ? `\u2212${text}` : text;
}

/**
 * "+1.23%", "−0.40%", "0.00%": a fraction as a signed percentage (a true minus sign, read as "minus").
 * @param {number} fraction
 */
export function signedPercent(fraction) {
  const percent = Math.abs(fraction * 100).toFixed(2);
  if (Number(percent) === 0) return "0.00%";
  return `${fraction > 0 ? "+" : "\u2212"}${percent}%`;
}

/**
 * "66.7%" (to `digits` decimals, 1 unless said), or "–" for no value.
 * @param {number | null | undefined} fraction
 * @param {number} [digits]
 */
export function percent(fraction, digits = 1) {
  return typeof fraction === "number" && Number.isFinite(fraction) ? `${(fraction * 100).toFixed(digits)}%` : "–";
}

/**
 * The outcome at one horizon: ✓ or ✗ with the signed return; otherwise what is true of it: "pending" while the
 * market has not made the bars after the window yet, "no outcome: no bars after the window" when the analysed data
 * (a CSV, a sample window) had none and none will come, "failed" or "cancelled" for a run with no decision to score.
 * @param {OutcomeAtHorizon[] | null | undefined} outcome
 * @param {number} bars
 * @param {{failed?: boolean, status?: string, outcomeStatus?: string}} [options] the summary's status and
 *   outcome_status, when the server sends them; `failed` alone for an older server
 */
export function outcomeBadge(outcome, bars, { failed = false, status, outcomeStatus } = {}) {
  const at = Array.isArray(outcome) ? outcome.find((entry) => entry?.bars === bars) : undefined;
  if (!at || typeof at.return !== "number") {
    if (failed || outcomeStatus === "none") {
      const word = status === "cancelled" ? "cancelled" : failed || status === "failed" ? "failed" : "–";
      return element(
        "span",
        {
          className: "outcome-badge",
          dataset: { outcome: "none" },
          title: `A ${status === "cancelled" ? "cancelled" : "failed"} run has no decision to score`,
        },
        word,
      );
    }
    if (outcomeStatus === "no_later_bars")
      return element(
        "span",
        {
          className: "outcome-badge",
          dataset: { outcome: "never" },
          title: "The analysed data (a CSV, a sample window) had no bars after the window: there is nothing to score",
        },
        "no outcome: no bars after the window",
      );
    return element(
      "span",
      {
        className: "outcome-badge",
        dataset: { outcome: "pending" },
        title: "The bars after the window are not known yet",
      },
      "pending",
    );
  }
  const hit = at.hit === true;
  const label = `${bars} ${bars === 1 ? "bar" : "bars"} later: ${hit ? "hit" : "miss"}, ${signedPercent(at.return)}`;
  return element(
    "span",
    {
      className: "outcome-badge",
      dataset: { outcome: hit ? "hit" : "miss" },
      title: label,
      attributes: { "aria-label": label },
    },
    `${hit ? "✓" : "✗"} ${signedPercent(at.return)}`,
  );
}

/**
 * A decision as the badge the page uses for LONG and SHORT; a failed run as "failed" with its error code, a
 * cancelled one as "cancelled".
 * @param {unknown} decision
 * @param {{code?: unknown, message?: unknown} | null | undefined} error
 */
export function decisionBadge(decision, error) {
  const verdict = asText(decision);
  if (verdict === "LONG" || verdict === "SHORT")
    return element("span", { className: `tag ${verdict.toLowerCase()}`, dataset: { decision: verdict } }, verdict);
  if (error) {
    const cancelled = asText(error.code) === "cancelled";
    return element(
      "span",
      {
        className: "decision-failed",
        dataset: { decision: cancelled ? "cancelled" : "failed" },
        title: asText(error.message),
      },
      element("span", { className: "tag failed" }, cancelled ? "cancelled" : "failed"),
      cancelled ? "" : " ",
      cancelled ? "" : element("code", { className: "error-code" }, asText(error.code)),
    );
  }
  return element("span", { className: "tag", dataset: { decision: verdict || "none" } }, verdict || "–");
}

/**
 * The "demo" tag of an analysis or a run made with the demo provider: scripted, not a model's, so never counted in
 * accuracy figures. Nothing for any other.
 * @param {boolean | undefined} demo
 * @returns {(Node | string)[]}
 */
export function demoTag(demo) {
  if (demo !== true) return [];
  return [
    " ",
    element(
      "span",
      { className: "tag demo", title: "demo: scripted, not a model (never counted in accuracy)" },
      "demo",
    ),
  ];
}
