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
 * "+1.23%", "−0.40%", "0.00%": a fraction as a signed percentage (a true minus sign, read as "minus").
 * @param {number} fraction
 */
export function signedPercent(fraction) {
  const percent = Math.abs(fraction * 100).toFixed(2);
  if (Number(percent) === 0) return "0.00%";
  return `${fraction > 0 ? "+" : "\u2212"}${percent}%`;
}

/**
 * "66.7%", or "–" for no value.
 * @param {number | null | undefined} fraction
 */
export function percent(fraction) {
  return typeof fraction === "number" && Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)}%` : "–";
}

/**
 * The outcome at one horizon: ✓ or ✗ with the signed return; "pending" while it is not known; a dash for a run that
 * failed (nothing to score).
 * @param {OutcomeAtHorizon[] | null | undefined} outcome
 * @param {number} bars
 * @param {{failed?: boolean}} [options]
 */
export function outcomeBadge(outcome, bars, { failed = false } = {}) {
  const at = Array.isArray(outcome) ? outcome.find((entry) => entry?.bars === bars) : undefined;
  if (!at || typeof at.return !== "number") {
    if (failed)
      return element(
        "span",
        { className: "outcome-badge", dataset: { outcome: "none" }, title: "A failed run has no decision to score" },
        "–",
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
 * A decision as the badge the page uses for LONG and SHORT; a failed run as "failed" with its error code.
 * @param {unknown} decision
 * @param {{code?: unknown, message?: unknown} | null | undefined} error
 */
export function decisionBadge(decision, error) {
  const verdict = asText(decision);
  if (verdict === "LONG" || verdict === "SHORT")
    return element("span", { className: `tag ${verdict.toLowerCase()}`, dataset: { decision: verdict } }, verdict);
  if (error) {
    return element(
      "span",
      { className: "decision-failed", dataset: { decision: "failed" }, title: asText(error.message) },
      element("span", { className: "tag failed" }, "failed"),
      " ",
      element("code", { className: "error-code" }, asText(error.code)),
    );
  }
  return element("span", { className: "tag", dataset: { decision: verdict || "none" } }, verdict || "–");
}
