// A Plotly figure of accuracy over time from accuracyOverTime(): one line per group, each bucket's accuracy with its
// Wilson 95% interval as error bars, and the coin-flip line at 50%. Plain JSON (pure), for Plotly.newPlot in a
// notebook or the page, or the chart renderer for a PNG.
import { COIN_FLIP_LINE } from "../charts/coin-flip-line";
import type { AccuracyOverTime } from "../journal/journal-stats";

export interface AccuracyScatterTrace {
  type: "scatter";
  mode: "lines+markers";
  name: string;
  x: string[];
  y: (number | null)[];
  /** Analyses scored in each bucket, shown on hover. */
  customdata: number[];
  hovertemplate: string;
  error_y: { type: "data"; symmetric: false; array: number[]; arrayminus: number[]; visible: true };
}

export interface JournalFigure {
  data: AccuracyScatterTrace[];
  layout: Record<string, unknown> & { width: number; height: number };
}

export function accuracyOverTimeFigure(series: AccuracyOverTime): JournalFigure {
  const grouping = series.groupBy === "prompt_version" ? "prompt version" : series.groupBy;
  const data = series.series.map((group): AccuracyScatterTrace => ({
    type: "scatter",
    mode: "lines+markers",
    name: group.key,
    x: group.points.map((point) => point.start),
    y: group.points.map((point) => (point.accuracy === null ? null : point.accuracy * 100)),
    customdata: group.points.map((point) => point.scored),
    hovertemplate: "%{x}: %{y:.1f}% of %{customdata} scored<extra>%{fullData.name}</extra>",
    error_y: {
      type: "data",
      symmetric: false,
      array: group.points.map((point) =>
        point.accuracy === null || point.ci_high === null ? 0 : (point.ci_high - point.accuracy) * 100,
      ),
      arrayminus: group.points.map((point) =>
        point.accuracy === null || point.ci_low === null ? 0 : (point.accuracy - point.ci_low) * 100,
      ),
      visible: true,
    },
  }));
  return {
    data,
    layout: {
      width: 960,
      height: 480,
      title: {
        text: `Directional accuracy by ${series.bucket}, k = ${series.horizon}, per ${grouping} (Wilson 95% interval)`,
        x: 0.01,
        xanchor: "left",
        font: { size: 16 },
      },
      font: { family: "DejaVu Sans, Arial, sans-serif", size: 12, color: "#27272a" },
      paper_bgcolor: "#ffffff",
      plot_bgcolor: "#ffffff",
      margin: { l: 64, r: 24, t: 56, b: 48 },
      legend: { orientation: "h", x: 0, y: -0.15 },
      xaxis: { type: "date", title: { text: series.bucket === "week" ? "week from Monday (UTC)" : "day (UTC)" } },
      yaxis: { title: { text: "accuracy (%)" }, range: [0, 100], gridcolor: "#e4e4e7" },
      shapes: [COIN_FLIP_LINE],
    },
  };
}
