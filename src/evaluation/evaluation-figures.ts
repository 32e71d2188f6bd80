// Plotly figures of an evaluation (plain JSON, pure): accuracy per asset and method with Wilson 95% intervals and
// the up-move share beside them, and the mean return per decision of following each method with its 95% interval.
// The chart renderer turns them into PNGs; the same JSON works with Plotly.newPlot for an interactive chart.
//
// Returns are shown as means per decision, never compounded: decisions of different assets and windows overlap in
// time, so a product of their returns describes no sequence of trades anyone could have made.
import { COIN_FLIP_LINE } from "../charts/coin-flip-line";
import { GRID_COLOR, type ReportFigure, reportLayout, RULE_COLOR } from "../charts/report-figure-style";
import type { Interval } from "../scoring/confidence-intervals";
import { horizonLabel, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { findDrift } from "./market-drift";
import { type LabelledMarkerTrace, mirrorFigure } from "./mirror-figure";
import { reliabilityFigure, type ReliabilityTrace } from "./reliability-figure";
import type { FigureId } from "./report-blocks";
import { assetRows, methodLabels, methodsOf } from "./report-tables";
import { ALL_ASSETS, findScore, methodColor } from "./score-evaluation";

interface ErrorBars {
  type: "data";
  symmetric: false;
  array: number[];
  arrayminus: number[];
  visible: true;
  color: string;
  thickness: number;
}

export interface BarTrace {
  type: "bar";
  name: string;
  x: string[];
  y: (number | null)[];
  marker: { color: string };
  error_y?: ErrorBars;
}

export interface MarkerTrace {
  type: "scatter";
  mode: "markers";
  name: string;
  x: string[];
  y: (number | null)[];
  marker: { color: string; symbol: string; size: number };
}

export type EvaluationFigure = ReportFigure<BarTrace | MarkerTrace | LabelledMarkerTrace | ReliabilityTrace>;

function baseLayout(title: string, yAxis: Record<string, unknown>): EvaluationFigure["layout"] {
  return {
    ...reportLayout(title, { legendY: -0.12 }),
    barmode: "group",
    xaxis: { type: "category" },
    yaxis: { gridcolor: GRID_COLOR, zeroline: true, zerolinecolor: RULE_COLOR, ...yAxis },
  };
}

/** Error bars in percent points from a value and its interval (both as shares). */
function errorBars(values: (number | null)[], intervals: (Interval | null)[]): ErrorBars {
  return {
    type: "data",
    symmetric: false,
    array: values.map((value, index) =>
      value === null || !intervals[index] ? 0 : (intervals[index].high - value) * 100,
    ),
    arrayminus: values.map((value, index) =>
      value === null || !intervals[index] ? 0 : (value - intervals[index].low) * 100,
    ),
    visible: true,
    color: "#3f3f46",
    thickness: 1,
  };
}

const asPercent = (value: number | null | undefined) => (value === null || value === undefined ? null : value * 100);
const assetLabels = (assets: string[]) => assets.map((asset) => (asset === ALL_ASSETS ? "All" : asset));

/** One bar per asset for each method: a score's value (a share) in percent, with its interval as error bars. */
function methodBars(result: EvaluationResult, horizon: ScoreHorizon, value: "accuracy" | "meanReturn"): BarTrace[] {
  const assets = assetRows(result);
  return methodsOf(result).map((method): BarTrace => {
    const rows = assets.map((asset) => findScore(result.scores, { asset, method, horizon }));
    const values = rows.map((row) => row?.[value] ?? null);
    const interval = value === "accuracy" ? "interval" : "meanReturnInterval";
    return {
      type: "bar",
      name: methodLabels[method],
      x: assetLabels(assets),
      y: values.map(asPercent),
      marker: { color: methodColor(method) },
      error_y: errorBars(
        values,
        rows.map((row) => row?.[interval] ?? null),
      ),
    };
  });
}

export function accuracyFigure(result: EvaluationResult, horizon: ScoreHorizon): EvaluationFigure {
  const assets = assetRows(result);
  const drift: MarkerTrace = {
    type: "scatter",
    mode: "markers",
    name: "Up-moves (drift)",
    x: assetLabels(assets),
    y: assets.map((asset) => asPercent(findDrift(result.drift, { asset, horizon })?.upShare)),
    marker: { color: "#18181b", symbol: "line-ew-open", size: 28 },
  };
  const label = horizonLabel(horizon, result.settings.horizons);
  return {
    data: [...methodBars(result, horizon, "accuracy"), drift],
    layout: {
      ...baseLayout(
        `Directional accuracy, ${label} (Wilson 95% intervals; black bars: share of up-moves; dashed line: 50%)`,
        { title: { text: "accuracy (%)" }, range: [0, 100] },
      ),
      shapes: [COIN_FLIP_LINE],
    },
  };
}

export function meanReturnFigure(result: EvaluationResult, horizon: ScoreHorizon): EvaluationFigure {
  const label = horizonLabel(horizon, result.settings.horizons);
  return {
    data: methodBars(result, horizon, "meanReturn"),
    layout: baseLayout(`Mean return per decision, ${label} (95% intervals, no costs, not compounded)`, {
      title: { text: "mean return per decision (%)" },
    }),
  };
}

/** The figure a report block names. */
export function evaluationFigure(result: EvaluationResult, figure: FigureId, horizon: ScoreHorizon): EvaluationFigure {
  switch (figure) {
    case "accuracy":
      return accuracyFigure(result, horizon);
    case "mean-return":
      return meanReturnFigure(result, horizon);
    case "mirror":
      return mirrorFigure(result, horizon);
    case "reliability":
      return reliabilityFigure(result, horizon);
    default: {
      const exhaustive: never = figure;
      return exhaustive;
    }
  }
}
