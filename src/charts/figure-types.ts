// The Plotly figure shapes this project builds: plain JSON that Plotly.js (in Chromium, or in the web page) draws.
// Only the attributes we set are typed; Plotly accepts many more. Read with https://plotly.com/javascript/reference/.

export interface CandlestickTrace {
  type: "candlestick";
  name: string;
  /** Bar indexes 0..n-1 (see bar-axis.ts for why not dates). */
  x: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  /** The bar's date label, shown on hover in an interactive chart. */
  hovertext: string[];
  hoverinfo: "text+y" | "all";
  increasing: { line: { color: string; width: number }; fillcolor: string };
  decreasing: { line: { color: string; width: number }; fillcolor: string };
  showlegend: boolean;
  /** 0 to 1; the trend chart draws its candles translucent so its lines stand out. */
  opacity: number;
}

export interface LineTrace {
  type: "scatter";
  mode: "lines";
  name: string;
  x: number[];
  y: number[];
  line: { color: string; width: number; dash: "solid" | "dash" | "dot" };
  hoverinfo: "name+y";
  showlegend: boolean;
}

export type PlotlyTrace = CandlestickTrace | LineTrace;

export interface AxisTitle {
  text: string;
  /** Pixels between the title and the tick labels. */
  standoff?: number;
}

export interface PlotlyLayout {
  width: number;
  height: number;
  title: { text: string; x: number; xanchor: "left" | "center"; font: { size: number } };
  font: { family: string; size: number; color: string };
  paper_bgcolor: string;
  plot_bgcolor: string;
  margin: { l: number; r: number; t: number; b: number };
  showlegend: boolean;
  legend?: {
    orientation: "h" | "v";
    x: number;
    y: number;
    xanchor: "left" | "center" | "right";
    yanchor: "top" | "middle" | "bottom";
    bgcolor: string;
    font: { size: number };
  };
  xaxis: {
    type: "linear";
    title: AxisTitle;
    rangeslider: { visible: false };
  } & AxisTicks &
    AxisFrame;
  yaxis: {
    title: AxisTitle;
    side: "left" | "right";
    automargin: boolean;
  } & AxisTicks &
    AxisFrame;
}

/** A whole figure: what Plotly.newPlot / Plotly.toImage take, and what the renderer turns into a PNG. */
export interface PlotlyFigure {
  data: PlotlyTrace[];
  layout: PlotlyLayout;
}

/** An axis whose ticks are chosen by this library, not by Plotly. */
export interface AxisTicks {
  range: [number, number];
  tickmode: "array";
  tickvals: number[];
  ticktext: string[];
}

/** How both axes of a chart are drawn: grid, axis line and outside ticks. */
export interface AxisFrame {
  showgrid: boolean;
  gridcolor: string;
  zeroline: false;
  showline: boolean;
  linecolor: string;
  ticks: "outside";
}
