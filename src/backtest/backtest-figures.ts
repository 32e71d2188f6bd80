// Plotly figures of a backtest (plain JSON, pure): the equity curve of every line on the same bars, the model's
// thick in front, buy-and-hold dashed behind, and each line's drawdown below its running peak. The chart renderer
// turns them into PNGs; the same JSON works with Plotly.newPlot for an interactive chart (the web page does that).
import {
  GRID_COLOR,
  LINE_COLORS,
  OTHER_LINE_COLOR,
  type ReportFigure,
  reportLayout,
  RULE_COLOR,
} from "../charts/report-figure-style";
import type { FigureBlock, ReportBlock } from "../reports/report-blocks";
import type { BaselineId } from "../scoring/baselines";
import { baselineLabels } from "../scoring/baselines";
import type { BacktestLine } from "./backtest-lines";

export type BacktestFigureId = "equity" | "drawdown";

/** A report block that shows one of the figures (src/reports/report-blocks.ts). */
export interface BacktestFigureBlock extends FigureBlock {
  figure: BacktestFigureId;
}
export type BacktestReportBlock = ReportBlock<BacktestFigureBlock>;

export interface EquityTrace {
  type: "scatter";
  mode: "lines";
  name: string;
  /** The line's id (its model's name, buy_and_hold, a baseline's id), by which a page matches a trace to its line. */
  meta: string;
  x: string[];
  y: number[];
  line: { color: string; width: number; dash: "solid" | "dash" | "dot" };
  hovertemplate: string;
}

/**
 * What the figures are drawn from: the lines (a result's, or a run's report as the journal keeps it: the same names,
 * kinds and equity) and the series and cost they were played with.
 */
export interface FigureSource {
  lines: readonly Pick<BacktestLine, "name" | "kind" | "equity">[];
  settings: { series: { name: string; timeframe: string }; costBps: number };
}

export type BacktestFigure = ReportFigure<EquityTrace>;

/** How a line is named in reports: its model name, "Buy and hold", or the baseline's label. */
export function lineLabel(line: Pick<BacktestLine, "name" | "kind">): string {
  if (line.kind === "model") return line.name;
  if (line.name === "buy_and_hold") return "Buy and hold";
  return baselineLabels[line.name as BaselineId] ?? line.name;
}

type FigureLine = FigureSource["lines"][number];

function trace(line: FigureLine, values: number[], format: string): EquityTrace {
  const model = line.kind === "model";
  return {
    type: "scatter",
    mode: "lines",
    name: lineLabel(line),
    meta: line.name,
    x: line.equity.map((point) => point.time),
    y: values,
    line: {
      color: model ? LINE_COLORS.model : (LINE_COLORS[line.name as BaselineId | "buy_and_hold"] ?? OTHER_LINE_COLOR),
      width: model ? 2.5 : 1.3,
      dash: line.name === "buy_and_hold" ? "dash" : "solid",
    },
    hovertemplate: `%{x}<br>${lineLabel(line)}: %{y:${format}}<extra></extra>`,
  };
}

function layout(title: string, yAxis: Record<string, unknown>): BacktestFigure["layout"] {
  return {
    ...reportLayout(title, { legendY: -0.14 }),
    xaxis: { type: "date", gridcolor: "#f4f4f5" },
    yaxis: { gridcolor: GRID_COLOR, zeroline: false, ...yAxis },
  };
}

/** Back to front: baselines, buy-and-hold, then the model on top. */
function drawingOrder(lines: readonly FigureLine[]): FigureLine[] {
  const rank = (line: FigureLine) => (line.kind === "model" ? 2 : line.name === "buy_and_hold" ? 1 : 0);
  return [...lines].sort((left, right) => rank(left) - rank(right));
}

export function equityFigure(result: FigureSource): BacktestFigure {
  const { series, costBps } = result.settings;
  return {
    data: drawingOrder(result.lines).map((line) =>
      trace(
        line,
        line.equity.map((point) => point.value),
        ".4f",
      ),
    ),
    layout: {
      ...layout(`Equity, ${series.name} ${series.timeframe} (starts at 1; ${costBps} bps a side)`, {
        title: { text: "equity" },
      }),
      shapes: [
        {
          type: "line",
          xref: "paper",
          x0: 0,
          x1: 1,
          y0: 1,
          y1: 1,
          line: { color: RULE_COLOR, width: 1, dash: "dot" },
        },
      ],
    },
  };
}

export function drawdownFigure(result: FigureSource): BacktestFigure {
  return {
    data: drawingOrder(result.lines).map((line) => {
      let peak = 1;
      const below = line.equity.map((point) => {
        peak = Math.max(peak, point.value);
        return -(1 - point.value / peak) * 100;
      });
      return trace(line, below, ".2f");
    }),
    layout: layout("Drawdown below the running peak (%)", { title: { text: "drawdown (%)" } }),
  };
}

export function backtestFigure(result: FigureSource, figure: BacktestFigureId): BacktestFigure {
  switch (figure) {
    case "equity":
      return equityFigure(result);
    case "drawdown":
      return drawdownFigure(result);
    default: {
      const exhaustive: never = figure;
      return exhaustive;
    }
  }
}
