// The mirror figure (a Plotly figure, plain JSON, pure): for every method and asset, its accuracy on the original
// charts (x) against its accuracy on the mirrored ones (y).
//
// How to read it. A method that only follows the drift (always-LONG, or a model that leans long whatever it sees)
// scores the up-move share on the originals and the down-move share on the mirrors: it sits on the falling diagonal
// x + y = 100, whatever the asset. A method that reads something real in the charts scores above 50% on both sides:
// up and to the right of that diagonal. The rising diagonal y = x marks the same accuracy on both sides.
import { GRID_COLOR, type ReportFigure, reportLayout, RULE_COLOR } from "../charts/report-figure-style";
import { horizonLabel, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { findMirrorRow } from "./mirror-scores";
import { assetRows, methodLabels, methodsOf } from "./report-tables";
import { ALL_ASSETS, methodColor } from "./score-evaluation";

export interface LabelledMarkerTrace {
  type: "scatter";
  /** Random sits at 50/50 on every asset: its labels would only hide the others'. */
  mode: "markers+text" | "markers";
  name: string;
  x: number[];
  y: number[];
  text: string[];
  textposition: "top center";
  marker: { color: string; size: number; symbol: string };
}

const diagonal = (x0: number, y0: number, x1: number, y1: number, dash: string) => ({
  type: "line",
  x0,
  y0,
  x1,
  y1,
  line: { color: RULE_COLOR, width: 1, dash },
});

export function mirrorFigure(result: EvaluationResult, horizon: ScoreHorizon): ReportFigure<LabelledMarkerTrace> {
  const assets = assetRows(result).filter((asset) => asset !== ALL_ASSETS);
  const traces = methodsOf(result).map((method): LabelledMarkerTrace => {
    const rows = assets.flatMap((asset) => {
      const row = findMirrorRow(result.mirror ?? [], { asset, method, horizon });
      return row && row.originalAccuracy !== null && row.mirroredAccuracy !== null ? [{ asset, row }] : [];
    });
    return {
      type: "scatter",
      mode: method === "random" ? "markers" : "markers+text",
      name: methodLabels[method],
      x: rows.map(({ row }) => row.originalAccuracy! * 100),
      y: rows.map(({ row }) => row.mirroredAccuracy! * 100),
      text: rows.map(({ asset }) => asset),
      textposition: "top center",
      marker: {
        color: methodColor(method),
        size: method === "agents" ? 12 : 9,
        symbol: method === "agents" ? "diamond" : "circle",
      },
    };
  });
  const values = traces.flatMap((trace) => [...trace.x, ...trace.y]);
  const low = Math.max(0, Math.floor(Math.min(40, ...values) / 5) * 5 - 5);
  const high = Math.min(100, Math.ceil(Math.max(60, ...values) / 5) * 5 + 5);
  const label = horizonLabel(horizon, result.settings.horizons);
  return {
    data: traces,
    layout: {
      ...reportLayout(
        `Original vs mirrored accuracy per asset, ${label}<br><sup>falling dashes: drift only (x + y = 100); dots: same both ways</sup>`,
        { width: 760, height: 680, margin: { top: 80, bottom: 56 }, legendY: -0.1 },
      ),
      xaxis: {
        title: { text: "accuracy on the original charts (%)" },
        range: [low, high],
        gridcolor: GRID_COLOR,
        zeroline: false,
      },
      yaxis: {
        title: { text: "accuracy on the mirrored charts (%)" },
        range: [low, high],
        gridcolor: GRID_COLOR,
        zeroline: false,
        scaleanchor: "x",
      },
      shapes: [diagonal(low, 100 - low, high, 100 - high, "dash"), diagonal(low, low, high, high, "dot")],
    },
  };
}
