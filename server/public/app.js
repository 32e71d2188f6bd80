// The page's entry module: wires Settings, the asset and date pickers, the Run button, live progress and the result.
// Plain ES modules served as they are: there is no build step.
import { adoptTokenFromUrl, apiGet, runAnalysis, setAccessToken } from "./js/api-client.js";
import { createAssetPicker } from "./js/asset-picker.js";
import { loadPlotly } from "./js/candle-chart.js";
import { createDateRangePicker } from "./js/date-range-picker.js";
import { byId, scrollIntoView } from "./js/dom.js";
import { createErrorView } from "./js/error-view.js";
import { createProgressView } from "./js/progress-view.js";
import { hideResult, showResult } from "./js/result-view.js";
import { createSettingsPanel } from "./js/settings-panel.js";

const MAX_CSV_BYTES = 5 * 1024 * 1024; // the server's CSV rule (MAX_CSV_CHARACTERS); its body limit leaves room for JSON escaping

function askForToken() {
  const panel = byId("token-panel");
  panel.hidden = false;
  byId("token-input").focus();
}

byId("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setAccessToken(byId("token-input").value);
  window.location.reload();
});

const settings = createSettingsPanel({ onError: (error) => (error.code === "unauthorized" ? askForToken() : undefined) });
const errors = createErrorView({ openSettings: (options) => settings.open(options), askForToken });
const assets = createAssetPicker({ onError: (error) => (error.code === "unauthorized" ? askForToken() : undefined) });
const progress = createProgressView();

byId("settings-toggle").addEventListener("click", () => settings.open());
// Until the page has loaded its settings, Run must not fall back to a native form submission (a page reload).
byId("analysis-form").addEventListener("submit", (event) => event.preventDefault());

function selectedSource() {
  return document.querySelector('input[name="source"]:checked')?.value ?? "market";
}

async function start() {
  adoptTokenFromUrl();
  try {
    const [{ timeframes }] = await Promise.all([apiGet("/api/timeframe-limits"), settings.refresh(), assets.refresh()]);
    const dates = createDateRangePicker({ limits: timeframes });
    wireAnalysis(dates);
    document.body.dataset.ready = "true";
  } catch (error) {
    errors.show(error, { title: "The page could not load its settings" });
  }
}

function wireAnalysis(dates) {
  const form = byId("analysis-form");
  const runButton = byId("run-button");
  const cancelButton = byId("cancel-button");
  const fileInput = byId("csv-file-input");
  let running;

  for (const radio of document.querySelectorAll('input[name="source"]')) {
    radio.addEventListener("change", () => {
      const csv = selectedSource() === "csv";
      byId("market-source").hidden = csv;
      byId("csv-source").hidden = !csv;
      dates.setDatesEnabled(!csv);
    });
  }

  async function requestBody() {
    if (selectedSource() === "csv") {
      const file = fileInput.files?.[0];
      if (!file) throw Object.assign(new Error("Choose a CSV file first."), { code: "invalid_csv" });
      if (file.size > MAX_CSV_BYTES) throw Object.assign(new Error(`The file is larger than 5 MB (${Math.round(file.size / 1024)} KB).`), { code: "invalid_csv" });
      return { csv: await file.text(), timeframe: dates.timeframe(), name: file.name.replace(/\.csv$/i, "") };
    }
    return { asset: assets.selected(), timeframe: dates.timeframe(), ...dates.range() };
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
    hideResult();
    progress.start();
    // In the one-column layout the progress sits below the form: bring it into view.
    if (window.matchMedia("(max-width: 900px)").matches) scrollIntoView(byId("progress-card"), "start");
    void loadPlotly().catch(() => undefined); // warm the chart library while the agents work
    try {
      const result = await runAnalysis(body, { onProgress: (progressEvent) => progress.handle(progressEvent), signal: running.signal });
      progress.finish({ failed: false });
      showResult(result);
    } catch (error) {
      progress.finish({ failed: true });
      if (error?.name === "AbortError") errors.show({ message: "The analysis was cancelled.", code: "cancelled" }, { title: "Cancelled" });
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
