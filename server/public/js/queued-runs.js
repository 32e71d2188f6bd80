// @ts-check
// "Queued runs" in the History tab: evaluations and backtests queued for workers (quantagent evaluate --queue,
// backtest --queue) and not reported yet, newest first, each with a bar of its points done and failed and the counts
// running and waiting. GET /api/runs?state=queued lists them alone, however many finished runs are newer; the card
// shows the newest PAGE_RUNS and "Load more" follows the server's cursor for more. The figures come from the shared
// database, so every server shows the same. While the tab is shown and a run is unfinished, they refresh on their
// own (the runs shown so far, read again).
import { apiGet } from "./api-client.js";
import { asText, byId, clear, element } from "./dom.js";
import { localTime } from "./history-format.js";

/** @typedef {import("./wire-types.js").QueuedRun} QueuedRun */
/** @typedef {import("./wire-types.js").RunPage} RunPage */

/** Runs a page holds; "Load more" adds as many. */
export const PAGE_RUNS = 50;
/**
 * @param {import("./wire-types.js").RunSummary | QueuedRun} run
 * @returns {run is QueuedRun}
 */
const isQueued = (run) => run.state === "queued";

/** How often unfinished runs are read again while the tab is shown. */
const REFRESH_MS = 10_000;

/** @param {QueuedRun} run */
function progressCell(run) {
  const finished = run.done + run.failed;
  const bar = element("progress", { max: Math.max(run.point_count, 1), value: finished });
  bar.setAttribute("aria-label", `${finished} of ${run.point_count} points finished`);
  return element(
    "td",
    { dataset: { label: "Progress", column: "progress" } },
    bar,
    element("span", { className: "small" }, ` ${finished} / ${run.point_count}`),
  );
}

/** @param {QueuedRun} run */
function stateText(run) {
  if (run.running + run.waiting > 0) return "in progress";
  if (run.point_count > 0 && run.failed === run.point_count) return "every point failed";
  if (run.reported_at) return "done, report written";
  return `done: write the report with quantagent ${run.kind === "backtest" ? "backtest" : "evaluate"} --report`;
}

/** @param {QueuedRun} run */
function runRow(run) {
  /** @param {string} label @param {string} column @param {...(Node | string)} children */
  const cell = (label, column, ...children) => element("td", { dataset: { label, column } }, ...children);
  return element(
    "tr",
    { dataset: { id: asText(run.id) } },
    cell("Run", "label", element("span", { className: "run-label", title: asText(run.id) }, asText(run.label))),
    cell("Queued", "created", localTime(run.created_at)),
    progressCell(run),
    cell("Failed", "failed", asText(run.failed)),
    cell("Running", "running", asText(run.running)),
    cell("Waiting", "waiting", asText(run.waiting)),
    cell("State", "state", stateText(run)),
  );
}

/** @param {{onError: (error: unknown) => void}} options */
export function createQueuedRuns({ onError }) {
  const card = byId("runs-card");
  const table = byId("runs-table", HTMLTableElement);
  const rows = byId("runs-rows", HTMLTableSectionElement);
  const count = byId("runs-count");
  const loadMoreButton = byId("runs-load-more", HTMLButtonElement);
  /** Runs to show: a page, and one more each time "Load more" is pressed. */
  let wanted = PAGE_RUNS;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {AbortController | undefined} */
  let loading;
  const view = byId("history-view");

  async function load() {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    clearTimeout(timer);
    try {
      /** @type {QueuedRun[]} */
      const runs = [];
      /** @type {string | null} */
      let cursor = null;
      do {
        const query = `state=queued&limit=${PAGE_RUNS}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        /** @type {RunPage} */
        const page = await apiGet(`/api/runs?${query}`, { signal: controller.signal });
        if (controller.signal.aborted) return;
        runs.push(...(Array.isArray(page.runs) ? page.runs : []).filter(isQueued));
        cursor = typeof page.next_cursor === "string" ? page.next_cursor : null;
      } while (cursor !== null && runs.length < wanted);
      clear(rows);
      for (const run of runs) rows.append(runRow(run));
      // A server with no queued runs (or the SQLite journal) shows no card at all.
      card.hidden = runs.length === 0;
      table.hidden = runs.length === 0;
      const more = cursor !== null;
      count.textContent = `${runs.length} queued run${runs.length === 1 ? "" : "s"}, newest first${more ? " · more to load" : ""}`;
      loadMoreButton.hidden = !more;
      loadMoreButton.disabled = false;
      if (!view.hidden && runs.some((run) => run.running + run.waiting > 0))
        timer = setTimeout(() => void load(), REFRESH_MS);
    } catch (error) {
      loadMoreButton.disabled = false;
      if (!controller.signal.aborted) onError(error);
    }
  }

  loadMoreButton.addEventListener("click", () => {
    wanted += PAGE_RUNS;
    loadMoreButton.disabled = true;
    void load();
  });

  return {
    /** The tab was shown: read the runs now, and again while some are unfinished and the tab stays shown. */
    shown: load,
  };
}
