// The chart-reading probe's figure (a Plotly figure, plain JSON, pure): the confusion matrix of the Pattern agent's
// picks, one row per planted shape and one column per name it gave ("none" last), each cell the share of that
// shape's series read as that name, with the count written in it. A chart reader fills the cells where the row's
// shape meets its own name; a constant answer fills one column. The chart renderer turns it into a PNG; the same JSON
// works with Plotly.newPlot.
import type { ConfusionMatrix } from "./probe-result";
import { SHAPE_CATALOG } from "./shapes/shape-catalog";

export type ProbeFigureId = "confusion";

export interface ProbeFigure {
  data: object[];
  layout: Record<string, unknown> & { width: number; height: number };
}

/** "double_top" -> "double top"; a plain trend says its right pick: "uptrend (no pattern)". */
function rowLabel(shape: ConfusionMatrix["rows"][number]): string {
  return `${shape.replaceAll("_", " ")}${SHAPE_CATALOG[shape].patternName === null ? " (no pattern)" : ""}`;
}

export function confusionFigure(confusion: ConfusionMatrix, model: string): ProbeFigure {
  const shares = confusion.counts.map((row) => {
    const total = row.reduce((sum, count) => sum + count, 0);
    return row.map((count) => (total === 0 ? 0 : count / total));
  });
  const rows = confusion.rows.map(rowLabel);
  return {
    data: [
      {
        type: "heatmap",
        x: confusion.columns,
        y: rows,
        z: shares,
        text: confusion.counts.map((row) => row.map((count) => (count === 0 ? "" : String(count)))),
        texttemplate: "%{text}",
        zmin: 0,
        zmax: 1,
        colorscale: [
          [0, "#ffffff"],
          [1, "#2563eb"],
        ],
        colorbar: { title: { text: "share of the row" }, tickformat: ".0%" },
        hovertemplate: "planted %{y}<br>read as %{x}: %{text} (%{z:.0%})<extra></extra>",
        xgap: 1,
        ygap: 1,
      },
    ],
    layout: {
      width: 1100,
      height: 180 + 30 * rows.length,
      title: {
        text: `What the Pattern agent (${model}) named on each planted shape`,
        x: 0.01,
        xanchor: "left",
        font: { size: 16 },
      },
      font: { family: "DejaVu Sans, Arial, sans-serif", size: 12, color: "#27272a" },
      paper_bgcolor: "#ffffff",
      plot_bgcolor: "#ffffff",
      margin: { l: 210, r: 40, t: 56, b: 150 },
      xaxis: { title: { text: "the name in its report (the first one)" }, tickangle: -40, side: "bottom" },
      yaxis: { title: { text: "" }, autorange: "reversed" },
    },
  };
}
