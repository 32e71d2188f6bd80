// @ts-check
// The History's chart-reading probe runs: the runs the journal holds, newest first, a row each with the time, the
// model, the series planted (shapes times series each) and the noise; a row opens its run below the list: the verdict
// in words (whether the model reads charts better than chance, first) and the three scores against their chance
// rates with their exact p-values. The runs are asked for when the History is shown.
import { asText, byId, clear, element, scrollIntoView, setMessage } from "./dom.js";
import { demoTag, localTime, percent } from "./history-format.js";
import { getProbeRun, listProbeRuns } from "./journal-api.js";

/** @typedef {import("./wire-types.js").RunSummary} RunSummary */
/** @typedef {import("./wire-types.js").ProbeScore} ProbeScore */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : asText(error));

/**
 * @param {string} label the column's name, shown beside the value when the table is laid out as cards (phones)
 * @param {...(Node | string)} children
 */
function cell(label, ...children) {
  return element("td", { dataset: { label } }, ...children);
}

/**
 * "16 shapes × 3".
 * @param {RunSummary} run
 */
function plantedText(run) {
  const shapes = run.settings.shapes;
  const count = Array.isArray(shapes) ? shapes.length : 0;
  return `${count} shape${count === 1 ? "" : "s"} × ${asText(run.settings.per_shape)}`;
}

/**
 * Two significant digits, in scientific notation below 0.001, as the written report has them.
 * @param {number} value
 */
function probability(value) {
  return value < 0.001 ? value.toExponential(1) : value.toPrecision(2);
}

/**
 * @param {string} name
 * @param {ProbeScore | null} score null: not scored
 */
function scoreRow(name, score) {
  const scored = score !== null && score.n > 0;
  return element(
    "tr",
    {},
    element("th", { scope: "row" }, name),
    element("td", {}, score === null ? "not scored" : asText(score.n)),
    element("td", {}, scored ? `${percent(score.accuracy)} (${asText(score.hits)})` : "–"),
    element("td", {}, scored ? `${percent(score.chance)} (always "${asText(score.chance_answer)}")` : "–"),
    element("td", {}, scored ? probability(score.p_value) : "–"),
  );
}

export function createProbeRuns() {
  const table = byId("probe-runs-table", HTMLTableElement);
  const rows = byId("probe-runs-rows", HTMLTableSectionElement);
  const empty = byId("probe-runs-empty");
  const status = byId("probe-runs-status");
  const detail = byId("probe-run");
  const title = byId("probe-run-title");
  const verdict = byId("probe-verdict");
  const scores = byId("probe-scores-rows", HTMLTableSectionElement);
  /** @type {AbortController | undefined} */
  let loading;
  /** @type {AbortController | undefined} */
  let opening;

  /** @param {RunSummary} run */
  function row(run) {
    const id = asText(run.id);
    const tr = element(
      "tr",
      { className: "history-row", tabIndex: 0, dataset: { id } },
      cell("Time", localTime(run.created_at)),
      cell("Model", run.models ? asText(run.models.graph.model) : "–", ...demoTag(run.demo)),
      cell("Planted", plantedText(run)),
      cell("Series", asText(run.point_count)),
      cell("Noise", asText(run.settings.noise)),
    );
    tr.addEventListener("click", () => void open(id));
    tr.addEventListener("keydown", (event) => {
      if (event.target !== tr || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      void open(id);
    });
    return tr;
  }

  /** @param {string} id */
  async function open(id) {
    opening?.abort();
    const controller = new AbortController();
    opening = controller;
    setMessage(status, "Loading the run…", "busy");
    for (const candidate of rows.rows) candidate.toggleAttribute("aria-current", candidate.dataset.id === id);
    try {
      const run = await getProbeRun(id, { signal: controller.signal });
      const report = run.report;
      if (!report) throw new Error("This run has no scores to show.");
      title.textContent = `${run.models ? asText(run.models.graph.model) : "–"}: ${plantedText(run)} planted series`;
      clear(verdict).append(...report.verdict.map((sentence) => element("p", {}, asText(sentence))));
      const { pattern, trend, directive } = report.scores;
      clear(scores).append(
        scoreRow("Pattern named (Pattern agent)", pattern.scored ? pattern.overall : null),
        scoreRow("Trend direction (Trend agent)", trend.overall),
        scoreRow("Directive vs textbook direction", directive.overall),
      );
      detail.hidden = false;
      setMessage(status, "");
      scrollIntoView(detail, "start");
    } catch (error) {
      if (controller.signal.aborted) return;
      setMessage(status, `The run could not be shown: ${messageOf(error)}`, "error");
    } finally {
      if (opening === controller) opening = undefined;
    }
  }

  return {
    /** Lists the runs from the newest. */
    async reload() {
      loading?.abort();
      const controller = new AbortController();
      loading = controller;
      table.setAttribute("aria-busy", "true");
      try {
        const page = await listProbeRuns({ signal: controller.signal });
        clear(rows).append(...page.runs.map(row));
        table.hidden = page.runs.length === 0;
        empty.hidden = page.runs.length > 0;
      } catch (error) {
        if (controller.signal.aborted) return;
        setMessage(status, `The probe runs could not be loaded: ${messageOf(error)}`, "error");
      } finally {
        if (loading === controller) {
          loading = undefined;
          table.removeAttribute("aria-busy");
        }
      }
    },
  };
}
