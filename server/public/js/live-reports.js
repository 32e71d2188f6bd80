// @ts-check
// Each agent's report as the model writes it: `report-delta` progress events carry the new text of one step, which
// is appended to that step's card and shown as the same safe markdown as the final reports (DOM nodes, never HTML).
// The result's final reports replace these cards; without delta events (an older server) nothing here shows.
import { byId, clear, element } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

/** @typedef {import("./wire-types.js").ProgressEvent} ProgressEvent */
/** @typedef {import("./stage-form.js").RunStep} RunStep */
/** @typedef {{article: HTMLElement, body: HTMLElement, text: string}} LiveReport */

/**
 * @param {{steps: RunStep[]}} options
 */
export function createLiveReports({ steps: configSteps }) {
  let steps = configSteps;
  const card = byId("live-reports");
  const container = byId("live-report-list");
  /** @type {Map<string, LiveReport>} */
  const reports = new Map();
  /** @type {Set<string>} */
  const changed = new Set();
  let frame = 0;

  /** @param {string} step */
  function reportFor(step) {
    let report = reports.get(step);
    if (!report) {
      const label = steps.find((entry) => entry.id === step)?.label ?? step;
      const body = element("div", { className: "live-report-body" });
      const article = element(
        "article",
        { className: "report live", dataset: { step }, attributes: { "aria-busy": "true" } },
        element("h3", {}, label),
        body,
      );
      report = { article, body, text: "" };
      reports.set(step, report);
      // In the pipeline's order, whichever step speaks first; steps the config does not list go last.
      const order = (/** @type {string | undefined} */ id) => {
        const index = steps.findIndex((entry) => entry.id === id);
        return index === -1 ? steps.length : index;
      };
      const later = [...container.children].find(
        (node) => node instanceof HTMLElement && order(node.dataset.step) > order(step),
      );
      container.insertBefore(article, later ?? null);
      card.hidden = false;
    }
    return report;
  }

  // Deltas can arrive many times a second; the markdown of each changed card is rebuilt once per frame.
  function render() {
    frame = 0;
    for (const step of changed) {
      const report = reports.get(step);
      if (report) report.body.replaceChildren(renderMarkdown(report.text));
    }
    changed.clear();
  }

  return {
    /** @param {RunStep[]} [runSteps] the next run's steps (the optional stages add some); default the config's */
    reset(runSteps = configSteps) {
      steps = runSteps;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      reports.clear();
      changed.clear();
      clear(container);
      card.hidden = true;
    },

    /** @param {ProgressEvent} event */
    handle(event) {
      if (event.type === "report-delta") {
        if (typeof event.text !== "string" || event.text === "") return;
        const report = reportFor(event.step);
        report.text += event.text;
        changed.add(event.step);
        frame ||= requestAnimationFrame(render);
      } else if (event.type === "step-end" || event.type === "step-error") {
        reports.get(event.step)?.article.setAttribute("aria-busy", "false");
      }
    },
  };
}
