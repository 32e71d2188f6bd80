// @ts-check
// One recorded analysis, opened from the history list: when it was recorded, where from and how it turned out,
// then the result exactly as the Analyze view shows a new one (the same result view, charts included), or for a
// failed run its error, through the error view. Delete removes it from the journal after a confirmation.
import { asText, byId, clear, element, scrollIntoView, setMessage } from "./dom.js";
import { localTime, outcomeBadge } from "./history-format.js";
import { deleteAnalysis, getAnalysis } from "./journal-api.js";
import { hideResult, showResult } from "./result-view.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {import("./wire-types.js").AnalysisSummary} AnalysisSummary */
/** @typedef {import("./wire-types.js").StoredAnalysis} StoredAnalysis */
/** @typedef {{show: (error: unknown, options?: {title?: string}) => void, hide: () => void}} ErrorView */

/**
 * @param {string} term
 * @param {Node | string} value
 * @param {string} id
 */
function fact(term, value, id) {
  return element("div", {}, element("dt", {}, term), element("dd", { id }, value));
}

/**
 * A run that failed is stored as its error body, with `success: false`; a finished one as its result.
 * @param {StoredAnalysis} stored
 * @returns {stored is Extract<StoredAnalysis, {success: false}>}
 */
function isFailure(stored) {
  return "success" in stored && stored.success === false;
}

/**
 * @param {{config: PageConfig, errors: ErrorView, onClose: (id: string | undefined) => void, onDeleted: (id: string) => void}} options
 */
export function createHistoryDetail({ config, errors, onClose, onDeleted }) {
  const section = byId("history-detail");
  const facts = byId("history-detail-facts");
  const result = byId("history-result");
  const status = byId("history-detail-status");
  const deleteButton = byId("history-delete", HTMLButtonElement);
  /** @type {string | undefined} */
  let openId;
  /** @type {AbortController | undefined} */
  let loading;

  /**
   * @param {StoredAnalysis} stored
   * @param {AnalysisSummary | undefined} summary
   */
  function showFacts(stored, summary) {
    const failed = isFailure(stored);
    const cancelled = failed && stored.code === "cancelled";
    const outcomeFacts = {
      failed,
      status: summary?.status ?? (cancelled ? "cancelled" : undefined),
      outcomeStatus: summary?.outcome_status,
    };
    clear(facts).append(
      fact("Recorded", localTime(stored.created_at), "history-recorded-at"),
      summary ? fact("Source", asText(summary.source), "history-source-fact") : "",
      fact("1 bar later", outcomeBadge(stored.outcome, 1, outcomeFacts), "history-outcome-1"),
      fact("3 bars later", outcomeBadge(stored.outcome, 3, outcomeFacts), "history-outcome-3"),
    );
  }

  function close() {
    loading?.abort();
    const closed = openId;
    openId = undefined;
    section.hidden = true;
    errors.hide();
    hideResult(result);
    clear(facts);
    onClose(closed);
  }

  byId("history-back").addEventListener("click", close);

  deleteButton.addEventListener("click", async () => {
    const id = openId;
    if (!id || !window.confirm("Delete this analysis from the journal? Its charts go with it. This cannot be undone."))
      return;
    deleteButton.disabled = true;
    setMessage(status, "Deleting…", "busy");
    try {
      await deleteAnalysis(id);
      setMessage(status, "");
      close();
      onDeleted(id);
    } catch (error) {
      setMessage(status, "");
      errors.show(error, { title: "The analysis could not be deleted" });
    } finally {
      deleteButton.disabled = false;
    }
  });

  return {
    /**
     * @param {string} id
     * @param {AnalysisSummary} [summary] the list's entry, for the facts the stored result does not repeat
     */
    async open(id, summary) {
      loading?.abort();
      const controller = new AbortController();
      loading = controller;
      openId = id;
      section.hidden = false;
      section.dataset.analysisId = id;
      errors.hide();
      hideResult(result);
      clear(facts);
      deleteButton.disabled = true;
      setMessage(status, "Loading the analysis…", "busy");
      scrollIntoView(section, "start");
      try {
        const stored = await getAnalysis(id, { signal: controller.signal });
        setMessage(status, "");
        showFacts(stored, summary);
        deleteButton.disabled = false;
        if (isFailure(stored))
          errors.show(
            { message: stored.error, code: stored.code },
            { title: stored.code === "cancelled" ? "This analysis was cancelled" : "This analysis failed" },
          );
        else showResult(result, stored, { config, idPrefix: "history-" });
      } catch (error) {
        if (controller.signal.aborted) return;
        setMessage(status, "");
        errors.show(error, { title: "The analysis could not be opened" });
      }
    },
    close,
    /** Whether an analysis is open (the list is then hidden). */
    isOpen() {
      return openId !== undefined;
    },
  };
}
