// @ts-check
// The interactive candlestick chart of the analysis window, drawn by Plotly in the palette the agents' PNG charts use,
// with the four trendlines the Trend agent read. Plotly (4.8 MB) is served by this server under /vendor/ and loaded
// only when a first chart is wanted, so the page itself opens fast. Text and grid colours follow the page's theme.
import { chartTheme, onThemeChange } from "./chart-theme.js";
import { formatUtcMinute } from "./dom.js";

/** @typedef {import("./result-view.js").ShownResult} ShownResult */
/** @typedef {import("./wire-types.js").ChartPalette} ChartPalette */
/** @typedef {import("./wire-types.js").StraightLine} StraightLine */

/**
 * The part of Plotly's API the page calls.
 * @typedef {object} PlotlyApi
 * @property {(root: HTMLElement, data: object[], layout: object, config: object) => Promise<unknown>} newPlot
 * @property {(root: HTMLElement, update: object) => Promise<unknown>} relayout
 */

/** @type {Promise<PlotlyApi> | undefined} */
let plotlyLoading;

/** @returns {PlotlyApi | undefined} */
function loadedPlotly() {
  return /** @type {{Plotly?: PlotlyApi}} */ (/** @type {unknown} */ (window)).Plotly;
}

/** @returns {Promise<PlotlyApi>} */
export function loadPlotly() {
  const ready = loadedPlotly();
  if (ready) return Promise.resolve(ready);
  plotlyLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/vendor/plotly.min.js";
    script.async = true;
    script.onload = () => {
      const plotly = loadedPlotly();
      if (plotly) resolve(plotly);
      else reject(new Error("Plotly did not load"));
    };
    script.onerror = () => {
      plotlyLoading = undefined;
      reject(new Error("The chart library could not be loaded from the server."));
    };
    document.head.append(script);
  });
  return plotlyLoading;
}

/**
 * The four lines as the trend chart draws them: close-based support and resistance solid, the low and high lines
 * dashed, each evaluated at every bar of the window (the equations are over bar indexes).
 * @param {ShownResult} result
 * @param {string[]} labels
 * @param {ChartPalette} palette
 * @returns {object[]}
 */
function trendlineTraces(result, labels, palette) {
  const equations = result.trendline_equations;
  if (!equations) return [];
  /** @type {[string, StraightLine, string, "solid" | "dash"][]} */
  const lines = [
    ["Support (close)", equations.close_support, palette.close_support, "solid"],
    ["Resistance (close)", equations.close_resistance, palette.close_resistance, "solid"],
    ["Support (lows)", equations.low_support, palette.low_support, "dash"],
    ["Resistance (highs)", equations.high_resistance, palette.high_resistance, "dash"],
  ];
  return lines.map(([name, line, color, dash]) => ({
    type: "scatter",
    mode: "lines",
    name,
    x: labels,
    y: labels.map((_, index) => line.intercept + line.slope * index),
    line: { color, width: dash === "solid" ? 2 : 1.5, dash },
    hoverinfo: "name+y",
  }));
}

/**
 * Which bars get a tick label, and the label's short form: as many as fit the chart's width (a phone has room for
 * three), the year left out, and the time of day only for bars shorter than a day.
 * @param {string[]} labels
 * @param {number} width the chart's width in pixels
 * @returns {{tickvals: string[], ticktext: string[]}}
 */
function barTicks(labels, width) {
  const intraday = labels.some((label) => !label.endsWith("00:00"));
  const room = intraday ? 110 : 90;
  const step = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(width / room))));
  const tickvals = labels.filter((_, index) => index % step === 0);
  return { tickvals, ticktext: tickvals.map((label) => (intraday ? label.slice(5) : label.slice(0, 10))) };
}

/** Layout colours from the page's theme (see chart-theme.js). */
function themedLayout() {
  const theme = chartTheme();
  return {
    "font.color": theme.text,
    "xaxis.gridcolor": theme.grid,
    "yaxis.gridcolor": theme.grid,
    "xaxis.linecolor": theme.grid,
    "yaxis.linecolor": theme.grid,
    "legend.font.color": theme.text,
  };
}

/**
 * Draws the window's candles and, when the result carries them, the trendlines.
 * @param {HTMLElement} container
 * @param {ShownResult} result
 * @param {{palette: ChartPalette}} options
 */
export async function drawCandles(container, result, { palette }) {
  const Plotly = await loadPlotly();
  const candles = result.candles ?? [];
  // Bars as categories, like the PNG charts' bar-index axis: nights and weekends leave no gaps, and the
  // trendlines (straight over bar indexes) stay straight.
  // Each bar by its open time in UTC, as the PNG charts label bars.
  const labels = candles.map((candle) => formatUtcMinute(candle.time));
  const candlesTrace = {
    type: "candlestick",
    // A fixed name: Plotly reads tags such as <a> in trace names, and the asset's name may come from a file name.
    name: "Price",
    x: labels,
    open: candles.map((candle) => candle.open),
    high: candles.map((candle) => candle.high),
    low: candles.map((candle) => candle.low),
    close: candles.map((candle) => candle.close),
    increasing: { line: { color: palette.up_candle, width: 1 }, fillcolor: palette.up_candle },
    decreasing: { line: { color: palette.down_candle, width: 1 }, fillcolor: palette.down_candle },
    showlegend: false,
  };
  const lines = trendlineTraces(result, labels, palette);
  const theme = chartTheme();
  const layout = {
    autosize: true,
    height: 400,
    // The top margin is the toolbar's room: without it Plotly's mode bar sits over the highest candles.
    margin: { l: 56, r: 12, t: 40, b: lines.length > 0 ? 24 : 40 },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { family: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", size: 12, color: theme.text },
    xaxis: {
      type: "category",
      rangeslider: { visible: false },
      gridcolor: theme.grid,
      linecolor: theme.grid,
      tickmode: "array",
      ...barTicks(labels, container.clientWidth),
      tickangle: 0,
      automargin: true,
    },
    yaxis: { gridcolor: theme.grid, linecolor: theme.grid, fixedrange: false, tickformat: ",~r" },
    showlegend: lines.length > 0,
    // Under the plot, where it never covers a candle and wraps on a phone.
    legend: { orientation: "h", x: 0, y: -0.12, xanchor: "left", yanchor: "top", font: { color: theme.text } },
    hovermode: "x unified",
  };
  await Plotly.newPlot(container, [candlesTrace, ...lines], layout, {
    responsive: true,
    displaylogo: false,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"],
  });
  onThemeChange(container, () => void Plotly.relayout(container, themedLayout()));
}
