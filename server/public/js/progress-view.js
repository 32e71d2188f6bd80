// @ts-check
// Live progress per agent: one row per pipeline step (waiting, running with a live timer, done with its time and
// tokens, or failed), fed by the progress events the server streams. The steps and their labels come from the page
// config (and the run's stages); a step not listed (a plugin's analyst, a replay's reflection) gets a row when it
// starts.
import { byId, clear, element, formatDuration } from "./dom.js";

/** @typedef {import("./wire-types.js").ProgressEvent} ProgressEvent */
/** @typedef {import("./stage-form.js").RunStep} RunStep */
/** @typedef {"waiting" | "running" | "done" | "failed" | "stopped"} StepState */
/** @typedef {{item: HTMLLIElement, state: HTMLElement, detail: HTMLElement, note: HTMLElement, info: RunStep, runningSince: number}} StepRow */

/** @type {Readonly<Record<StepState, string>>} */
const STATE_TEXT = { waiting: "Waiting", running: "Running", done: "Done", failed: "Failed", stopped: "Stopped" };

/**
 * @param {{steps: RunStep[]}} options
 */
export function createProgressView({ steps }) {
  const card = byId("progress-card");
  const list = byId("progress-steps");
  const elapsed = byId("progress-elapsed");
  /** @type {Map<string, StepRow>} */
  const rows = new Map();
  let startedAt = 0;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;

  /**
   * @param {string} step
   * @param {StepState} state
   * @param {string} [detail]
   */
  function setState(step, state, detail) {
    const row = rows.get(step);
    if (!row) return;
    row.item.dataset.state = state;
    row.state.textContent = STATE_TEXT[state];
    if (detail !== undefined) row.detail.textContent = detail;
  }

  /** @param {RunStep} info */
  function addRow(info) {
    const state = element("span", { className: "step-state" });
    const detail = element("span", { className: "step-detail" }, info.detail);
    const note = element("span", { className: "step-note" });
    const item = element(
      "li",
      { className: "step", dataset: { step: info.id, state: "waiting" } },
      element("span", { className: "step-icon", attributes: { "aria-hidden": "true" } }),
      element(
        "div",
        { className: "step-text" },
        element("span", { className: "step-label" }, info.label),
        detail,
        note,
      ),
      state,
    );
    const row = { item, state, detail, note, info, runningSince: 0 };
    rows.set(info.id, row);
    setState(info.id, "waiting");
    list.append(item);
    return row;
  }

  function tick() {
    const now = performance.now();
    elapsed.textContent = formatDuration(now - startedAt);
    for (const row of rows.values()) {
      if (row.item.dataset.state === "running")
        row.detail.textContent = `${row.info.detail} · ${formatDuration(now - row.runningSince)}`;
    }
  }

  return {
    /** @param {RunStep[]} [runSteps] this run's steps (the optional stages add some); default the config's */
    start(runSteps = steps) {
      clear(list);
      rows.clear();
      for (const info of runSteps) addRow(info);
      card.hidden = false;
      startedAt = performance.now();
      clearInterval(timer);
      timer = setInterval(tick, 250);
      tick();
    },

    /** @param {ProgressEvent} event */
    handle(event) {
      switch (event.type) {
        case "step-start": {
          const row = rows.get(event.step) ?? addRow({ id: event.step, label: event.step, detail: "" });
          row.runningSince = performance.now();
          setState(event.step, "running");
          break;
        }
        case "step-end": {
          const tokens = (event.usage?.input_tokens ?? 0) + (event.usage?.output_tokens ?? 0);
          setState(
            event.step,
            "done",
            `${formatDuration(event.duration_ms)}${tokens > 0 ? ` · ${tokens.toLocaleString("en-US")} tokens` : ""}`,
          );
          break;
        }
        case "step-error":
          setState(event.step, "failed", `failed after ${formatDuration(event.duration_ms)}`);
          break;
        case "chart-rendered": {
          const row = rows.get(event.chart);
          if (row) row.note.textContent = `chart drawn in ${formatDuration(event.duration_ms)}`;
          break;
        }
        case "analysis-end":
          elapsed.textContent = `done in ${formatDuration(event.duration_ms)}`;
          break;
        case "report-delta":
          break; // the text itself is shown by live-reports.js
        default:
          break; // a newer server may send more kinds; they are not shown
      }
    },

    /**
     * Stops the timer; steps still running when the analysis failed or was cancelled are marked stopped. A failure
     * before any step started (a missing key) hides the card: five "waiting" rows would only distract from the error.
     * @param {{failed: boolean}} outcome
     */
    finish({ failed }) {
      clearInterval(timer);
      if (failed && [...rows.values()].every((row) => row.item.dataset.state === "waiting")) {
        card.hidden = true;
        return;
      }
      if (failed) {
        for (const [step, row] of rows)
          if (row.item.dataset.state === "running") setState(step, "stopped", row.info.detail);
        elapsed.textContent = `stopped after ${formatDuration(performance.now() - startedAt)}`;
      }
    },
  };
}
