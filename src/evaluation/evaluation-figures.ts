// Plotly figures of an evaluation (plain JSON, pure): accuracy per asset and method with the agents' Wilson 95%
// interval, and the cumulative return of following each method. The chart renderer turns them into PNGs; the same
// JSON works with Plotly.newPlot for an interactive chart.
import type { EvaluationResult } from "./evaluation-result";
import { assetRows, methodLabels, methodsOf } from "./report";
import { ALL_ASSETS, findScore, type MethodId } from "./score-evaluation";

export interface BarTrace {
  type: "bar";
  name: string;
  x: string[];
  y: (number | null)[];
  marker: { color: string };
  error_y?: { type: "data"; symmetric: false; array: number[]; arrayminus: number[]; visible: true; color: string };
}

export interface EvaluationFigure {
  data: BarTrace[];
  layout: Record<string, unknown> & { width: number; height: number };
}

const methodColors: Record<MethodId, string> = {
  agents: "#2563eb",
  random: "#a1a1aa",
  always_long: "#16a34a",
  momentum: "#f59e0b",
  linear_regression: "#9333ea",
};

function baseLayout(title: string, yTitle: string, extra: Record<string, unknown> = {}): EvaluationFigure["layout"] {
  return {
    width: 960,
    height: 480,
    title: { text: title, x: 0.01, xanchor: "left", font: { size: 16 } },
    font: { family: "DejaVu Sans, Arial, sans-serif", size: 12, color: "#27272a" },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    barmode: "group",
    margin: { l: 64, r: 24, t: 56, b: 48 },
    legend: { orientation: "h", x: 0, y: -0.12 },
    xaxis: { type: "category" },
    yaxis: { title: { text: yTitle }, gridcolor: "#e4e4e7", zeroline: true, zerolinecolor: "#71717a" },
    ...extra,
  };
}

export function accuracyFigure(result: EvaluationResult, horizon: number): EvaluationFigure {
  const assets = assetRows(result);
  const labels = assets.map((asset) => (asset === ALL_ASSETS ? "All" : asset));
  const data = methodsOf(result).map((method): BarTrace => {
    const rows = assets.map((asset) => findScore(result.scores, { asset, method, horizon }));
    const trace: BarTrace = {
      type: "bar",
      name: methodLabels[method],
      x: labels,
      y: rows.map((row) => (row?.accuracy === null || row?.accuracy === undefined ? null : row.accuracy * 100)),
      marker: { color: methodColors[method] },
    };
    if (method === "agents") {
      trace.error_y = {
        type: "data",
        symmetric: false,
        array: rows.map((row) => (row?.interval && row.accuracy !== null ? (row.interval.high - row.accuracy) * 100 : 0)),
        arrayminus: rows.map((row) => (row?.interval && row.accuracy !== null ? (row.accuracy - row.interval.low) * 100 : 0)),
        visible: true,
        color: "#1e3a8a",
      };
    }
    return trace;
  });
  const coinFlip = { type: "line", xref: "paper", x0: 0, x1: 1, y0: 50, y1: 50, line: { color: "#71717a", width: 1, dash: "dash" } };
  return {
    data,
    layout: baseLayout(`Directional accuracy, k = ${horizon} (agents with Wilson 95% interval)`, "accuracy (%)", {
      shapes: [coinFlip],
      yaxis: { title: { text: "accuracy (%)" }, range: [0, 100], gridcolor: "#e4e4e7" },
    }),
  };
}

export function cumulativeReturnFigure(result: EvaluationResult, horizon: number): EvaluationFigure {
  const assets = assetRows(result);
  const labels = assets.map((asset) => (asset === ALL_ASSETS ? "All" : asset));
  const data = methodsOf(result).map(
    (method): BarTrace => ({
      type: "bar",
      name: methodLabels[method],
      x: labels,
      y: assets.map((asset) => {
        const value = findScore(result.scores, { asset, method, horizon })?.cumulativeReturn;
        return value === null || value === undefined ? null : value * 100;
      }),
      marker: { color: methodColors[method] },
    }),
  );
  return { data, layout: baseLayout(`Cumulative return of following the directives, k = ${horizon} (no costs)`, "cumulative return (%)") };
}
