// @ts-check
// The page's entry module: loads the page config (the library's rules, from the server), then wires Settings, the
// asset and date pickers, the Run button, live progress with the reports as they are written, and the result; and
// the History tab beside it (the analysis journal). Plain ES modules served as they are: there is no build step.
import { adoptTokenFromUrl, runAnalysis, setAccessToken } from "./js/api-client.js";
import { createAssetPicker } from "./js/asset-picker.js";
import { loadPlotly } from "./js/candle-chart.js";
import { createDateRangePicker } from "./js/date-range-picker.js";
import { byId, scrollIntoView } from "./js/dom.js";
import { createErrorView } from "./js/error-view.js";
import { createForwardView } from "./js/forward-view.js";
import { createHistoryView } from "./js/history-view.js";
import { createLiveReports } from "./js/live-reports.js";
import { loadPageConfig } from "./js/page-config.js";
import { createProgressView } from "./js/progress-view.js";
import { hideResult, showResult } from "./js/result-view.js";
import { createSamplePicker } from "./js/sample-picker.js";
import { createSettingsPanel } from "./js/settings-panel.js";
import { setUpStageForm, stagesFromForm, stepsForRun } from "./js/stage-form.js";
import { createViewTabs } from "./js/view-tabs.js";

/** @typedef {import("./js/wire-types.js").PageConfig} PageConfig */
/** @typedef {ReturnType<typeof createDateRangePicker>} DateRangePicker */
/** @typedef {ReturnType<typeof createAssetPicker>} AssetPicker */
/** @typedef {ReturnType<typeof createSamplePicker>} SamplePicker */

/** The one-column layout, where each panel the page opens sits below the form and must be scrolled to. */
const NARROW_LAYOUT = "(max-width: 900px)";

function askForToken() {
  byId("token-panel").hidden = false;
  byId("token-input").focus();
}

/** @param {unknown} error */
function tokenNeeded(error) {
  if (typeof error === "object" && error !== null && "code" in error && error.code === "unauthorized") askForToken();
}

byId("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setAccessToken(byId("token-input", HTMLInputElement).value);
  window.location.reload();
});

/** @type {{open: (options?: {provider?: string}) => void} | undefined} */
let settings;
/** @type {{shown: () => void} | undefined} */
let history;
/** @type {ReturnType<typeof createForwardView> | undefined} */
let forward;
const tabs = createViewTabs({
  onShow: (view) => (view === "history" ? history?.shown() : view === "forward" ? forward?.shown() : undefined),
});
/** Settings live in the Analyze view: a pointer to them from History switches views first. */
const openSettings = (/** @type {{provider?: string}} */ options) => {
  tabs.select("analyze");
  settings?.open(options);
};
/** Switches the Analysis form's data source (what an error's "Use Sample data" button does). */
const useSource = (/** @type {string} */ source) => {
  tabs.select("analyze");
  const radio = document.querySelector(`input[name="source"][value="${source}"]`);
  if (!(radio instanceof HTMLInputElement)) return;
  radio.checked = true;
  radio.dispatchEvent(new Event("change", { bubbles: true }));
  scrollIntoView(byId("analysis-form"), "start");
  radio.focus({ preventScroll: true });
};
const errors = createErrorView({ openSettings, askForToken, useSource });
tabs.start();

// Until the page has loaded its settings, Run must not fall back to a native form submission (a page reload).
byId("analysis-form").addEventListener("submit", (event) => event.preventDefault());

function selectedSource() {
  const checked = document.querySelector('input[name="source"]:checked');
  return checked instanceof HTMLInputElement ? checked.value : "market";
}

/**
 * "5 MB"
 * @param {number} characters
 */
function megabytes(characters) {
  return `${Math.round(characters / (1024 * 1024))} MB`;
}

/**
 * Texts of the static page that state a rule: filled from the config rather than written into the HTML.
 * @param {PageConfig} config
 */
function showRules(config) {
  byId("csv-minimum-bars").textContent = String(config.bars.minimum);
  byId("csv-size-limit").textContent = megabytes(config.csv.max_characters);
}

async function start() {
  adoptTokenFromUrl();
  try {
    const config = await loadPageConfig();
    errors.setConfig(config);
    showRules(config);
    const settingsPanel = createSettingsPanel({
      config,
      onError: tokenNeeded,
      // A key just saved (or a provider that needs none) answers the "no key" error still on screen.
      onKeyReady: () => errors.hideIf((shown) => shown.code === "missing_api_key"),
    });
    settings = settingsPanel;
    const assets = createAssetPicker({ config, onError: tokenNeeded });
    const samples = createSamplePicker({ onError: tokenNeeded });
    // The header's chip toggles the panel where it is shown (Analyze); from History it opens it there.
    const toggle = byId("settings-toggle");
    const panel = byId("settings-panel", HTMLDetailsElement);
    const expanded = () => toggle.setAttribute("aria-expanded", String(panel.open));
    panel.addEventListener("toggle", expanded);
    expanded();
    toggle.addEventListener("click", () => {
      if (panel.open && !byId("analyze-view").hidden) panel.open = false;
      else openSettings({});
    });
    await Promise.all([settingsPanel.refresh(), assets.refresh(), samples.refresh()]);
    const dates = createDateRangePicker({ limits: config.timeframes, minimumBars: config.bars.minimum });
    wireAnalysis(config, dates, assets, samples);
    history = createHistoryView({ config, openSettings, askForToken });
    if (tabs.current() === "history") history.shown();
    forward = createForwardView(config);
    if (tabs.current() === "forward") forward.shown();
    document.body.dataset.ready = "true";
  } catch (error) {
    tabs.select("analyze"); // where the error panel is
    errors.show(error, { title: "The page could not load its settings" });
  }
}

/**
 * @param {PageConfig} config
 * @param {DateRangePicker} dates
 * @param {AssetPicker} assets
 * @param {SamplePicker} samples
 */
function wireAnalysis(config, dates, assets, samples) {
  const form = byId("analysis-form", HTMLFormElement);
  const runButton = byId("run-button", HTMLButtonElement);
  const cancelButton = byId("cancel-button", HTMLButtonElement);
  const fileInput = byId("csv-file-input", HTMLInputElement);
  // The styled picker (a label over a visually hidden input) says which file is chosen.
  fileInput.addEventListener("change", () => {
    byId("csv-file-name").textContent = fileInput.files?.[0]?.name ?? "No file chosen";
  });
  const resultContainer = byId("result");
  const progress = createProgressView({ steps: config.steps });
  const liveReports = createLiveReports({ steps: config.steps });
  /** @type {AbortController | undefined} */
  let running;

  /** Shows the chosen source's part of the form: dates for market data only; sample windows have their timeframe. */
  function showSource() {
    const source = selectedSource();
    byId("market-source").hidden = source !== "market";
    byId("sample-source").hidden = source !== "sample";
    byId("csv-source").hidden = source !== "csv";
    dates.setDatesEnabled(source === "market");
    dates.lockTimeframe(source === "sample" ? samples.timeframe() : undefined);
  }
  for (const radio of document.querySelectorAll('input[name="source"]')) radio.addEventListener("change", showSource);
  showSource();

  /** @param {string} message */
  const csvProblem = (message) => Object.assign(new Error(message), { code: "invalid_csv" });

  setUpStageForm(config);
  /** Blind asks the server to show the models no date, name or price level (docs/evaluation.md). */
  const blind = () => (byId("blind-input", HTMLInputElement).checked ? { blind: true } : {});

  /** How the Indicator agent gets its numbers: "direct" (computed in code, one call) or "tool-call". */
  const indicatorMode = () => ({
    indicator_mode: byId("indicator-mode-input", HTMLSelectElement).value,
    agents: byId("agents-input", HTMLSelectElement).value,
  });

  async function requestBody() {
    const stages = stagesFromForm(config);
    return { ...(await dataFields()), ...indicatorMode(), ...(stages ? { stages } : {}) };
  }

  async function dataFields() {
    if (selectedSource() === "sample") return samples.request();
    if (selectedSource() === "csv") {
      const file = fileInput.files?.[0];
      if (!file) throw csvProblem("Choose a CSV file first.");
      const limit = config.csv.max_characters;
      const tooLarge = () =>
        csvProblem(`The file is larger than ${megabytes(limit)} of text (${Math.round(file.size / 1024)} KB).`);
      // UTF-8 spends at most 4 bytes a character: a bigger file cannot fit, and is refused before it is read.
      if (file.size > 4 * limit) throw tooLarge();
      const csv = await file.text();
      if (csv.length > limit) throw tooLarge();
      return { csv, timeframe: dates.timeframe(), name: file.name.replace(/\.csv$/i, ""), ...blind() };
    }
    return { asset: assets.selected(), timeframe: dates.timeframe(), ...dates.range(), ...blind() };
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (running) return;
    errors.hide();
    let body;
    try {
      body = await requestBody();
    } catch (error) {
      errors.show(error, { title: "Cannot start the analysis" });
      return;
    }
    running = new AbortController();
    runButton.disabled = true;
    runButton.textContent = "Running…";
    cancelButton.hidden = false;
    byId("empty-state").hidden = true;
    hideResult(resultContainer);
    // A single agent has no analysts: the steps are the data, the charts and the decision.
    const steps = stepsForRun(config, body.stages).filter(
      (step) => body.agents !== "single" || !["indicator", "pattern", "trend"].includes(step.id),
    );
    liveReports.reset(steps);
    progress.start(steps);
    if (window.matchMedia(NARROW_LAYOUT).matches) scrollIntoView(byId("progress-card"), "start");
    void loadPlotly().catch(() => undefined); // warm the chart library while the agents work
    try {
      const result = await runAnalysis(body, {
        onProgress: (progressEvent) => {
          progress.handle(progressEvent);
          liveReports.handle(progressEvent);
        },
        signal: running.signal,
      });
      progress.finish({ failed: false });
      liveReports.reset(); // the final reports below replace the live ones
      showResult(resultContainer, result, { config });
      if (window.matchMedia(NARROW_LAYOUT).matches) scrollIntoView(resultContainer, "start");
    } catch (error) {
      progress.finish({ failed: true });
      if (error instanceof Error && error.name === "AbortError")
        errors.show({ message: "The analysis was cancelled.", code: "cancelled" }, { title: "Cancelled" });
      else errors.show(error, { title: "The analysis failed" });
    } finally {
      running = undefined;
      runButton.disabled = false;
      runButton.textContent = "Run analysis";
      cancelButton.hidden = true;
    }
  });

  cancelButton.addEventListener("click", () => running?.abort());
}

start();
