// @ts-check
// The History view's filters: asset, timeframe (the page config's), model (either role) and source. Applying them,
// clearing them or picking another choice in a list reloads the history from its first page.
import { byId, element } from "./dom.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {import("./journal-api.js").HistoryFilter} HistoryFilter */

/**
 * Who can record an analysis. The server checks the value; the page only offers the choices (the page config does
 * not list them).
 */
const SOURCES = ["page", "api", "notebook", "cli", "evaluation"];

/**
 * @param {{config: PageConfig, onChange: (filter: HistoryFilter) => void}} options
 */
export function createHistoryFilters({ config, onChange }) {
  const form = byId("history-filters", HTMLFormElement);
  const asset = byId("history-asset", HTMLInputElement);
  const timeframe = byId("history-timeframe", HTMLSelectElement);
  const model = byId("history-model", HTMLInputElement);
  const source = byId("history-source", HTMLSelectElement);

  timeframe.append(...config.timeframes.map((limit) => element("option", { value: limit.timeframe }, limit.timeframe)));
  source.append(...SOURCES.map((value) => element("option", { value }, value)));

  /** @returns {HistoryFilter} */
  function current() {
    return { asset: asset.value.trim(), timeframe: timeframe.value, model: model.value.trim(), source: source.value };
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onChange(current());
  });
  for (const select of [timeframe, source]) select.addEventListener("change", () => onChange(current()));
  byId("history-clear").addEventListener("click", () => {
    form.reset();
    onChange(current());
  });

  return { current };
}
