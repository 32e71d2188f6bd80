// @ts-check
// A backtest's equity curves as an interactive Plotly chart: every line on the same bars, the model's thick and in
// front, buy-and-hold dashed, the starting equity of 1 as a dotted rule. Colours follow the report's figures; text
// and grid follow the page's theme. Line names are the server's text: Plotly reads tags in trace names, so a name is
// escaped before it is drawn.
import { loadPlotly } from "./candle-chart.js";
import { chartTheme, onThemeChange } from "./chart-theme.js";

/** @typedef {import("./wire-types.js").EquityLine} EquityLine */

/** @type {Record<string, string>} */
const COLORS = {
  buy_and_hold: "#71717a",
  always_long: "#16a34a",
  always_short: "#dc2626",
  random: "#a1a1aa",
  momentum: "#f59e0b",
  linear_regression: "#9333ea",
};
/** @type {Record<string, string>} */
const LABELS = {
  buy_and_hold: "Buy and hold",
  always_long: "Always long",
  always_short: "Always short",
  random: "Random",
  momentum: "Momentum",
  linear_regression: "Linear regression",
};

/**
 * How a line is named: its model name, or the baseline's label.
 * @param {EquityLine} line
 */
export function equityLineLabel(line) {
  return line.kind === "model" ? String(line.name) : (LABELS[line.name] ?? String(line.name));
}

/** @param {string} text */
const escapeTags = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * @param {HTMLElement} container
 * @param {EquityLine[]} lines
 */
export async function drawEquity(container, lines) {
  const Plotly = await loadPlotly();
  const rank = (/** @type {EquityLine} */ line) => (line.kind === "model" ? 2 : line.name === "buy_and_hold" ? 1 : 0);
  const traces = [...lines]
    .sort((left, right) => rank(left) - rank(right))
    .map((line) => ({
      type: "scatter",
      mode: "lines",
      name: escapeTags(equityLineLabel(line)),
      x: line.equity.map((point) => point.time),
      y: line.equity.map((point) => point.value),
      line: {
        color: line.kind === "model" ? "#2563eb" : (COLORS[line.name] ?? "#52525b"),
        width: line.kind === "model" ? 2.5 : 1.3,
        dash: line.name === "buy_and_hold" ? "dash" : "solid",
      },
      hovertemplate: "%{y:.4f}",
    }));
  const theme = chartTheme();
  const layout = {
    autosize: true,
    height: 380,
    margin: { l: 52, r: 12, t: 36, b: 24 },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { family: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", size: 12, color: theme.text },
    xaxis: { type: "date", gridcolor: theme.grid, linecolor: theme.grid, automargin: true },
    yaxis: { title: { text: "equity" }, gridcolor: theme.grid, linecolor: theme.grid },
    shapes: [
      { type: "line", xref: "paper", x0: 0, x1: 1, y0: 1, y1: 1, line: { color: theme.text, width: 1, dash: "dot" } },
    ],
    legend: { orientation: "h", x: 0, y: -0.12, xanchor: "left", yanchor: "top", font: { color: theme.text } },
    hovermode: "x unified",
  };
  await Plotly.newPlot(container, traces, layout, {
    responsive: true,
    displaylogo: false,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"],
  });
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
