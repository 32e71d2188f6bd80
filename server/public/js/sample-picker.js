// @ts-check
// The Sample data source: the benchmark windows shipped with the server (GET /api/sample-data), an asset and a
// window, listed with its dates (UTC). An analysis of one needs no market access, so it is the way to try the page
// offline or without Yahoo. The windows are 4-hour bars: choosing this source sets the timeframe to theirs.
import { apiGet } from "./api-client.js";
import { byId, clear, element } from "./dom.js";

/** @typedef {import("./wire-types.js").SampleData} SampleData */

const CHOICE_KEY = "quantagent.sample";

/** @returns {{asset?: string, window?: string}} the last choice, so a reload keeps it */
function rememberedChoice() {
  try {
    return JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/**
 * "Window 3: 2023-08-23 – 2023-09-08": the dates (UTC) of its first and last bar, so a window can be chosen by when
 * it was; the number alone when the server did not send them.
 * @param {number} window
 * @param {{first: string, last: string} | undefined} range
 */
function windowLabel(window, range) {
  return range ? `Window ${window}: ${range.first.slice(0, 10)} – ${range.last.slice(0, 10)}` : `Window ${window}`;
}

/**
 * @param {{onError?: (error: unknown) => void}} [options]
 */
export function createSamplePicker({ onError } = {}) {
  const assetSelect = byId("sample-asset-select", HTMLSelectElement);
  const windowSelect = byId("sample-window-select", HTMLSelectElement);
  const note = byId("sample-note");
  /** @type {SampleData | undefined} */
  let catalogue;

  function remember() {
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify({ asset: assetSelect.value, window: windowSelect.value }));
    } catch {
      // Storage may be disabled; the choice then lasts until the reload.
    }
  }

  /** @param {string} [preferred] */
  function renderWindows(preferred) {
    const entry = catalogue?.assets.find((asset) => asset.asset === assetSelect.value);
    const previous = preferred ?? windowSelect.value;
    clear(windowSelect);
    const dates = new Map((entry?.dates ?? []).map((range) => [range.window, range]));
    for (let window = 1; window <= (entry?.windows ?? 0); window += 1)
      windowSelect.append(element("option", { value: String(window) }, windowLabel(window, dates.get(window))));
    if ([...windowSelect.options].some((option) => option.value === previous)) windowSelect.value = previous;
  }

  assetSelect.addEventListener("change", () => {
    renderWindows();
    remember();
  });
  windowSelect.addEventListener("change", remember);

  return {
    /** Loads the catalogue; the source stays usable only once it has. */
    async refresh() {
      try {
        catalogue = /** @type {SampleData} */ (await apiGet("/api/sample-data"));
      } catch (error) {
        note.textContent = `The sample data could not be listed: ${error instanceof Error ? error.message : String(error)}`;
        onError?.(error);
        return;
      }
      const choice = rememberedChoice();
      clear(assetSelect);
      for (const asset of catalogue.assets)
        assetSelect.append(element("option", { value: asset.asset }, `${asset.asset} · ${asset.name}`));
      if (catalogue.assets.some((asset) => asset.asset === choice.asset)) assetSelect.value = choice.asset ?? "";
      renderWindows(choice.window);
      note.textContent = `Real ${catalogue.timeframe} windows shipped with QuantAgent: no market access needed. The analysis reads a window's first ${catalogue.window_bars} bars; the bars after them score its decision at once.`;
    },
    /** The timeframe every sample window has. */
    timeframe: () => catalogue?.timeframe ?? "4h",
    /** The analysis request for the chosen window. */
    request() {
      if (!catalogue || assetSelect.value === "" || windowSelect.value === "")
        throw Object.assign(new Error("The sample data is not loaded yet: reload the page."), {
          code: "invalid_sample",
        });
      return {
        sample: { asset: assetSelect.value, window: Number(windowSelect.value) },
        timeframe: catalogue.timeframe,
      };
    },
  };
}
