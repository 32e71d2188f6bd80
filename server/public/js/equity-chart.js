// @ts-check
// A backtest's equity curves as an interactive Plotly chart: the figure the library draws for the backtest's report
// (GET /api/runs/<id>/figures/equity: every line on the same bars, its colours, names and order), drawn as it is but
// for what belongs to the page: text and grid follow the page's theme, the size follows the card, the title is the
// card's own, and the hover shows every line at one time. Line names are the server's text: Plotly reads tags in
// trace names, so a name is escaped before it is drawn.
import { loadPlotly } from "./candle-chart.js";
import { chartTheme, onThemeChange } from "./chart-theme.js";

/** @typedef {import("./wire-types.js").RunFigure} RunFigure */

/** @param {string} text */
const escapeTags = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Each line's label as the figure names it (its model's name, "Buy and hold", a baseline's label), by line id.
 * @param {RunFigure} figure
 * @returns {Map<string, string>}
 */
export function lineLabels(figure) {
  return new Map(figure.data.map((trace) => [String(trace.meta), String(trace.name)]));
}

/**
 * @param {HTMLElement} container
 * @param {RunFigure} figure
 */
export async function drawEquity(container, figure) {
  const Plotly = await loadPlotly();
  const traces = figure.data.map((trace) => ({
    ...trace,
    name: escapeTags(String(trace.name)),
    hovertemplate: "%{y:.4f}",
  }));
  const theme = chartTheme();
  // The figure's axes and its rule at 1; the rest of its layout (size, title, fonts, background) is the page's.
  const { xaxis, yaxis, shapes } = figure.layout;
  await Plotly.newPlot(
    container,
    traces,
    {
      autosize: true,
      height: 380,
      margin: { l: 52, r: 12, t: 36, b: 24 },
      paper_bgcolor: "rgba(0,0,0,0)",
      plot_bgcolor: "rgba(0,0,0,0)",
      font: { family: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", size: 12, color: theme.text },
      xaxis: { ...asRecord(xaxis), gridcolor: theme.grid, linecolor: theme.grid, automargin: true },
      yaxis: { ...asRecord(yaxis), gridcolor: theme.grid, linecolor: theme.grid },
      // The rule at the starting equity of 1, in the theme's text colour.
      shapes: (Array.isArray(shapes) ? shapes : []).map((shape) => ({
        ...shape,
        line: { ...asRecord(shape.line), color: theme.text },
      })),
      legend: { orientation: "h", x: 0, y: -0.12, xanchor: "left", yanchor: "top", font: { color: theme.text } },
      hovermode: "x unified",
    },
    { responsive: true, displaylogo: false, modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"] },
  );
  onThemeChange(container, () => {
    const next = chartTheme();
    void Plotly.relayout(container, {
      "font.color": next.text,
      "xaxis.gridcolor": next.grid,
      "yaxis.gridcolor": next.grid,
      "legend.font.color": next.text,
    });
  });
}

/**
 * @param {unknown} value
 * @returns {Record<string, unknown>}
 */
function asRecord(value) {
  return typeof value === "object" && value !== null ? /** @type {Record<string, unknown>} */ (value) : {};
}
