// The look every report figure shares (the evaluation's accuracy, returns and mirror figures, the backtest's equity
// and drawdown, the journal's accuracy over time): one colour per method or line, the colour of the rules drawn
// across a plot, and the white layout with its title and legend. The chart renderer turns the figures into PNGs; the
// web page draws the same JSON with its theme on top. Pure.
import type { BaselineId } from "../scoring/baselines";

/** One colour per method or line, the same in every figure: the model's blue, buy-and-hold black, each baseline's own. */
export const LINE_COLORS: Readonly<Record<"model" | "buy_and_hold" | BaselineId, string>> = {
  model: "#2563eb",
  buy_and_hold: "#18181b",
  always_long: "#16a34a",
  always_short: "#dc2626",
  random: "#a1a1aa",
  momentum: "#f59e0b",
  linear_regression: "#9333ea",
};

/** A line with no colour of its own. */
export const OTHER_LINE_COLOR = "#52525b";
/** The rules drawn across a plot: a coin flip's 50%, the starting equity, the mirror figure's diagonals. */
export const RULE_COLOR = "#71717a";
export const GRID_COLOR = "#e4e4e7";

/** A report figure: Plotly traces and layout, plain JSON. */
export interface ReportFigure<Trace = object> {
  data: Trace[];
  layout: Record<string, unknown> & { width: number; height: number };
}

export interface ReportLayoutOptions {
  /** @default 960 */
  width?: number;
  /** @default 480 */
  height?: number;
  /** Room above the plot (for a two-line title) and below it (for the legend). @default {top: 56, bottom: 48} */
  margin?: { top: number; bottom: number };
  /** Where the horizontal legend sits under the plot, in plot heights. */
  legendY: number;
}

/** The layout every report figure starts from: its size, title, fonts, white background, margins and legend. */
export function reportLayout(title: string, options: ReportLayoutOptions): ReportFigure["layout"] {
  const margin = options.margin ?? { top: 56, bottom: 48 };
  return {
    width: options.width ?? 960,
    height: options.height ?? 480,
    title: { text: title, x: 0.01, xanchor: "left", font: { size: 16 } },
    font: { family: "DejaVu Sans, Arial, sans-serif", size: 12, color: "#27272a" },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    margin: { l: 64, r: 24, t: margin.top, b: margin.bottom },
    legend: { orientation: "h", x: 0, y: options.legendY },
  };
}
