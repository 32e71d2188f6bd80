// The reliability diagram (a Plotly figure, plain JSON, pure): for the stated confidence and, with several samples,
// the samples' agreement, each of the 10 bins from 0.5 to 1 as a point at its mean stated probability (x) and the
// share of its directives that were right (y), sized by how many it holds.
//
// How to read it. A calibrated model's points lie on the diagonal y = x: of its calls made at 70%, 70% are right.
// Points under the diagonal are overconfident; a flat row of points at the overall accuracy says the number carries
// no information whatever it is.
import { GRID_COLOR, type ReportFigure, reportLayout, RULE_COLOR } from "../charts/report-figure-style";
import type { Calibration } from "../scoring/calibration";
import { evaluationCalibration } from "./decision-quality";
import { horizonLabel, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { methodColor } from "./score-evaluation";

export interface ReliabilityTrace {
  type: "scatter";
  mode: "lines+markers";
  name: string;
  x: number[];
  y: number[];
  text: string[];
  hovertemplate: string;
  marker: { color: string; size: number[] };
  line: { color: string; width: number; dash: string };
}

function trace(name: string, calibrated: Calibration, color: string, dash: string): ReliabilityTrace {
  const bins = calibrated.bins.filter((bin) => bin.count > 0);
  const largest = Math.max(1, ...bins.map((bin) => bin.count));
  return {
    type: "scatter",
    mode: "lines+markers",
    name: `${name} (${calibrated.samples} samples)`,
    x: bins.map((bin) => bin.meanProbability! * 100),
    y: bins.map((bin) => bin.accuracy! * 100),
    text: bins.map((bin) => `${bin.count} in ${Math.round(bin.low * 100)}–${Math.round(bin.high * 100)}%`),
    hovertemplate: "stated %{x:.1f}%, right %{y:.1f}% (%{text})<extra></extra>",
    marker: { color, size: bins.map((bin) => 6 + 14 * Math.sqrt(bin.count / largest)) },
    line: { color, width: 1, dash },
  };
}

export function reliabilityFigure(result: EvaluationResult, horizon: ScoreHorizon): ReportFigure<ReliabilityTrace> {
  const entry = evaluationCalibration(result).find((candidate) => candidate.horizon === horizon);
  const data = [
    ...(entry?.confidence ? [trace("stated confidence", entry.confidence, methodColor("agents"), "solid")] : []),
    ...(entry?.agreement ? [trace("samples' agreement", entry.agreement, RULE_COLOR, "dot")] : []),
  ];
  const label = horizonLabel(horizon, result.settings.horizons);
  return {
    data,
    layout: {
      ...reportLayout(
        `Stated confidence against how often it was right, ${label}<br><sup>on the dots: calibrated; under them: overconfident; marker size: decisions in the bin</sup>`,
        { width: 680, height: 620, margin: { top: 80, bottom: 56 }, legendY: -0.12 },
      ),
      xaxis: {
        title: { text: "stated probability that the directive is right (%)" },
        range: [48, 102],
        gridcolor: GRID_COLOR,
        zeroline: false,
      },
      yaxis: {
        title: { text: "share of those directives that were right (%)" },
        range: [-2, 102],
        gridcolor: GRID_COLOR,
        zeroline: false,
      },
      shapes: [{ type: "line", x0: 50, y0: 50, x1: 100, y1: 100, line: { color: RULE_COLOR, width: 1, dash: "dot" } }],
    },
  };
}
