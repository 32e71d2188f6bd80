// @ts-check
// "Running accuracy per model": for each graph model, how many of its analyses are scored 3 bars after their
// window, how many were hits, the accuracy and its Wilson 95% interval, over the analyses the History filters
// select. "Score outcomes now" asks the server to score what the market has answered since, then says what it did.
import { asText, byId, clear, element, setMessage } from "./dom.js";
import { percent } from "./history-format.js";
import { accuracyPerModel, scoreOutcomes } from "./journal-api.js";

/** @typedef {import("./wire-types.js").StatsGroup} StatsGroup */
/** @typedef {import("./wire-types.js").ScoreCounts} ScoreCounts */
/** @typedef {import("./journal-api.js").HistoryFilter} HistoryFilter */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : asText(error));

/** @param {StatsGroup} group */
function interval(group) {
  if (typeof group.ci_low !== "number" || typeof group.ci_high !== "number") return "–";
  return `${(group.ci_low * 100).toFixed(1)}–${percent(group.ci_high)}`;
}

/** @param {StatsGroup} group */
function groupRow(group) {
  return element(
    "tr",
    { dataset: { model: asText(group.key) } },
    element("th", { scope: "row", className: "accuracy-model" }, asText(group.key)),
    element("td", { dataset: { column: "scored" } }, asText(group.scored)),
    element("td", { dataset: { column: "hits" } }, asText(group.hits)),
    element("td", { dataset: { column: "accuracy" } }, percent(group.accuracy)),
    element("td", { dataset: { column: "interval" } }, interval(group)),
  );
}

/**
 * @param {number} count demo analyses the filters select
 * @param {boolean} counted whether any model's analyses are counted beside them
 */
function demoText(count, counted) {
  const analyses = `${count} demo ${count === 1 ? "analysis" : "analyses"} (demo: scripted, not a model)`;
  return counted
    ? `${analyses} left out: accuracy counts a model's decisions only.`
    : `No model's analysis to count for these filters yet: ${analyses} left out, as accuracy counts a model's decisions only.`;
}

/** @param {ScoreCounts} counts */
function countsText(counts) {
  const parts = [
    `Scored ${counts.scored}`,
    `${counts.pending} still waiting for later bars`,
    `${counts.failed} whose bars could not be fetched`,
    `${counts.caller_data} of uploaded data (scored only from the file's own later bars)`,
  ];
  return `${parts.join(" · ")}.`;
}

/**
 * @param {{onScored: () => Promise<unknown> | void}} options onScored refreshes the list after scoring
 */
export function createAccuracyTable({ onScored }) {
  const table = byId("accuracy-table", HTMLTableElement);
  const body = byId("accuracy-rows", HTMLTableSectionElement);
  const empty = byId("accuracy-empty");
  const demo = byId("accuracy-demo");
  const button = byId("score-outcomes-button", HTMLButtonElement);
  const status = byId("score-status");
  /** @type {AbortController | undefined} */
  let loading;

  button.addEventListener("click", async () => {
    button.disabled = true;
    setMessage(status, "Scoring: fetching the bars after each pending window…", "busy");
    try {
      const counts = await scoreOutcomes();
      setMessage(status, countsText(counts), "ok");
      Object.assign(status.dataset, {
        scored: String(counts.scored),
        pending: String(counts.pending),
        failed: String(counts.failed),
        callerData: String(counts.caller_data),
      });
      await onScored();
    } catch (error) {
      setMessage(status, `Scoring failed: ${messageOf(error)}`, "error");
    } finally {
      button.disabled = false;
    }
  });

  return {
    /** @param {HistoryFilter} filter */
    async refresh(filter) {
      loading?.abort();
      const controller = new AbortController();
      loading = controller;
      try {
        const stats = await accuracyPerModel(filter, { signal: controller.signal });
        const groups = stats.groups.filter((group) => group.n > 0);
        clear(body).append(...groups.map(groupRow));
        table.hidden = groups.length === 0;
        // Demo analyses are listed in the History but never counted: said, so the card does not read as empty.
        empty.hidden = groups.length > 0 || stats.demo_left_out > 0;
        demo.hidden = stats.demo_left_out === 0;
        demo.textContent = demoText(stats.demo_left_out, groups.length > 0);
      } catch (error) {
        if (controller.signal.aborted) return;
        clear(body);
        table.hidden = true;
        empty.hidden = true;
        demo.hidden = true;
        setMessage(status, `The accuracy could not be loaded: ${messageOf(error)}`, "error");
      }
    },
  };
}
