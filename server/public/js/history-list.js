// @ts-check
// The history list: recorded analyses newest first, a page at a time ("Load more" follows the server's cursor), a
// row each with the time, asset, timeframe, decision (or the failed run's error code, or "cancelled"), graph model
// (marked "demo" for the demo provider), source and the outcome 1 and 3 bars later, or what is true instead. A row opens its analysis on a click, or on Enter or Space when it has the focus.
// A reload (a filter changed) cancels a page still on its way, so an older answer never lands in a newer list.
import { asText, byId, clear, element } from "./dom.js";
import { decisionBadge, demoTag, localTime, outcomeBadge } from "./history-format.js";
import { listAnalyses } from "./journal-api.js";

/** @typedef {import("./wire-types.js").AnalysisSummary} AnalysisSummary */
/** @typedef {import("./journal-api.js").HistoryFilter} HistoryFilter */

/**
 * @param {string} label the column's name, shown beside the value when the table is laid out as cards (phones)
 * @param {...(Node | string)} children
 */
function cell(label, ...children) {
  return element("td", { dataset: { label } }, ...children);
}

/** @param {HistoryFilter} filter */
function filtered(filter) {
  return Object.values(filter).some((value) => typeof value === "string" && value.trim() !== "");
}

/**
 * @param {{onOpen: (id: string, summary: AnalysisSummary) => void, onError: (error: unknown) => void}} options
 */
export function createHistoryList({ onOpen, onError }) {
  const table = byId("history-table", HTMLTableElement);
  const rows = byId("history-rows", HTMLTableSectionElement);
  const empty = byId("history-empty");
  const count = byId("history-count");
  const loadMoreButton = byId("history-load-more", HTMLButtonElement);
  /** @type {HistoryFilter} */
  let filter = {};
  /** @type {string | null} */
  let cursor = null;
  /** @type {AbortController | undefined} */
  let loading;

  /** @param {AnalysisSummary} summary */
  function row(summary) {
    const id = asText(summary.id);
    const failed = !summary.decision && Boolean(summary.error);
    const outcomeFacts = { failed, status: summary.status, outcomeStatus: summary.outcome_status };
    const graph = summary.models?.graph;
    const tr = element(
      "tr",
      { className: "history-row", tabIndex: 0, dataset: { id, failed: String(failed) } },
      cell("Time", localTime(summary.created_at)),
      cell("Asset", element("span", { className: "history-asset" }, asText(summary.asset))),
      cell("Timeframe", asText(summary.timeframe)),
      cell("Decision", decisionBadge(summary.decision, summary.error)),
      cell(
        "Model",
        element(
          "span",
          { className: "history-model", title: `${asText(graph?.provider)}/${asText(graph?.model)}` },
          asText(graph?.model),
        ),
        ...demoTag(summary.demo),
      ),
      cell("Source", asText(summary.source)),
      cell("1 bar", outcomeBadge(summary.outcome, 1, outcomeFacts)),
      cell("3 bars", outcomeBadge(summary.outcome, 3, outcomeFacts)),
    );
    tr.addEventListener("click", () => onOpen(id, summary));
    tr.addEventListener("keydown", (event) => {
      if (event.target !== tr || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault(); // Space would scroll the page
      onOpen(id, summary);
    });
    return tr;
  }

  function showCount() {
    const shown = rows.rows.length;
    table.hidden = shown === 0;
    empty.hidden = shown > 0;
    empty.textContent = filtered(filter)
      ? "No recorded analysis matches these filters."
      : "No analyses recorded yet. Every analysis run from the Analyze tab, the API, a notebook or the command line is listed here.";
    count.textContent =
      shown === 0
        ? ""
        : `${shown} ${shown === 1 ? "analysis" : "analyses"}, newest first${cursor ? " · more to load" : ""}`;
    loadMoreButton.hidden = cursor === null;
  }

  /** @param {{append: boolean}} options */
  async function load({ append }) {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    loadMoreButton.disabled = true;
    table.setAttribute("aria-busy", "true");
    try {
      const page = await listAnalyses(filter, {
        cursor: append && cursor ? cursor : undefined,
        signal: controller.signal,
      });
      if (!append) clear(rows);
      rows.append(...page.analyses.map(row));
      cursor = page.next_cursor ?? null;
      showCount();
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!append) {
        clear(rows);
        cursor = null;
        showCount();
        empty.hidden = true;
      }
      onError(error);
    } finally {
      if (loading === controller) {
        loading = undefined;
        loadMoreButton.disabled = false;
        table.removeAttribute("aria-busy");
      }
    }
  }

  loadMoreButton.addEventListener("click", () => load({ append: true }));

  return {
    /**
     * Loads the first page for the filter (the last one given when left out).
     * @param {HistoryFilter} [nextFilter]
     */
    reload(nextFilter = filter) {
      filter = nextFilter;
      cursor = null;
      return load({ append: false });
    },

    /** Puts the focus back on a row (after its analysis is closed), else on the first row. */
    focus(/** @type {string | undefined} */ id) {
      const target = [...rows.rows].find((candidate) => candidate.dataset.id === id) ?? rows.rows[0];
      target?.focus();
    },
  };
}
