// @ts-check
// The History's backtest runs: the runs the journal holds, newest first, a row each with the time, the series, its
// timeframe, the model (or "baselines"), the decisions and the cost per side; a row opens its run below the list:
// the equity of every line on the same bars as an interactive chart (the report's own figure), and each line's
// figures. The runs are asked for when the History is shown; an open run stays open until another is chosen.
import { asText, byId, clear, element, scrollIntoView, setMessage } from "./dom.js";
import { drawEquity, lineLabels } from "./equity-chart.js";
import { demoTag, localTime, percent, ratioText, signedPercent } from "./history-format.js";
import { getRun, getRunFigure, listBacktestRuns } from "./journal-api.js";

/** @typedef {import("./wire-types.js").RunSummary} RunSummary */
/** @typedef {import("./wire-types.js").RunDetail} RunDetail */
/** @typedef {import("./wire-types.js").EquityLine} EquityLine */

/** What a demo run says about itself, as everywhere else. */
const DEMO_WORDS = "demo: scripted, not a model";

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : asText(error));

/**
 * @param {string} label the column's name, shown beside the value when the table is laid out as cards (phones)
 * @param {...(Node | string)} children
 */
function cell(label, ...children) {
  return element("td", { dataset: { label } }, ...children);
}

/** @param {RunSummary} run */
function seriesName(run) {
  const series = /** @type {{name?: unknown} | undefined} */ (run.settings.series);
  return asText(series?.name ?? "");
}

/**
 * @param {EquityLine} line
 * @param {Map<string, string>} labels each line's label, as the chart's legend names it
 */
function lineRow(line, labels) {
  return element(
    "tr",
    { dataset: { line: asText(line.name), kind: asText(line.kind) } },
    element("th", { scope: "row" }, labels.get(line.name) ?? asText(line.name)),
    element("td", {}, asText(line.trades)),
    element("td", {}, signedPercent(line.total_return)),
    element("td", {}, ratioText(line.sharpe)),
    // The decimals of the CLI's table, so both read the same figures.
    element("td", {}, percent(line.max_drawdown, 2)),
    element("td", {}, percent(line.hit_rate, 1)),
    element("td", {}, percent(line.exposure, 0)),
  );
}

export function createBacktestRuns() {
  const table = byId("backtest-runs-table", HTMLTableElement);
  const rows = byId("backtest-runs-rows", HTMLTableSectionElement);
  const empty = byId("backtest-runs-empty");
  const status = byId("backtest-runs-status");
  const detail = byId("backtest-run");
  const title = byId("backtest-run-title");
  const chart = byId("backtest-equity");
  const lines = byId("backtest-lines-rows", HTMLTableSectionElement);
  /** @type {AbortController | undefined} */
  let loading;
  /** @type {AbortController | undefined} */
  let opening;

  /** @param {RunSummary} run */
  function row(run) {
    const id = asText(run.id);
    const cost = /** @type {unknown} */ (run.settings.cost_bps);
    const tr = element(
      "tr",
      { className: "history-row", tabIndex: 0, dataset: { id } },
      cell("Time", localTime(run.created_at)),
      cell("Series", element("span", { className: "history-asset" }, seriesName(run))),
      cell("Timeframe", asText(run.timeframe)),
      cell("Model", run.models ? asText(run.models.graph.model) : "baselines only", ...demoTag(run.demo)),
      cell("Decisions", asText(run.point_count)),
      cell("Cost", typeof cost === "number" ? `${cost} bps` : "–"),
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
      const run = await getRun(id, { signal: controller.signal });
      const report = run.report;
      if (!report || !("lines" in report)) throw new Error("This run has no equity curves to show.");
      title.textContent = `${seriesName(run)}, ${asText(run.timeframe)}: ${run.models ? asText(run.models.graph.model) : "baselines only"}${run.demo === true ? ` (${DEMO_WORDS})` : ""}`;
      const figure = await getRunFigure(id, "equity", { signal: controller.signal });
      const labels = lineLabels(figure);
      clear(lines).append(...report.lines.map((line) => lineRow(line, labels)));
      detail.hidden = false;
      await drawEquity(chart, figure);
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
        const page = await listBacktestRuns({ signal: controller.signal });
        clear(rows).append(...page.runs.map(row));
        table.hidden = page.runs.length === 0;
        empty.hidden = page.runs.length > 0;
      } catch (error) {
        if (controller.signal.aborted) return;
        setMessage(status, `The backtest runs could not be loaded: ${messageOf(error)}`, "error");
      } finally {
        if (loading === controller) {
          loading = undefined;
          table.removeAttribute("aria-busy");
        }
      }
    },
  };
}
