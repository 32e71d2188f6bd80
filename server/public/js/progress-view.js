// Live progress per agent: one row per pipeline step (waiting, running with a live timer, done with its time and
// tokens, or failed), fed by the ProgressEvents the server streams.
import { byId, clear, element, formatDuration } from "./dom.js";

const STEPS = [
  { step: "data", label: "Market data", detail: "candles for the window" },
  { step: "indicator", label: "Indicator agent", detail: "RSI, MACD, Stochastic, ROC, Williams %R" },
  { step: "pattern", label: "Pattern agent", detail: "reads the candlestick chart" },
  { step: "trend", label: "Trend agent", detail: "reads support and resistance lines" },
  { step: "decision", label: "Decision agent", detail: "LONG or SHORT" },
];

const STATE_TEXT = { waiting: "Waiting", running: "Running", done: "Done", failed: "Failed", stopped: "Stopped" };

export function createProgressView() {
  const card = byId("progress-card");
  const list = byId("progress-steps");
  const elapsed = byId("progress-elapsed");
  const rows = new Map();
  let startedAt = 0;
  let timer;

  function setState(step, state, detail) {
    const row = rows.get(step);
    if (!row) return;
    row.item.dataset.state = state;
    row.state.textContent = STATE_TEXT[state];
    if (detail !== undefined) row.detail.textContent = detail;
  }

  function tick() {
    const now = performance.now();
    elapsed.textContent = formatDuration(now - startedAt);
    for (const row of rows.values()) {
      if (row.item.dataset.state === "running") row.detail.textContent = `${row.info.detail} · ${formatDuration(now - row.runningSince)}`;
    }
  }

  return {
    start() {
      clear(list);
      rows.clear();
      for (const info of STEPS) {
        const state = element("span", { className: "step-state" });
        const detail = element("span", { className: "step-detail" }, info.detail);
        const note = element("span", { className: "step-note" });
        const item = element(
          "li",
          { className: "step", dataset: { step: info.step, state: "waiting" } },
          element("span", { className: "step-icon", attributes: { "aria-hidden": "true" } }),
          element("div", { className: "step-text" }, element("span", { className: "step-label" }, info.label), detail, note),
          state,
        );
        rows.set(info.step, { item, state, detail, note, info, runningSince: 0 });
        setState(info.step, "waiting");
        list.append(item);
      }
      card.hidden = false;
      startedAt = performance.now();
      clearInterval(timer);
      timer = setInterval(tick, 250);
      tick();
    },

    handle(event) {
      switch (event.type) {
        case "step-start": {
          const row = rows.get(event.step);
          if (row) row.runningSince = performance.now();
          setState(event.step, "running");
          break;
        }
        case "step-end": {
          const tokens = event.usage.inputTokens + event.usage.outputTokens;
          setState(event.step, "done", `${formatDuration(event.durationMs)}${tokens > 0 ? ` · ${tokens.toLocaleString("en-US")} tokens` : ""}`);
          break;
        }
        case "step-error":
          setState(event.step, "failed", `failed after ${formatDuration(event.durationMs)}`);
          break;
        case "chart-rendered": {
          const row = rows.get(event.chart);
          if (row) row.note.textContent = `chart drawn in ${formatDuration(event.durationMs)}`;
          break;
        }
        case "analysis-end":
          elapsed.textContent = `done in ${formatDuration(event.durationMs)}`;
          break;
        default:
          break; // a newer server may send more kinds; they are not shown
      }
    },

    /**
     * Stops the timer; steps still running when the analysis failed or was cancelled are marked stopped. A failure
     * before any step started (a missing key) hides the card: five "waiting" rows would only distract from the error.
     */
    finish({ failed }) {
      clearInterval(timer);
      if (failed && [...rows.values()].every((row) => row.item.dataset.state === "waiting")) {
        card.hidden = true;
        return;
      }
      if (failed) {
        for (const [step, row] of rows) if (row.item.dataset.state === "running") setState(step, "stopped", row.info.detail);
        elapsed.textContent = `stopped after ${formatDuration(performance.now() - startedAt)}`;
      }
    },

    hide() {
      clearInterval(timer);
      card.hidden = true;
    },
  };
}
